/**
 * How the API serves the web app's pages, with a stand-in for the web app's server entry (the
 * real one is exercised by the Playwright tests on the built store, e2e/server-rendering.spec.ts):
 * the rendered page put into the template, its status, its chunks hinted, its state as a data
 * block; the shell for client-side pages and when rendering fails; precompressed files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers.js';

const TEMPLATE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <!--app-head-->
    <title>Loja</title>
    <!--/app-head-->
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-4.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-state-->
  </body>
</html>`;

// The entry asks the API through the transport it is given, as the real one does.
const FAKE_ENTRY = `
let transport;
export function setApiTransport(next) { transport = next; }
export async function renderPage(url, origin) {
  if (url.startsWith('/checkout')) return null;
  if (url.startsWith('/quebra')) throw new Error('segredo interno do servidor');
  if (url === '/aneis?pagina=9') return { status: 302, redirect: '/aneis?pagina=2', head: '', html: '', state: '', modules: [] };
  if (url === '/fora') return { status: 302, redirect: '//outro.example/', head: '', html: '', state: '', modules: [] };
  const answer = await transport('/api/health/', { method: 'GET' });
  const body = await answer.json();
  return {
    status: url === '/sumiu' ? 404 : 200,
    head: '<title>Página $& de ' + origin + '</title><meta name="description" content="' + 'semijoias '.repeat(200) + '">',
    html: '<main>' + url + ' saúde: ' + body.status + '</main>',
    state: '{"queries":[]}',
    modules: ['src/Page.tsx'],
  };
}
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true },
  'src/Page.tsx': { file: 'assets/Page-2.js', imports: ['index.html', '_shared-3.js'] },
  '_shared-3.js': { file: 'assets/shared-3.js', imports: ['index.html'] },
};

let testDb: TestDatabase;
let webDist: string;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const root = mkdtempSync(join(tmpdir(), 'semijoias-web-app-'));
  webDist = join(root, 'dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(join(webDist, 'index.html'), TEMPLATE);
  writeFileSync(join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  const script = `console.log(${JSON.stringify('loja '.repeat(400))});`;
  writeFileSync(join(webDist, 'assets', 'index-1.js'), script);
  writeFileSync(join(webDist, 'assets', 'index-1.js.br'), brotliCompressSync(script));
  writeFileSync(join(webDist, 'assets', 'index-1.css'), '.joia{color:#86683a}');
  mkdirSync(join(root, 'dist-server'));
  writeFileSync(join(root, 'dist-server', 'entry-server.js'), FAKE_ENTRY);

  const base = testConfig();
  app = await buildApp({
    config: {
      ...base,
      publicUrl: 'https://loja.example',
      paths: {
        ...base.paths,
        webDist,
        webServerEntry: join(root, 'dist-server', 'entry-server.js'),
      },
    },
    database: testDb.database,
    logger: false,
    background: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
  rmSync(join(webDist, '..'), { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('puts the rendered page, its head, its chunks and its state into the template', async () => {
    const res = await app.inject({ url: '/aneis?pagina=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    const html = res.body;
    // The page's own data came from the API in the same process.
    expect(html).toContain('<div id="root"><main>/aneis?pagina=2 saúde: ok</main></div>');
    // Its head replaces the template's, "$&" kept literally (no replacement patterns).
    expect(html).toContain('<title>Página $& de https://loja.example</title>');
    expect(html).not.toContain('<title>Loja</title>');
    expect(html).toContain(
      '<script type="application/json" id="estado-inicial">{"queries":[]}</script>',
    );
    // No module is asked for before the first paint: one deferred classic script names them
    // (the page's chunk and what it imports, then the entry's), and starts them after it.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const start = html.match(
      /<script defer src="(\/assets\/start-[0-9a-f]{10}\.js)" data-entry="\/assets\/index-1\.js" data-preload="([^"]*)"><\/script>/,
    );
    expect(start?.[2]).toBe('/assets/Page-2.js /assets/shared-3.js /assets/vendor-4.js');
    const script = await app.inject({ url: start![1] });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toContain("script.type = 'module'");
    expect(script.body).toContain('requestAnimationFrame');
    // Taps before the app are kept for it (apps/web/src/lib/early-taps.ts).
    expect(script.body).toContain("document.addEventListener('click', keep, true)");
    expect(script.body).toContain('window.__semijoiasToquesAntesDoApp = function');
    expect(html.match(/assets\/index-1\.js/g)).toHaveLength(1);
    // Its stylesheet inline: the first paint waits for no second request.
    expect(html).toContain('<style>.joia{color:#86683a}</style>');
    expect(html).not.toContain('index-1.css');
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const res = await app.inject({ url: '/aneis', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(
      '<main>/aneis saúde: ok</main>',
    );
  });

  it("answers the page's own status (a page or product not found is a 404)", async () => {
    const res = await app.inject({ url: '/sumiu' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<main>/sumiu saúde: ok</main>');
  });

  it('a page that moved (a category page past the end) answers a redirect to its successor', async () => {
    const res = await app.inject({ url: '/aneis?pagina=9' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/aneis?pagina=2');
    // Never to another site, whatever a page asks for: the browser gets the shell.
    const elsewhere = await app.inject({ url: '/fora' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers.location).toBeUndefined();
    expect(elsewhere.body).toContain('<div id="root"><!--app-html--></div>');
  });

  it('/ and /index.html are pages like any other, rendered', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<main>${url} saúde: ok</main>`);
    }
  });

  it('a client-side page gets the shell, kept out of search results', async () => {
    const res = await app.inject({ url: '/checkout' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('<div id="root"><!--app-html--></div>');
    expect(res.body).toContain('<title>Loja</title>');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    // The shell shows nothing before its code: fetched at its usual priority.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
  });

  it('a page that fails to render gets the shell, never the error', async () => {
    const res = await app.inject({ url: '/quebra' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><!--app-html--></div>');
    expect(res.body).not.toContain('segredo');
  });

  it("the build's manifest is not served (the path is just a page the web app may not know)", async () => {
    const res = await app.inject({ url: '/.vite/manifest.json' });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toContain('isEntry');
  });

  it('a file compressed at build time is sent compressed to a browser that accepts it', async () => {
    const res = await app.inject({
      url: '/assets/index-1.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('loja loja');

    const plain = await app.inject({ url: '/assets/index-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('loja loja');
  });
});
