/**
 * Serves the built web app. Static files: hashed /assets/* cached for a year,
 * everything else revalidated on every visit so a deploy shows at once, each served in its
 * brotli or gzip form made at build time when the browser accepts it. Pages: the public ones
 * (home, categories, product, about, not found) rendered on the server by the web app's own
 * server entry (apps/web/dist-server/entry-server.js) with the data they show, their head and
 * their HTTP status; those the same for every visitor (a product, a category) kept in the
 * catalog's cache until the catalog or the payment settings change (a flash sale's 200 shoppers
 * opening one product cost one rendering, not 200); the others (cart, checkout, account...) get the app's shell, rendered in
 * the browser. Without a server build (an older build, the API's own tests) every page gets
 * the shell, as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_STORE_RIBBON_TEXT, DEMO_STORE_RIBBON_TITLE } from '@semijoias/domain/messages';
import { START_SCRIPT, START_SCRIPT_PATH, startTag, takeAppModules } from './start-after-paint.js';
import {
  GATHER_HEADER,
  sendCached,
  type CachedAnswer,
  type CatalogCache,
} from '../catalog/index.js';

/** Vite puts content-hashed files here: a new build means new names, so they never go stale. */
export const HASHED_ASSETS_PREFIX = '/assets/';

/** What the web app's server entry exports (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  renderPage(url: string, origin: string): Promise<RenderedPage | null>;
  /** Where a page is the same for every visitor, its key (absent from builds before it). */
  sharedPageKey?(url: string, origin: string): string | null;
  /** How long a shared page may be kept at most (absent from builds before it: no limit). */
  sharedPageMaxAgeMs?(url: string, origin: string): number | undefined;
  setApiTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void;
}

interface RenderedPage {
  status: number;
  head: string;
  html: string;
  state: string;
  modules: string[];
  /** The page moved: answered as a redirect there (a path and query of this store). */
  redirect?: string;
}

/** Vite's manifest: source module → its chunk, the chunks it imports, its CSS. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

export interface WebAppOptions {
  webDist: string;
  /** The server build of the web app (vite build --ssr). */
  webServerEntry: string;
  /** The store's public address: canonical URLs and shared-link tags are absolute. */
  publicUrl: string;
  /** A demonstration store (the sandbox on purpose): every page carries {@link DEMO_RIBBON}. */
  demonstration?: boolean;
  /**
   * Where pages the same for every visitor (a product, a category, 'Sobre nós') are kept once
   * rendered: the catalog's cache, dropped on every instance the moment the catalog or the
   * owners' payment settings change. Without it every page is rendered on every request.
   */
  pageCache?: CatalogCache;
}

/**
 * Written before the app's root, not by the app: it is on every page (server-rendered or the
 * shell), in the first paint, and hydration never sees it. Styled by `.demo-ribbon` (index.css).
 */
export const DEMO_RIBBON =
  `<div class="demo-ribbon" role="note"><strong>${DEMO_STORE_RIBBON_TITLE}</strong> ` +
  `${DEMO_STORE_RIBBON_TEXT}</div>`;

