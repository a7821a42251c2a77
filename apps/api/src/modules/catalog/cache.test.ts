/**
 * Catalog answers from memory (cache.ts, change-feed.ts, migration 0005): a hit runs no query;
 * a real checkout's stock change reaches every catalog answer; ETag, 304, Cache-Control and
 * Vary; compression; and on PostgreSQL, a change made by another instance on the same database
 * and a lost listener. The cache itself is tested with a fake feed at the end.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { stockShown as storefrontBand } from '@semijoias/domain/catalog';
import { products, productVariations } from '../../db/schema.js';
import { placeOrder } from '../../../test/checkout.js';
import {
  countQueries,
  testDatabaseUrl,
  useOtherInstance,
  useTestApp,
} from '../../../test/helpers.js';
import {
  createCatalogCache,
  GATHER_HEADER,
  matchesIfNoneMatch,
  preferredCoding,
  sendCached,
  strongEtag,
  type CatalogCache,
} from './cache.js';
import type { ChangeFeed, ChangeFeedHandlers } from './change-feed.js';
import {
  createChangeFeed,
  LISTENER_APPLICATION_NAME,
  parseCatalogChange,
  type CatalogChange,
} from './change-feed.js';
import type { ProductJson, ProductPageJson } from './schemas.js';

const ctx = useTestApp();
const onPostgres = testDatabaseUrl() !== undefined;

function get(url: string, headers: InjectOptions['headers'] = {}, app?: FastifyInstance) {
  return (app ?? ctx.app).inject({ method: 'GET', url, headers });
}

/**
 * Waits until `cache` heard of a change after `since` (its `heard` count; at once on PGlite, whose notifications
 * arrive with the writing query's answer), two seconds at most, and says how long it took. It
 * does not fail by itself: the answers read next say whether the change was heard.
 */
