/**
 * The server's side of the web app: renders a public page (home, categories, product, about, not
 * found) to HTML from the same components the browser hydrates. The API process imports the
 * built file (apps/web/dist-server/entry-server.js) and calls `renderPage` for each page request;
 * the page's data comes from the API itself through `transport`, exactly as the browser would
 * ask for it (the page's own, and the store's settings every price's payment lines follow), into
 * a query cache that is then sent along in the page for hydration.
 */
import { dehydrate } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppRoutes } from './app/App';
import { createQueryClient, AppProviders } from './app/providers';
import { routes, serverRendered } from './app/router';
import { setApiTransport } from './lib/api';
import { headTags } from './lib/head-tags';
import { HeadCollector, HeadCollectorContext } from './lib/page-head';
import { serializeServerState } from './lib/server-state';
import { storeSettingsQuery } from './lib/store-settings';
import { SiteOriginContext } from './ui/whatsapp/site-origin';

export { setApiTransport };

export interface RenderedPage {
  status: number;
  /** The <title>, meta, canonical and JSON-LD tags for the <head>. */
  head: string;
  /** The page's HTML, for inside #root. */
  html: string;
  /** The query cache as JSON, safe inside a <script type="application/json">. */
  state: string;
  /** Source modules of the page (keys of Vite's manifest) to hint with modulepreload. */
  modules: string[];
  /** The page moved (status 302): where to, path and query. */
  redirect?: string;
}

/** Time a page may take to render on the server before the browser is left to do it. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders `url` (path and query) when it is a server-rendered page; null for the client-side
 * pages (cart, checkout, account...), which the server answers with the bare app shell.
 * `origin` is the store's public address, for the canonical URL and shared-link tags.
 */
export async function renderPage(url: string, origin: string): Promise<RenderedPage | null> {
  const location = new URL(url, origin);
  const leaf = leafRoute(location.pathname);
  const ssr = leaf ? serverRendered(leaf.route.handle) : null;
  if (!leaf || !ssr) return null;

  const queryClient = createQueryClient();
  await Promise.all([
    ssr.prefetch?.(queryClient, { params: leaf.params, search: location.searchParams }),
    // The owners' payment settings as they are now (GET /api/loja/ reads them on every call):
    // every price's 'em até Nx…' and '… no PIX' lines are in the HTML, and the browser hydrates
    // with the same answer.
    queryClient.prefetchQuery(storeSettingsQuery),
  ]);

  const collector = new HeadCollector();
  const html = await renderToHtml(
    <HeadCollectorContext.Provider value={collector}>
      {/* The absolute links a WhatsApp message carries (the piece's), as the browser's. */}
      <SiteOriginContext.Provider value={location.origin}>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={`${location.pathname}${location.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </SiteOriginContext.Provider>
    </HeadCollectorContext.Provider>,
  );
  const head = collector.head ?? { title: null };
  const state = serializeServerState(dehydrate(queryClient, { shouldDehydrateQuery: () => true }));
  queryClient.clear();
  if (head.redirect) {
    return { status: 302, redirect: head.redirect, head: '', html: '', state: '', modules: [] };
  }
  return {
    status: head.status ?? 200,
    head: headTags(head, origin),
    html,
    state,
    modules: ssr.module ? [ssr.module] : [],
  };
}

/**
 * What campaigns and social networks add to a link (Instagram's, Facebook's, Google's): no page
 * reads them, so a drop announced with them still finds its page kept.
 */
const TRACKING_PARAM =
  /^(?:utm_\w+|fbclid|gclid|gbraid|wbraid|igshid|igsh|ttclid|msclkid|mc_cid|mc_eid)$/;

/** The `shared` settings of `url`'s route (null: its page is not the same for everyone). */
function sharedRoute(url: string, origin: string) {
  const location = new URL(url, origin);
  const leaf = leafRoute(location.pathname);
  const shared = leaf ? serverRendered(leaf.route.handle)?.shared : undefined;
  return shared ? { location, shared } : null;
}

/**
 * The key under which the server may keep `url`'s page for every visitor: its path and the query
 * parameters its route reads, in their order (a campaign's tracking left out), or null when the
 * page is not the same for everyone (a client-side page) or the URL carries anything else. It is
 * also the URL the kept page is rendered from. Only routes: the server keeps a page only when it
 * rendered with status 200.
 */
export function sharedPageKey(url: string, origin: string): string | null {
  const route = sharedRoute(url, origin);
  if (!route) return null;
  const { location, shared } = route;
  const query = [...location.searchParams].filter(([name]) => !TRACKING_PARAM.test(name));
  if (query.some(([name]) => !shared.query.includes(name))) return null;
  // In her order, not sorted: the page is rendered from this key, and a link it builds from the
  // query (a filter's chip) must read as her browser's own render of it will.
  const search = new URLSearchParams(query).toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/**
 * How long the server may keep `url`'s shared page at most, in ms (its route's `renewSeconds`:
 * the home's featured pieces, a random draw, are drawn again that often); undefined: until the
 * catalog changes.
 */
export function sharedPageMaxAgeMs(url: string, origin: string): number | undefined {
  const seconds = sharedRoute(url, origin)?.shared.renewSeconds;
  return seconds === undefined ? undefined : seconds * 1000;
}

type RouteMatch = NonNullable<ReturnType<typeof matchRoutes>>[number];
/** Paths matched lately; bounded, since the paths asked for are anyone's (ids, typos, probes). */
const matchedPaths = new Map<string, RouteMatch | undefined>();
const MATCHED_PATHS_KEPT = 2_000;

/**
 * The deepest route matching `pathname`. React Router's matchRoutes flattens and ranks the whole
 * route table on every call, and every page request asks twice (its cache key, then its render):
 * measured in the flash-sale rehearsal at 4 % of the server's CPU. A path's match never changes,
 * so it is kept.
 */
function leafRoute(pathname: string): RouteMatch | undefined {
  if (matchedPaths.has(pathname)) return matchedPaths.get(pathname);
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  if (matchedPaths.size >= MATCHED_PATHS_KEPT) matchedPaths.clear();
  matchedPaths.set(pathname, leaf);
  return leaf;
}

/**
 * The whole page at once (every lazy page and Suspense boundary resolved), as a string. React's
 * prerender waits for all of it; a component that throws, even inside a Suspense boundary (which
 * React would otherwise leave to the browser to render, error #419 there), rejects the render:
 * the server then answers the shell and the cause reaches the log. A render that hangs is
 * abandoned after RENDER_TIMEOUT_MS the same way.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  const abort = new AbortController();
  let failure: unknown;
  const timer = setTimeout(() => {
    failure ??= new Error(`page render took over ${RENDER_TIMEOUT_MS} ms`);
    abort.abort(failure);
  }, RENDER_TIMEOUT_MS);
  try {
    const { prelude } = await prerender(element, {
      signal: abort.signal,
      // Every boundary in place, in order: React would otherwise move a large one (over 12.8 KB,
      // as a category's list is) to the end of the document, to be put back by an inline script
      // the store's Content-Security-Policy (script-src 'self') forbids, and the browser would
      // show the fallback and render the page again (error #419, the footer jumping up).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    });
    const html = await new Response(prelude).text();
    if (failure) throw failure;
    return html;
  } finally {
    clearTimeout(timer);
  }
}
