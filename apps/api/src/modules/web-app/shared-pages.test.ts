/**
 * A server-rendered page kept in the catalog's cache shows the stock its API answers show, as a
 * band (docs/catalog-cache.md): a category's page is dropped when a piece on it changes band
 * ('Esgotado', 'Últimas unidades', 'Em estoque'), and kept through any other sale; a page that read an answer saying nothing of what it
 * shows (any call but a kept catalog answer) is dropped by any stock change, as before. A page
 * made with a random draw (the home's featured pieces) is one draw for everyone until its age.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { products } from '../../db/schema.js';

const TEMPLATE = `<!doctype html><html lang="pt-BR"><head><!--app-head--><title>Loja</title><!--/app-head--></head>
<body><div id="root"><!--app-html--></div><!--app-state--></body></html>`;

// '/aneis' prints the first two rings and their stock from the category's API page (and the
// store's settings, as the real pages do); '/sobre' reads the health check, which is no catalog
// answer.
const ENTRY = `
let transport;
export function setApiTransport(next) { transport = next; }
export function sharedPageKey(url) { return ['/aneis', '/sobre', '/sorteio'].includes(url) ? url : null; }
export function sharedPageMaxAgeMs(url) { return url === '/sorteio' ? 60000 : undefined; }
export async function renderPage(url) {
  await (await transport('/api/loja/', { method: 'GET' })).json();
  let html;
  if (url === '/sorteio') {
    html = (await (await transport('/api/listar_produtos_destaque/', { method: 'GET' })).json()).map((p) => p.id).join(',');
  } else if (url === '/aneis') {
    const page = await (await transport('/api/produtos/aneis/?limit=2&offset=0', { method: 'GET' })).json();
    html = page.results.map((p) => p.id + ':' + p.estoque).join(',');
  } else {
    html = (await (await transport('/api/health/', { method: 'GET' })).json()).status;
  }
  return { status: 200, head: '<title>x</title>', html: '<main>' + html + '</main>', state: '{}', modules: [] };
}`;

let testDb: TestDatabase;
let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  root = mkdtempSync(join(tmpdir(), 'semijoias-shared-pages-'));
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'dist-server'));
  writeFileSync(join(root, 'dist', 'index.html'), TEMPLATE);
  writeFileSync(join(root, 'dist-server', 'entry-server.js'), ENTRY);
  const base = testConfig();
  app = await buildApp({
    config: {
      ...base,
      paths: {
        ...base.paths,
        webDist: join(root, 'dist'),
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
  rmSync(root, { recursive: true, force: true });
});

const day = () => new Date().toISOString().slice(0, 10);
const kept = (path: string) => app.catalogCache.get(`html:${day()}:${path}`);

async function page(path: string): Promise<string> {
  const res = await app.inject({ url: path, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return /<main>(.*)<\/main>/.exec(res.body)![1]!;
}

/** A piece's stock set (or one more unit), and the cache has heard it (at once on PGlite). */
async function restock(id: number, stock?: number): Promise<void> {
  const heard = app.catalogCache.heard;
  await testDb.database.db
    .update(products)
    .set({ stock: stock ?? sql`${products.stock} + 1` })
    .where(eq(products.id, id));
  const started = Date.now();
  while (app.catalogCache.heard === heard && Date.now() - started < 2000)
    await new Promise((r) => setTimeout(r, 5));
  // A change of band comes as a second word after the stock's.
  await new Promise((r) => setTimeout(r, 50));
}

async function stockOf(id: number): Promise<number> {
  const [row] = await testDb.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row!.stock;
}

describe('a kept page shows what its API answers show, by band', () => {
  it("a category's page: kept through sales within a band, dropped when a piece on it changes band", async () => {
    const first = await page('/aneis');
    const shown = first.split(',').map((p) => Number(p.split(':')[0]));
    expect(shown).toHaveLength(2);
    const [elsewhere] = (await app.inject({ url: '/api/produtos/aneis/?limit=1&offset=2' })).json<{
      results: { id: number }[];
    }>().results;
    const before = kept('/aneis');
    expect(before).toBeDefined();
    expect(await stockOf(shown[1]!)).toBeGreaterThan(3);

    // A piece elsewhere, even sold out: kept.
    await restock(elsewhere!.id, 0);
    expect(kept('/aneis')).toBe(before);
    // A piece on it, within 'Em estoque': kept, the page (whose pieces show only as a band on
    // the real pages) as it was.
    await restock(shown[1]!);
    expect(kept('/aneis')).toBe(before);
    expect(await page('/aneis')).toBe(first);
    // Down to 'Últimas unidades': dropped, and made again with the stock of now.
    await restock(shown[1]!, 3);
    expect(kept('/aneis')).toBeUndefined();
    expect(await page('/aneis')).toContain(`${shown[1]}:3`);
  });

  it('a page that read anything but kept catalog answers is dropped by any stock change', async () => {
    expect(await page('/sobre')).toBe('ok');
    expect(kept('/sobre')).toBeDefined();
    const [any] = (await app.inject({ url: '/api/produtos/brincos/?limit=1' })).json<{
      results: { id: number }[];
    }>().results;
    await restock(any!.id);
    expect(kept('/sobre')).toBeUndefined();
  });
});

describe('a page kept with a random draw (the home)', () => {
  it('is one draw for every visitor until its age, then drawn again', async () => {
    const first = await page('/sorteio');
    expect(first.split(',')).toHaveLength(4);
    const entry = kept('/sorteio');
    expect(entry).toBeDefined();
    for (let i = 0; i < 5; i++) expect(await page('/sorteio')).toBe(first);
    expect(kept('/sorteio')).toBe(entry);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_001 });
    try {
      expect(kept('/sorteio')).toBeUndefined();
      await page('/sorteio');
      expect(kept('/sorteio')).toBeDefined();
      expect(kept('/sorteio')).not.toBe(entry);
    } finally {
      vi.useRealTimers();
    }
  });
});
