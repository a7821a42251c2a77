/**
 * A page declares its head here (`usePageHead`): title, description, canonical URL, share tags,
 * JSON-LD, whether search engines may index it, its HTTP status, where it moved. On the server
 * the head is collected for the HTML; in the browser it is written on each move between pages.
 * How it is written (and what it is) lives in head-tags.ts.
 */
import { createContext, createElement, useContext, useEffect } from 'react';
import { Navigate } from 'react-router';
import type { PageHead } from './head-tags';

export type { PageHead, ProductFacts, ReviewFacts } from './head-tags';

/** Set while rendering on the server: the page's head is collected here for the HTML. */
export class HeadCollector {
  head: PageHead | null = null;
  /** The deepest page component renders last: its head wins. */
  collect(head: PageHead): void {
    this.head = head;
  }
}
export const HeadCollectorContext = createContext<HeadCollector | null>(null);

/**
 * True until the first page shown in the browser has committed, when that page came rendered by
 * the server (its head tags are in the document, marked data-head): that head is already there.
 */
let serverHeadStands =
  typeof document !== 'undefined' && document.querySelector('[data-head]') !== null;

/**
 * Declares the page's head. On the server it is collected during rendering; in the browser it
 * is written after each render that changes it (lib/head-tags.ts, loaded then), except on the
 * server-rendered page the browser hydrates: the server wrote the same tags.
 */
export function usePageHead(head: PageHead): void {
  useContext(HeadCollectorContext)?.collect(head);
  const key = JSON.stringify(head);
  useEffect(() => {
    if (serverHeadStands) {
      // Every page head of the hydrating commit is the server's; the next ones are not.
      setTimeout(() => (serverHeadStands = false), 0);
      return;
    }
    latestHead = key;
    // The newest head, not this render's: two loads of head-tags may settle out of order (the
    // build's preload helper lets a second import() through before the first one's wait for the
    // chunk's preload is over), and an older page's title would then stay.
    void import('./head-tags').then(({ applyHead }) => {
      if (latestHead !== null) applyHead(JSON.parse(latestHead) as PageHead);
    });
  }, [key]);
}

/** The head the newest render asked for (serialised), written when head-tags has loaded. */
let latestHead: string | null = null;

/**
 * The page moved (its head's `redirect`): the browser's router goes there at once; on the server
 * nothing is rendered, the answer is the redirect itself (the router's Navigate is a no-op there).
 */
export function MovedTo({ to }: { to: string }) {
  const onServer = useContext(HeadCollectorContext) !== null;
  return onServer ? null : createElement(Navigate, { to, replace: true });
}
