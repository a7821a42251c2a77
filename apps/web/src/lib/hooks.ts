import { useEffect, useState, useSyncExternalStore } from 'react';
import { usePageHead } from './page-head';

/**
 * The head of a private page (account, checkout, sign-up...): "{page} | Duas Irmãs Semijoias"
 * and kept out of search results. Public pages declare their whole head with usePageHead.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  usePageHead({ title: title ?? null, noindex: true });
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

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True when the shopper asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/** prefersReducedMotion as state: false on the server and while hydrating, then the system's. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    prefersReducedMotion,
    () => false,
  );
}
