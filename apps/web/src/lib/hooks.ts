import { useEffect, useState } from 'react';
import { STORE_INFO } from './store-info';

/** Sets the tab title: "{page} | Duas Irmãs Semijoias", or the store name alone. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${STORE_INFO.name}` : STORE_INFO.name;
  }, [title]);
}

/** The value, once it has stopped changing for `delayMs` (the search box's 300 ms, SPEC §9). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** True when the shopper asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