export interface WebApp {
  /** Answers a page request (any path that is not an API call, a file or media). */
  answerPage(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

const HEAD_MARK = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;
const HTML_MARK = '<!--app-html-->';
const STATE_MARK = '<!--app-state-->';

export async function registerWebApp(
  app: FastifyInstance,
  options: WebAppOptions,
): Promise<WebApp | undefined> {
  const { webDist } = options;
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    decorateReply: false,
    // One route per file found at start-up; anything else reaches the not-found handler.
    wildcard: false,
    // '/' and '/index.html' are pages like any other (rendered below), and the build's
    // manifest is for the server only.
    index: false,
    allowedPath: (path) => path !== '/index.html' && !path.startsWith('/.vite/'),
    // file.br / file.gz written by the build (apps/web/scripts/precompress.mjs), when present.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const rel = filePath.slice(webDist.length).replaceAll('\\', '/');
      reply.header(
        'cache-control',
        rel.startsWith(HASHED_ASSETS_PREFIX) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  app.get(START_SCRIPT_PATH, (_req, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(START_SCRIPT),
  );

  const built = readFileSync(indexFile, 'utf8');
  const template = options.demonstration
    ? built.replace('<div id="root">', () => `${DEMO_RIBBON}\n    <div id="root">`)
    : built;
  // A server-rendered page carries its stylesheet inline: the first paint then waits for no
  // second request (on a phone's network one round trip is 150 ms or more). The CSP allows
  // inline styles already (the components' style attributes); the shell keeps the cached file.
  // Its code starts after its first paint (start-after-paint.ts).
  const appModules = takeAppModules(inlineStylesheets(template, webDist));
  const pageTemplate = appModules.template;
  const entry = await loadServerEntry(app, options.webServerEntry, options.pageCache);
  const manifest = readManifest(webDist);
  // A page the browser renders (cart, checkout, account): the shell, kept out of search results.
  const shell = template.replace(
    '<!--/app-head-->',
    '<meta name="robots" content="noindex" />\n    <!--/app-head-->',
  );

  function pageHtml(page: RenderedPage): string {
    // The page's own chunks first: the entry's import of them then finds them on the way.
    const start = appModules.entry
      ? startTag(appModules.entry, [
          ...modulePreloads(manifest, page.modules),
          ...appModules.preloads,
        ])
      : '';
    return pageTemplate
      .replace(HEAD_MARK, () => `${page.head}\n    ${start}`)
      .replace(HTML_MARK, () => page.html)
      .replace(
        STATE_MARK,
        () => `<script type="application/json" id="estado-inicial">${page.state}</script>`,
      );
  }

  /** `url`: the request's own, or a shared page's key (the same page whoever asked first). */
  async function render(req: FastifyRequest, url = req.url): Promise<RenderedPage | null> {
    if (!entry) return null;
    try {
      return await entry.renderPage(url, options.publicUrl);
    } catch (err) {
      // The browser can still render it: the shell is a working page, never an error page.
      req.log.error({ err }, 'server rendering failed; answering the app shell');
      return null;
    }
  }

  /**
   * A page the same for every visitor, from the cache or rendered and kept (concurrent requests
   * share one rendering). Only a 200 is kept: a missing product, a failed render (the shell) are
   * answered as they came and rendered again next time.
   */
  async function sharedPage(
    req: FastifyRequest,
    cache: CatalogCache,
    key: string,
  ): Promise<{ kept: CachedAnswer } | { fresh: RenderedPage | null }> {
    try {
      // The day is part of the key: the footer's year, whatever else follows the calendar.
      const day = new Date().toISOString().slice(0, 10);
      const maxAgeMs = entry?.sharedPageMaxAgeMs?.(req.url, options.publicUrl);
      const kept = await cache.memo(
        `html:${day}:${key}`,
        async () => {
          const reads: PageReads = { shows: new Set(), since: Infinity };
          const page = await pageReads.run(reads, () => render(req, key));
          if (page?.status !== 200) throw new NotKept(page);
          // It shows the stock its API answers show, and only as a band ('Esgotado', 'Últimas
          // unidades', 'Em estoque'): a sale leaves the page kept unless a piece on it changes
          // band (docs/catalog-cache.md). The browser asks a product's exact stock again once
          // the page is live (the detail's answer is refreshed with every sale).
          return {
            body: pageHtml(page),
            shows: reads.shows ? [...reads.shows] : null,
            ...(Number.isFinite(reads.since) ? { since: reads.since } : {}),
          };
        },
        { stockAsShown: true, ...(maxAgeMs === undefined ? {} : { maxAgeMs }) },
      );
      return { kept };
    } catch (err) {
      if (err instanceof NotKept) return { fresh: err.page };
      throw err;
    }
  }

  return {
    async answerPage(req, reply) {
      const key = options.pageCache
        ? (entry?.sharedPageKey?.(req.url, options.publicUrl) ?? null)
        : null;
      if (options.pageCache && key) {
        const answer = await sharedPage(req, options.pageCache, key);
        if ('kept' in answer) {
          return sendCached(req, reply, answer.kept, 'text/html; charset=utf-8');
        }
        return sendPage(req, reply, answer.fresh);
      }
      return sendPage(req, reply, await render(req));
    },
  };

  function sendPage(req: FastifyRequest, reply: FastifyReply, page: RenderedPage | null) {
    if (page?.redirect !== undefined) {
      // Only to a path of this store (never '//elsewhere'); anything else gets the shell.
      if (page.redirect.startsWith('/') && !page.redirect.startsWith('//')) {
        return reply.header('cache-control', 'no-cache').redirect(page.redirect, 302);
      }
      page = null;
    }
    reply
      .code(page?.status ?? 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    return sendCompressed(req, reply, page ? pageHtml(page) : shell);
  }
}

/**
 * What a page being rendered for the cache read from the API: the products whose stock those
 * answers show (null: any) and the stock changes the oldest had seen (CatalogCache's `since`).
 */
interface PageReads {
  shows: Set<number> | null;
  since: number;
}
const pageReads = new AsyncLocalStorage<PageReads>();

/** A rendering that is answered but not kept (not a 200, or the shell after a failure). */
class NotKept extends Error {
  constructor(readonly page: RenderedPage | null) {
    super('page not kept');
  }
}

/**
 * Loads the server entry and lets it ask the API in this same process (no network hop): its
 * requests go through the app's routes, hooks and caches like any browser's.
 */
async function loadServerEntry(
  app: FastifyInstance,
  file: string,
  cache: CatalogCache | undefined,
): Promise<ServerEntry | undefined> {
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  entry.setApiTransport(async (path, init) => {
    const ask = (token?: string) =>
      app.inject({
        method: init.method === 'POST' ? 'POST' : 'GET',
        url: path,
        headers: { accept: 'application/json', ...(token ? { [GATHER_HEADER]: token } : {}) },
      });
    const reads = pageReads.getStore();
    let answer: Awaited<ReturnType<typeof ask>>;
    if (reads && cache) {
      // One kept catalog answer (it says what it shows); anything else may show any stock.
      const collected = await cache.collect(ask);
      answer = collected.value;
      if (collected.answers !== 1 || collected.shows === null) reads.shows = null;
      else for (const id of collected.shows) reads.shows?.add(id);
      reads.since = Math.min(reads.since, collected.since);
    } else {
      answer = await ask();
    }
    const type = answer.headers['content-type'];
    return new Response(answer.statusCode === 304 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  });
  return entry;
}

/** `<link rel="stylesheet" href="/assets/x.css">` of the build → `<style>` with the file's text. */
function inlineStylesheets(template: string, webDist: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (link, href: string) => {
      const file = join(webDist, href);
      // "</" cannot occur in Tailwind's output; if it ever did, keep the link rather than risk it.
      if (!existsSync(file)) return link;
      const css = readFileSync(file, 'utf8');
      return css.includes('</') ? link : `<style>${css}</style>`;
    },
  );
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Below this a compressed answer saves less than its headers cost. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip as the browser accepts (quick levels: a page is compressed per request). The
 * not-found handler that answers pages is no route, so @fastify/compress does not hook it.
 */
async function sendCompressed(
  req: FastifyRequest,
  reply: FastifyReply,
  html: string,
): Promise<FastifyReply> {
  const body = Buffer.from(html);
  reply.header('vary', 'accept-encoding');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (body.length < COMPRESS_THRESHOLD_BYTES) return reply.send(body);
  if (/\bbr\b/.test(accepted)) {
    const compressed = await brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    return reply.header('content-encoding', 'br').send(compressed);
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(await gzipped(body, { level: 6 }));
  }
  return reply.send(body);
}

function readManifest(webDist: string): Manifest {
  const file = join(webDist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The chunks a page's modules need, each once (their shared chunks included). */
function modulePreloads(manifest: Manifest, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry and what it imports are already in index.html.
    if (!chunk || chunk.isEntry || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files];
}