async function changeHeard(cache: CatalogCache, since: number): Promise<number> {
  const started = performance.now();
  while (cache.heard === since || !cache.listening) {
    if (performance.now() - started > 2_000) return Infinity;
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - started;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > 5_000) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A guest's real order (POST /api/pay/): takes `quantidade` units off the product's stock. */
async function guestBuys(app: FastifyInstance, id: number, quantidade: number) {
  await placeOrder(app, { produtos: [{ id, quantidade }], cep: '01310-100' });
}

async function stockShown(url: string, id: number, app?: FastifyInstance): Promise<number> {
  const res = await get(url, {}, app);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<ProductJson | ProductJson[] | ProductPageJson>();
  const list = Array.isArray(body) ? body : 'results' in body ? body.results : [body];
  const found = list.find((p) => p.id === id);
  if (!found) throw new Error(`product ${id} not in ${url}`);
  return found.estoque;
}

async function productRow(id: number) {
  const [row] = await ctx.database.db
    .select({ stock: products.stock, category: products.category })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

const slugOf = { Anel: 'aneis', Brinco: 'brincos', Pulseira: 'pulseiras', Colar: 'colares' };

describe('a hit', () => {
  it.each([
    '/api/produtos/detalhes/3/',
    '/api/produtos/aneis/?limit=36&offset=0',
    '/api/listar_produtos/',
    '/api/listar_best_sellers/',
    '/api/listar_colares/',
    '/api/buscar/produtos/?search=anel%20dourado',
  ])('%s runs no query and answers the same text', async (url) => {
    expect(ctx.app.catalogCache.listening).toBe(true);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const queries = countQueries(ctx.database);
    try {
      for (let i = 0; i < 3; i++) {
        const again = await get(url);
        expect(again.statusCode).toBe(200);
        expect(again.body).toBe(first.body);
        expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      }
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('one answer for the same request however it is written', async () => {
    await get('/api/produtos/aneis/');
    const queries = countQueries(ctx.database);
    try {
      for (const url of [
        '/api/produtos/Anéis/?offset=0',
        '/api/produtos/ANEL?limit=36',
        '/api/buscar/produtos/?search=DOURADO%20anel',
      ]) {
        expect((await get(url)).statusCode).toBe(200);
      }
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('the featured draw is never kept', async () => {
    await get('/api/listar_produtos_destaque/');
    const queries = countQueries(ctx.database);
    try {
      const res = await get('/api/listar_produtos_destaque/');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(queries).toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('an unknown product is not kept (every 404 asks the database)', async () => {
    expect((await get('/api/produtos/detalhes/999999/')).statusCode).toBe(404);
    const queries = countQueries(ctx.database);
    try {
      expect((await get('/api/produtos/detalhes/999999/')).statusCode).toBe(404);
      expect(queries).toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });
});

describe('a real checkout changes what every catalog answer shows', () => {
  it('detail, category page, lists, best sellers and search show the new stock', async () => {
    const id = 6;
    const { stock, category } = await productRow(id);
    const urls = [
      `/api/produtos/detalhes/${id}/`,
      `/api/produtos/${slugOf[category]}/`,
      `/api/listar_${slugOf[category]}/`,
      '/api/listar_produtos/',
    ];
    for (const url of urls) expect(await stockShown(url, id)).toBe(stock);
    const before = ctx.app.catalogCache.heard;

    await guestBuys(ctx.app, id, 2);
    await changeHeard(ctx.app.catalogCache, before);

    for (const url of urls) expect(await stockShown(url, id), url).toBe(stock - 2);
    expect((await productRow(id)).stock).toBe(stock - 2);
  });

  it('a refused order (not enough stock) changes nothing a shopper sees', async () => {
    const id = 16;
    const { stock } = await productRow(id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pay/',
      payload: { produtos: [{ id, quantidade: stock + 1 }], cep: '01310-100' },
    });
    expect(res.statusCode).toBe(409);
    expect(await stockShown(`/api/produtos/detalhes/${id}/`, id)).toBe(stock);
  });
});

describe('what a change of the database drops (migration 0013)', () => {
  const detail = (id: number) => `api:produto:${id}`;

  async function keep(...ids: number[]) {
    for (const id of ids) await get(`/api/produtos/detalhes/${id}/`);
    await get('/api/listar_produtos/');
    for (const id of ids) expect(ctx.app.catalogCache.get(detail(id))).toBeDefined();
  }

  it('a stock change drops the answers that show it, not the catalog', async () => {
    const cache = ctx.app.catalogCache;
    await keep(20, 21);
    const { version, heard } = cache;
    await ctx.database.db
      .update(products)
      .set({ stock: sql`${products.stock} + 1`, salesCount: sql`${products.salesCount} + 1` })
      .where(eq(products.id, 20));
    await changeHeard(cache, heard);
    expect(cache.version).toBe(version);
    expect(cache.get(detail(20))).toBeUndefined();
    expect(cache.get('api:produtos')).toBeUndefined(); // a list shows every piece's stock
    expect(cache.get(detail(21))).toBeDefined();
  });

  it("a category's page is dropped by a stock change of a piece on it, not of one elsewhere", async () => {
    const cache = ctx.app.catalogCache;
    const page = (offset: number) => `/api/produtos/aneis/?limit=2&offset=${offset}`;
    const key = (offset: number) => `api:produtos:Anel:2:${offset}`;
    const first = (await get(page(0))).json<ProductPageJson>().results.map((p) => p.id);
    const elsewhere = (await get(page(2))).json<ProductPageJson>().results[0]!.id;
    expect(cache.get(key(0))).toBeDefined();
    expect(cache.get(key(2))).toBeDefined();

    let { heard } = cache;
    await ctx.database.db
      .update(products)
      .set({ stock: sql`${products.stock} + 1` })
      .where(eq(products.id, elsewhere));
    await changeHeard(cache, heard);
    expect(cache.get(key(0))).toBeDefined();
    expect(cache.get(key(2))).toBeUndefined();

    ({ heard } = cache);
    await ctx.database.db
      .update(products)
      .set({ stock: sql`${products.stock} + 1` })
      .where(eq(products.id, first[1]!));
    await changeHeard(cache, heard);
    expect(cache.get(key(0))).toBeUndefined();
    expect(await stockShown(page(0), first[1]!)).toBe((await productRow(first[1]!)).stock);
  });

  it("a category's filters go with a sale of its pieces only; a piece's reviews with none", async () => {
    const cache = ctx.app.catalogCache;
    const ring = (await get('/api/produtos/aneis/?limit=1&offset=0')).json<ProductPageJson>()
      .results[0]!.id;
    const earring = (await get('/api/produtos/brincos/?limit=1&offset=0')).json<ProductPageJson>()
      .results[0]!.id;
    expect((await get('/api/produtos/aneis/filtros/')).statusCode).toBe(200);
    expect((await get(`/api/produtos/${ring}/avaliacoes/`)).statusCode).toBe(200);
    const filters = 'api:filtros:Anel';
    const reviews = `api:avaliacoes:${ring}:recentes:1`;
    expect(cache.get(filters)).toBeDefined();
    expect(cache.get(reviews)).toBeDefined();

    const sell = async (id: number) => {
      const { heard } = cache;
      await ctx.database.db
        .update(products)
        .set({ stock: sql`${products.stock} - 1` })
        .where(eq(products.id, id));
      await changeHeard(cache, heard);
    };
    await sell(earring);
    expect(cache.get(filters)).toBeDefined();
    await sell(ring);
    expect(cache.get(filters)).toBeUndefined();
    expect(cache.get(reviews)).toBeDefined();
  });

  it('a price, in the same statement as a stock or not, drops everything', async () => {
    const cache = ctx.app.catalogCache;
    await keep(20, 21);
    const { version, heard } = cache;
    await ctx.database.db
      .update(products)
      .set({ stock: sql`${products.stock} + 1`, priceCents: sql`${products.priceCents} + 1` })
      .where(eq(products.id, 20));
    await changeHeard(cache, heard);
    expect(cache.version).toBeGreaterThan(version);
    expect(cache.get(detail(21))).toBeUndefined();
  });

  it('a statement that changes nothing drops nothing', async () => {
    const cache = ctx.app.catalogCache;
    await keep(20, 21);
    const { version, heard } = cache;
    await ctx.database.db
      .update(products)
      .set({ stock: sql`${products.stock}` })
      .where(eq(products.id, 20));
    await ctx.database.db.update(products).set({ stock: 0 }).where(eq(products.id, -1));
    // A later change, to know the ones before it had their chance to be heard.
    await ctx.database.db
      .update(products)
      .set({ salesCount: sql`${products.salesCount} + 1` })
      .where(eq(products.id, 22));
    await changeHeard(cache, heard);
    expect(cache.heard).toBe(heard + 1);
    expect(cache.version).toBe(version);
    expect(cache.get(detail(20))).toBeDefined();
  });
});

describe('what a sale says of the pages (migration 0034)', () => {
  /** Everything the change feed says while `work` runs, once its last word arrived. */
  async function saidDuring(work: () => Promise<void>): Promise<CatalogChange[]> {
    const said: CatalogChange[] = [];
    const feed = createChangeFeed(ctx.database, { info: () => {}, warn: () => {} });
    let listening = false;
    await feed.start({
      changed: (change) => said.push(change),
      listening: (on) => (listening = on),
    });
    try {
      await until(() => listening, 'the feed listens');
      await work();
      // A last word of our own: once it is heard, every earlier one has been.
      await ctx.database.db
        .update(products)
        .set({ salesCount: sql`${products.salesCount} + 1` })
        .where(eq(products.id, 22));
      await until(
        () => said.some((c) => c.kind === 'stock' && c.products?.includes(22)),
        'the last word',
      );
      return said.filter(
        (c) => !(c.kind === 'stock' && c.products?.length === 1 && c.products[0] === 22),
      );
    } finally {
      await feed.stop();
    }
  }
  const setStock = (id: number, stock: number) =>
    ctx.database.db.update(products).set({ stock }).where(eq(products.id, id));

  it("a piece's stock within its band says 'stock'; across one, 'shown' too", async () => {
    const [piece] = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.variationAxis} is null and ${products.id} <> 22`)
      .limit(1);
    const id = piece!.id;
    await setStock(id, 10);
    expect(await saidDuring(() => setStock(id, 9).then(() => {}))).toEqual([
      { kind: 'stock', products: [id] },
    ]);
    // Down through 'Últimas unidades' to 'Esgotado', and back: the bands are the storefront's
    // own (stockShown in packages/domain), written again in SQL by migration 0034.
    let before = 9;
    for (const stock of [4, 3, 2, 1, 0, 5]) {
      const said = await saidDuring(() => setStock(id, stock).then(() => {}));
      const band = storefrontBand(before) !== storefrontBand(stock);
      expect(said, `stock ${before} → ${stock}`).toEqual(
        band
          ? [
              { kind: 'stock', products: [id] },
              { kind: 'shown', products: [id] },
            ]
          : [{ kind: 'stock', products: [id] }],
      );
      before = stock;
    }
  });

  it("a size's sold out names its piece: its page shows the size sold out", async () => {
    const [size] = await ctx.database.db
      .select({ id: productVariations.id, productId: productVariations.productId })
      .from(productVariations)
      .where(sql`${productVariations.productId} <> 22`)
      .limit(1);
    expect(size).toBeDefined();
    const setSize = (stock: number) =>
      ctx.database.db
        .update(productVariations)
        .set({ stock })
        .where(eq(productVariations.id, size!.id))
        .then(() => {});
    await setSize(8);
    const said = await saidDuring(() => setSize(0));
    expect(said).toContainEqual({ kind: 'shown', products: [size!.productId] });
    expect(said.filter((c) => c.kind === 'catalog')).toEqual([]);
  });
});

describe('ETag, Cache-Control and Vary', () => {
  const url = '/api/produtos/detalhes/17/';

  it('a strong ETag of the body; revalidate every time; varies by Accept-Encoding', async () => {
    const res = await get(url);
    expect(res.headers.etag).toBe(strongEtag(res.body));
    expect(res.headers.etag).toMatch(/^"[\w-]{43}"$/);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding');
  });

  it('If-None-Match with the ETag answers 304 without a body', async () => {
    const { etag } = (await get(url)).headers;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(url, { 'if-none-match': header as string });
      expect(res.statusCode, header as string).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    const other = await get(url, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('the ETag changes when the body does, and the old one gets the new body', async () => {
    const id = 17;
    const old = await get(url);
    const before = ctx.app.catalogCache.heard;
    await guestBuys(ctx.app, id, 1);
    await changeHeard(ctx.app.catalogCache, before);

    const res = await get(url, { 'if-none-match': old.headers.etag as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(old.headers.etag);
    expect(res.json<ProductJson>().estoque).toBe(old.json<ProductJson>().estoque - 1);
  });

  it('each coding is its own representation with its own ETag, all revalidated alike', async () => {
    const list = '/api/listar_produtos/';
    const plain = await get(list);
    const br = await get(list, { 'accept-encoding': 'br' });
    const gz = await get(list, { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);
    expect(gz.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-gzip"`);
    const revalidated = await get(list, {
      'accept-encoding': 'gzip, br',
      'if-none-match': br.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('HEAD answers the headers and no body', async () => {
    const res = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/listar_produtos/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers.etag).toMatch(/-br"$/);
  });
});

describe('compression', () => {
  it('a catalog answer in brotli or gzip when asked, the same JSON once decoded', async () => {
    const url = '/api/listar_produtos/';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    const brBody = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(brBody).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

    const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('a small answer is sent as is', async () => {
    const res = await get('/api/buscar/produtos/?search=xyzzyqq', { 'accept-encoding': 'br' });
    expect(res.body).toBe('[]');
    expect(res.headers['content-encoding']).toBeUndefined();
    const health = await get('/api/health/', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('other JSON answers are compressed by the app when worth it', async () => {
    const res = await get('/api/listar_produtos_destaque/', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toHaveLength(4);
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/listar_produtos_destaque/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('an error answer stays JSON, compressed or not', async () => {
    const res = await get('/api/produtos/detalhes/abc/', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ errors: { id: [expect.any(String)] } });
  });
});

describe.skipIf(!onPostgres)('several instances on one PostgreSQL database', () => {
  const other = useOtherInstance(ctx);

  it("another instance's checkout reaches this instance's cache", async () => {
    const id = 18;
    const url = `/api/produtos/detalhes/${id}/`;
    const stock = await stockShown(url, id);
    expect(await stockShown(url, id, other.app)).toBe(stock);
    const before = ctx.app.catalogCache.heard;

    await guestBuys(other.app, id, 3);
    const delayMs = await changeHeard(ctx.app.catalogCache, before);

    expect(await stockShown(url, id)).toBe(stock - 3);
    expect(await stockShown(url, id, other.app)).toBe(stock - 3);
    expect(delayMs).toBeLessThan(1_000);
  });

  it('a lost listener: nothing kept meanwhile, and everything dropped when it is back', async () => {
    const id = 12;
    const url = `/api/produtos/detalhes/${id}/`;
    const stock = await stockShown(url, id);
    const cache = ctx.app.catalogCache;
    expect(cache.get(`api:produto:${id}`)).toBeDefined();

    // Cut every listening session of this database (both instances').
    await ctx.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    await until(() => !cache.listening, 'the listener to notice it was cut');
    // A change nobody hears: sent while no session listens.
    const client = await (ctx.database as { pool: pg.Pool }).pool.connect();
    try {
      await client.query('update products set stock = stock + 40 where id = $1', [id]);
    } finally {
      client.release();
    }
    expect(cache.listening).toBe(false);
    // Meanwhile every answer comes from the database.
    expect(await stockShown(url, id)).toBe(stock + 40);

    await until(() => cache.listening, 'the listener to reconnect');
    expect(await stockShown(url, id)).toBe(stock + 40);
    // And it listens again: the next change is heard.
    const before = cache.heard;
    await guestBuys(ctx.app, id, 1);
    await changeHeard(cache, before);
    expect(await stockShown(url, id)).toBe(stock + 39);
  });
});

describe.skipIf(onPostgres)('one embedded database', () => {
  it('a write by any query is heard before that query returns', async () => {
    const id = 19;
    const url = `/api/produtos/detalhes/${id}/`;
    const stock = await stockShown(url, id);
    await ctx.database.db
      .update(products)
      .set({ stock: sql`${products.stock} + 5` })
      .where(eq(products.id, id));
    expect(await stockShown(url, id)).toBe(stock + 5);
  });

  it('a "Complete o Look" change is heard too', async () => {
    const before = ctx.app.catalogCache.version;
    await ctx.database.db.execute(sql`update product_compositions set position = position`);
    expect(ctx.app.catalogCache.version).toBeGreaterThan(before);
  });
});

describe('the cache itself', () => {
  function fakeFeed() {
    const feed = { handlers: undefined as ChangeFeedHandlers | undefined } as ChangeFeed & {
      handlers: ChangeFeedHandlers | undefined;
    };
    feed.start = async (h) => {
      feed.handlers = h;
      h.listening(true);
    };
    feed.stop = async () => feed.handlers?.listening(false);
    return feed;
  }
  const log = { error: vi.fn() };

  it('keeps nothing while not listening, and drops everything when listening resumes', async () => {
    const feed = fakeFeed();
    const cache = createCatalogCache({ feed, log });
    let n = 0;
    const compute = async () => `answer ${++n}`;
    expect((await cache.memo('k', compute)).body).toBe('answer 1');
    expect((await cache.memo('k', compute)).body).toBe('answer 2');

    await cache.start();
    expect((await cache.memo('k', compute)).body).toBe('answer 3');
    expect((await cache.memo('k', compute)).body).toBe('answer 3');

    feed.handlers!.listening(false);
    expect(cache.get('k')).toBeUndefined();
    expect((await cache.memo('k', compute)).body).toBe('answer 4');
    expect((await cache.memo('k', compute)).body).toBe('answer 5');
    feed.handlers!.listening(true);
    expect((await cache.memo('k', compute)).body).toBe('answer 6');
    expect((await cache.memo('k', compute)).body).toBe('answer 6');
    await cache.stop();
  });

  it('an answer computed across a change is not kept', async () => {
    const feed = fakeFeed();
    const cache = createCatalogCache({ feed, log });
    await cache.start();
    const first = await cache.memo('k', async () => {
      feed.handlers!.changed({ kind: 'catalog' });
      return 'read before the change';
    });
    expect(first.body).toBe('read before the change');
    expect(cache.get('k')).toBeUndefined();
    expect((await cache.memo('k', async () => 'fresh')).body).toBe('fresh');
    expect(cache.get('k')?.body).toBe('fresh');
  });

  it('concurrent misses share one computation; a failure is not kept', async () => {
    const cache = createCatalogCache({ feed: fakeFeed(), log });
    await cache.start();
    let calls = 0;
    const slow = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      return 'x';
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.memo('k', slow)));
    expect(calls).toBe(1);
    expect(new Set(answers).size).toBe(1);

    await expect(cache.memo('bad', () => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(cache.get('bad')).toBeUndefined();
  });

  it('onChange hears every drop and can stop hearing; version counts them', async () => {
    const feed = fakeFeed();
    const cache = createCatalogCache({ feed, log });
    const heard = vi.fn();
    const stop = cache.onChange(heard);
    await cache.start();
    const v = cache.version;
    feed.handlers!.changed({ kind: 'catalog' });
    cache.invalidate();
    expect(cache.version).toBe(v + 2);
    expect(heard).toHaveBeenCalledTimes(3); // the connect, the notification, invalidate()
    stop();
    feed.handlers!.changed({ kind: 'catalog' });
    expect(heard).toHaveBeenCalledTimes(3);
  });

  describe('a stock change (issue 32: a sale does not empty the cache)', () => {
    const stock = (products: number[] | null) => ({ kind: 'stock' as const, products });

    it('drops what shows that stock after stockDelayMs, together, and keeps the rest', async () => {
      vi.useFakeTimers();
      try {
        const feed = fakeFeed();
        const cache = createCatalogCache({ feed, log, stockDelayMs: 500 });
        await cache.start();
        const v = cache.version;
        await cache.memo('list', async () => 'every piece');
        await cache.memo('piece 1', async () => 'piece 1', { shows: [1] });
        await cache.memo('piece 2', async () => 'piece 2', { shows: [2] });

        feed.handlers!.changed(stock([1]));
        vi.advanceTimersByTime(300);
        feed.handlers!.changed(stock([1]));
        // Within the delay: still the kept answers (what a shopper may read for half a second).
        expect(cache.get('list')?.body).toBe('every piece');
        expect(cache.get('piece 1')?.body).toBe('piece 1');
        vi.advanceTimersByTime(200);
        // Both changes at once, 500 ms after the first: the list and piece 1, not piece 2.
        expect(cache.get('list')).toBeUndefined();
        expect(cache.get('piece 1')).toBeUndefined();
        expect(cache.get('piece 2')?.body).toBe('piece 2');
        expect(cache.version).toBe(v); // not a drop of the whole catalog
        await cache.stop();
      } finally {
        vi.useRealTimers();
      }
    });

    it('a page made of kept answers shows what they show, and has seen what the oldest had', async () => {
      vi.useFakeTimers();
      try {
        const feed = fakeFeed();
        const cache = createCatalogCache({ feed, log, stockDelayMs: 500 });
        await cache.start();
        const piece1 = await cache.memo('piece 1', async () => 'piece 1', { shows: [1] });
        // A sale of piece 1 heard, its refresh not yet due: piece 1's answer is still kept.
        feed.handlers!.changed(stock([1]));
        // A page rendered now from it (as web-app.ts renders, its API answers sent by
        // sendCached to requests carrying the collect's token).
        const reply = {
          header: () => reply,
          code: () => reply,
          type: () => reply,
          send: () => reply,
        } as unknown as FastifyReply;
        const page = await cache.collect(async (token) => {
          const req = { headers: { [GATHER_HEADER]: token } } as unknown as FastifyRequest;
          await sendCached(req, reply, piece1, 'application/json');
          return 'page of piece 1';
        });
        expect(page).toMatchObject({ answers: 1, shows: [1] });
        await cache.memo('page', async () => ({
          body: page.value,
          shows: page.shows,
          since: page.since,
        }));
        await cache.memo('page 2', async () => ({ body: 'page of piece 2', shows: [2] }));
        vi.advanceTimersByTime(500);
        // The sale's refresh drops the page too: it was made from an answer that had not seen it.
        expect(cache.get('piece 1')).toBeUndefined();
        expect(cache.get('page')).toBeUndefined();
        expect(cache.get('page 2')?.body).toBe('page of piece 2');
        await cache.stop();
      } finally {
        vi.useRealTimers();
      }
    });

    it('a change naming no products refreshes every answer that shows stock', async () => {
      const feed = fakeFeed();
      const cache = createCatalogCache({ feed, log });
      await cache.start();
      await cache.memo('piece 2', async () => 'piece 2', { shows: [2] });
      feed.handlers!.changed(stock(null));
      expect(cache.get('piece 2')).toBeUndefined();
    });

    it('an answer computed across a stock change is kept, then refreshed with it', async () => {
      vi.useFakeTimers();
      try {
        const feed = fakeFeed();
        const cache = createCatalogCache({ feed, log, stockDelayMs: 500 });
        await cache.start();
        // The change is heard and its refresh runs while the answer is still being computed.
        const answer = await cache.memo('list', async () => {
          feed.handlers!.changed(stock([7]));
          vi.advanceTimersByTime(500);
          return 'read before the sale';
        });
        expect(answer.body).toBe('read before the sale');
        // Kept (a sale would otherwise never let anything be kept)...
        expect(cache.get('list')?.body).toBe('read before the sale');
        // ...and gone within the delay, though its change's own refresh had already run.
        vi.advanceTimersByTime(500);
        expect(cache.get('list')).toBeUndefined();
        await cache.memo('list', async () => 'after the sale');
        vi.advanceTimersByTime(1000);
        expect(cache.get('list')?.body).toBe('after the sale');
        await cache.stop();
      } finally {
        vi.useRealTimers();
      }
    });

    it('a page by band stays through sales of its pieces and goes when one changes band', async () => {
      const feed = fakeFeed();
      const cache = createCatalogCache({ feed, log });
      await cache.start();
      const shown = (products: number[] | null) => ({ kind: 'shown' as const, products });
      await cache.memo('page of 1', async () => ({ body: 'page of 1', shows: [1] }), {
        stockAsShown: true,
      });
      await cache.memo('detail of 1', async () => 'detail of 1', { shows: [1] });
      // A page that may show any piece (a 'mais vendidos' order) goes with any sale, band or not.
      await cache.memo('best sellers', async () => ({ body: 'best sellers', shows: null }), {
        stockAsShown: true,
      });
      feed.handlers!.changed(stock([1]));
      expect(cache.get('page of 1')?.body).toBe('page of 1');
      expect(cache.get('detail of 1')).toBeUndefined();
      expect(cache.get('best sellers')).toBeUndefined();

      // A change of band of another piece: still kept.
      feed.handlers!.changed(stock([2]));
      feed.handlers!.changed(shown([2]));
      expect(cache.get('page of 1')?.body).toBe('page of 1');
      // Of its own piece: gone.
      feed.handlers!.changed(stock([1]));
      feed.handlers!.changed(shown([1]));
      expect(cache.get('page of 1')).toBeUndefined();

      // Too many pieces to name: every page by band goes.
      await cache.memo('page of 3', async () => ({ body: 'page of 3', shows: [3] }), {
        stockAsShown: true,
      });
      await cache.memo('detail of 4', async () => 'detail of 4', { shows: [4] });
      feed.handlers!.changed(shown(null));
      expect(cache.get('page of 3')).toBeUndefined();
      // A change of band alone says nothing new to an answer with the exact stock.
      expect(cache.get('detail of 4')?.body).toBe('detail of 4');
      await cache.stop();
    });

    it('with stockDelayMs 0 a stock change drops what shows it at once', async () => {
      const feed = fakeFeed();
      const cache = createCatalogCache({ feed, log });
      await cache.start();
      await cache.memo('piece 1', async () => 'piece 1', { shows: [1] });
      await cache.memo('piece 3', async () => 'piece 3', { shows: [3] });
      feed.handlers!.changed(stock([1, 2]));
      expect(cache.get('piece 1')).toBeUndefined();
      expect(cache.get('piece 3')?.body).toBe('piece 3');
    });
  });

  it('reads what a notification says changed', () => {
    expect(parseCatalogChange('')).toEqual({ kind: 'catalog' });
    expect(parseCatalogChange(undefined)).toEqual({ kind: 'catalog' });
    expect(parseCatalogChange('stock')).toEqual({ kind: 'stock', products: null });
    expect(parseCatalogChange('stock:3,14')).toEqual({ kind: 'stock', products: [3, 14] });
    expect(parseCatalogChange('shown:3,14')).toEqual({ kind: 'shown', products: [3, 14] });
    expect(parseCatalogChange('shown')).toEqual({ kind: 'shown', products: null });
    expect(parseCatalogChange('shown:x')).toEqual({ kind: 'catalog' });
    // Anything else is read as the larger change, never as a smaller one.
    expect(parseCatalogChange('stock:3,x')).toEqual({ kind: 'catalog' });
    expect(parseCatalogChange('stock:')).toEqual({ kind: 'catalog' });
    expect(parseCatalogChange('preço')).toEqual({ kind: 'catalog' });
  });

  it('holds at most maxBytes, dropping the least recently used', async () => {
    const cache = createCatalogCache({ feed: fakeFeed(), log, maxBytes: 1500 });
    await cache.start();
    const text = 'x'.repeat(200); // 601 bytes: the string, its UTF-8 bytes and the key
    await cache.memo('a', async () => text);
    await cache.memo('b', async () => text);
    await cache.memo('a', async () => 'not used: a is kept');
    await cache.memo('c', async () => text);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.stats.bytes).toBeLessThanOrEqual(1500);
  });

  it('compresses an answer once per coding', async () => {
    const cache = createCatalogCache({ feed: fakeFeed(), log });
    await cache.start();
    const answer = await cache.memo('k', async () => JSON.stringify({ text: 'ouro '.repeat(500) }));
    const [a, b] = await Promise.all([answer.encoded('br'), answer.encoded('br')]);
    expect(a).toBe(b);
    expect(brotliDecompressSync(a).toString()).toBe(answer.body);
    expect(gunzipSync(await answer.encoded('gzip')).toString()).toBe(answer.body);
  });
});

describe('Accept-Encoding and If-None-Match', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', undefined],
  ] as const)('%s -> %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });

  it('If-None-Match compares weakly, coding suffixes included, and never matches junk', () => {
    const etag = '"abc"';
    expect(matchesIfNoneMatch('"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc-br"', etag)).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc-gzip"', etag)).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', etag)).toBe(false);
    expect(matchesIfNoneMatch('abc', etag)).toBe(false);
    expect(matchesIfNoneMatch('"abc-zstd"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});
