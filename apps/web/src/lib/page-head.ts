/**
 * What a page puts in the document's <head>: title, description, canonical URL, Open Graph and
 * Twitter tags (what WhatsApp shows for a shared link), a product's JSON-LD (the home's: the
 * store and its search), and whether search engines may index it. One description of the head, two writers: on the server it becomes the
 * HTML of the served page (`headTags`), in the browser it updates the document when the shopper
 * moves between pages (`applyHead`).
 */
import { createContext, createElement, useContext, useEffect } from 'react';
import { Navigate } from 'react-router';

export interface PageHead {
  /** The page's own title; the store's name is added. null: the store's name alone (home). */
  title: string | null;
  description?: string;
  /** The page's canonical path ('/aneis', '/produto/3'). Absent on pages not to be indexed. */
  path?: string;
  /** Root-relative or absolute picture for shared links. */
  image?: string | null;
  /** A product page: Open Graph's product tags and schema.org Product JSON-LD with its Offer. */
  product?: ProductFacts;
  /** The home page: schema.org Organization (the store, its contacts) and WebSite JSON-LD. */
  home?: boolean;
  /** Private or empty pages: kept out of search results. */
  noindex?: boolean;
  /** The HTTP status of the server-rendered page (404 for a page or product not found). */
  status?: number;
  /**
   * The page moved (a category page past the end, after the catalog shrank): the server answers
   * a redirect to this path and query, the browser's router navigates there. Nothing is
   * rendered first that would be replaced.
   */
  redirect?: string;
}

export interface ProductFacts {
  id: number;
  name: string;
  description: string;
  /** Every picture of the piece, root-relative or absolute. */
  images: string[];
  /** Reais, "129.90". */
  price: string;
  inStock: boolean;
  category: string;
  /**
   * Sold by size: the axis and each size with its availability. The JSON-LD is then
   * a ProductGroup whose variants each carry their own offer.
   */
  variations?: { axis: string; sizes: { id: number; name: string; inStock: boolean }[] };
}

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
    void import('./head-tags').then(({ applyHead }) => applyHead(JSON.parse(key) as PageHead));
  }, [key]);
}

/**
 * The page moved (its head's `redirect`): the browser's router goes there at once; on the server
 * nothing is rendered, the answer is the redirect itself (the router's Navigate is a no-op there).
 */
export function MovedTo({ to }: { to: string }) {
  const onServer = useContext(HeadCollectorContext) !== null;
  return onServer ? null : createElement(Navigate, { to, replace: true });
}
