import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { keepsScroll } from '@/lib/keep-scroll';

const STORAGE_KEY = 'posicoes-de-rolagem';
const positions = new Map<string, number>(readSaved());

function readSaved(): [string, number][] {
  try {
    return Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as object);
  } catch {
    return [];
  }
}

/**
 * The key a position is kept under. Every document's first history entry has the key 'default'
 * (it has no history state yet), so the path is part of the key: otherwise a page opened fresh
 * would jump to where the shopper was on another page's first entry.
 */
function entryKey(location: { key: string; pathname: string; search: string }): string {
  return `${location.key} ${location.pathname}${location.search}`;
}

/**
 * A document opened by a link or typed address starts at the top; only a reload or the back and
 * forward buttons return to a kept position. Asked once, for the document's first entry.
 */
function documentWasRestored(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}
/** The document's first entry, until the shopper leaves it (a return to it is a plain POP). */
let firstEntry: { key: string; left: boolean } | null = null;

function mayRestore(key: string, navigationType: string): boolean {
  firstEntry ??= { key, left: false };
  if (key !== firstEntry.key) firstEntry.left = true;
  if (!firstEntry.left) return documentWasRestored();
  return navigationType === 'POP';
}

/**
 * Scroll like a site of separate pages: a new page starts at the top (or at its #anchor), the
 * back and forward buttons (and a reload) return to where the shopper was on that entry.
 * Positions are kept per history entry, in sessionStorage so a reload keeps them.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = entryKey(location);
  // The entry the shopper is on, switched before the new page scrolls: the scroll that follows a
  // navigation belongs to the new entry, never to the one she left.
  const current = useRef(key);

  // Where the shopper is on the current entry, kept as she scrolls (a save when leaving would
  // read the next page's position: the new page is already in place when effects clean up).
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(current.current, window.scrollY));
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // Storage blocked: positions live in memory only.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  const keep = navigationType !== 'POP' && keepsScroll(location.state);
  useLayoutEffect(() => {
    current.current = key;
    if (keep) return;
    const restorable = mayRestore(key, navigationType);
    const saved = positions.get(key);
    if (restorable && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [key, keep, location.hash, navigationType]);
}
