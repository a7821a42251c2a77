/**
 * A listing's sort and filters (docs/search-contract.md, 'Sort and filters'): a category's page
 * (GET /api/produtos/{categoria}/) and the search's (GET /api/busca/) read the same parameters,
 * and /filtros/ tells what they may offer. Expected answers are computed here from the seeded
 * rows. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { compareSizes, PLATINGS } from '@semijoias/domain/listing';
import { centsToDecimal } from '@semijoias/domain/money';
import { products, productVariations } from '../../db/schema.js';
import { useTestApp } from '../../../test/helpers.js';
import type { ListingFacetsJson, ProductPageJson, SearchPageJson } from './schemas.js';

const ctx = useTestApp();

interface Row {
  id: number;
  name: string;
  category: string;
  priceCents: number;
  novo: boolean;
  promocao: boolean;
  salesCount: number;
  plating: string | null;
  createdAt: Date;
  /** Its live sizes with stock. */
  sizes: string[];
}

let rows: Row[] = [];
const rings = () => rows.filter((r) => r.category === 'Anel');

beforeAll(async () => {
  const db = ctx.database.db;
  // Two pieces of one category made the same day, one NOVO: 'Novidades' must put the NOVO first
  // and, among the others, the newest first.
  const all = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      priceCents: products.priceCents,
      novo: products.novo,
      promocao: products.promocao,
      salesCount: products.salesCount,
      plating: products.plating,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(isNull(products.hiddenAt));
  const sizes = await db
    .select({ productId: productVariations.productId, name: productVariations.name })
    .from(productVariations)
    .where(and(isNull(productVariations.archivedAt)));
  const stocked = await db
    .select({
      productId: productVariations.productId,
      name: productVariations.name,
      stock: productVariations.stock,
    })
    .from(productVariations)
    .where(isNull(productVariations.archivedAt));
  expect(sizes.length).toBeGreaterThan(0);
  rows = all.map((p) => ({
    ...p,
    sizes: stocked.filter((v) => v.productId === p.id && v.stock > 0).map((v) => v.name),
  }));
});

async function get<T>(url: string, status = 200): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
  return res.json<T>();
}

const ids = (page: { results: { id: number }[] }) => page.results.map((p) => p.id);
const byId = (a: Row, b: Row) => a.id - b.id;

/** Every page of a listing, `limit` at a time: the ids in order, and each page's total. */
async function allPages(url: string, limit: number): Promise<{ ids: number[]; totals: number[] }> {
  const seen: number[] = [];
  const totals: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await get<ProductPageJson>(`${url}&limit=${limit}&offset=${offset}`);
    totals.push(page.total);
    seen.push(...ids(page));
    if (page.results.length < limit) break;
  }
  return { ids: seen, totals };
}

describe('a category sorted', () => {
  it("'relevancia' (and no parameter) is the catalogue's order, by id", async () => {
    const plain = await get<ProductPageJson>('/api/produtos/aneis/?limit=100');
    const relevance = await get<ProductPageJson>('/api/produtos/aneis/?limit=100&ordem=relevancia');
    expect(ids(plain)).toEqual(
      rings()
        .sort(byId)
        .map((r) => r.id),
    );
    expect(ids(relevance)).toEqual(ids(plain));
  });

  it.each([
    ['mais-vendidos', (a: Row, b: Row) => b.salesCount - a.salesCount || a.id - b.id],
    ['menor-preco', (a: Row, b: Row) => a.priceCents - b.priceCents || a.id - b.id],
    ['maior-preco', (a: Row, b: Row) => b.priceCents - a.priceCents || a.id - b.id],
    [
      'novidades',
      (a: Row, b: Row) =>
        Number(b.novo) - Number(a.novo) ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        b.id - a.id,
    ],
  ] as const)('%s', async (sort, compare) => {
    const page = await get<ProductPageJson>(`/api/produtos/aneis/?limit=100&ordem=${sort}`);
    expect(ids(page)).toEqual([...rings()].sort(compare).map((r) => r.id));
    expect(page.total).toBe(rings().length);
  });

  it('pages of a sort with ties never share a piece nor skip one', async () => {
    const whole = ids(
      await get<ProductPageJson>('/api/produtos/brincos/?limit=100&ordem=menor-preco'),
    );
    const paged = await allPages('/api/produtos/brincos/?ordem=menor-preco', 4);
    expect(paged.ids).toEqual(whole);
    expect(new Set(paged.ids).size).toBe(whole.length);
    expect(new Set(paged.totals)).toEqual(new Set([whole.length]));
  });

  it("'Novidades' puts the NOVO pieces first", async () => {
    const page = await get<ProductPageJson>('/api/produtos/aneis/?limit=100&ordem=novidades');
    const novo = page.results.map((p) => p.novo);
    expect(novo[0]).toBe(true);
    expect(novo).toEqual([...novo].sort((a, b) => Number(b) - Number(a)));
  });
});

describe('a category filtered', () => {
  it('by price, both ends included, on the price she pays', async () => {
    const prices = rings()
      .map((r) => r.priceCents)
      .sort((a, b) => a - b);
    const low = prices[2]!;
    const high = prices[prices.length - 3]!;
    const url = `/api/produtos/aneis/?limit=100&preco_min=${low / 100}&preco_max=${high / 100}`;
    const page = await get<ProductPageJson>(url);
    const expected = rings().filter((r) => r.priceCents >= low && r.priceCents <= high);
    expect(ids(page)).toEqual(expected.sort(byId).map((r) => r.id));
    expect(page.total).toBe(expected.length);
    expect(page.total).toBeLessThan(rings().length);
  });

  it('a price with centavos, written with a comma or a dot', async () => {
    const cheapest = Math.min(...rings().map((r) => r.priceCents));
    const reais = centsToDecimal(cheapest);
    for (const written of [reais, reais.replace('.', ',')]) {
      const page = await get<ProductPageJson>(
        `/api/produtos/aneis/?limit=100&preco_max=${encodeURIComponent(written)}`,
      );
      expect(page.results.every((p) => Math.round(Number(p.price) * 100) <= cheapest)).toBe(true);
      expect(page.total).toBe(rings().filter((r) => r.priceCents === cheapest).length);
    }
  });

  it('by plating, one or several', async () => {
    const rodio = await get<ProductPageJson>('/api/produtos/aneis/?limit=100&banho=rodio');
    expect(ids(rodio)).toEqual(
      rings()
        .filter((r) => r.plating === 'rodio')
        .sort(byId)
        .map((r) => r.id),
    );
    expect(rodio.total).toBeGreaterThan(0);
    const both = await get<ProductPageJson>(
      '/api/produtos/aneis/?limit=100&banho=rodio&banho=rose',
    );
    expect(ids(both)).toEqual(
      rings()
        .filter((r) => r.plating === 'rodio' || r.plating === 'rose')
        .sort(byId)
        .map((r) => r.id),
    );
    expect(both.total).toBeGreaterThan(rodio.total);
  });

  it('by size in stock: a size with no unit left does not count', async () => {
    // A ring size some rings have in stock and others have at 0.
    const withSize = (size: string) => rings().filter((r) => r.sizes.includes(size));
    const size = ['12', '13', '24', '25', '26'].find(
      (s) =>
        withSize(s).length > 0 &&
        withSize(s).length < rings().filter((r) => r.sizes.length > 0).length,
    )!;
    expect(size).toBeDefined();
    const page = await get<ProductPageJson>(`/api/produtos/aneis/?limit=100&tamanho=${size}`);
    expect(ids(page)).toEqual(
      withSize(size)
        .sort(byId)
        .map((r) => r.id),
    );
    expect(page.results.every((p) => p.tem_variacoes)).toBe(true);
  });

  it("'Em promoção'", async () => {
    const page = await get<ProductPageJson>('/api/produtos/brincos/?limit=100&promocao=1');
    const expected = rows.filter((r) => r.category === 'Brinco' && r.promocao);
    expect(ids(page)).toEqual(expected.sort(byId).map((r) => r.id));
    expect(page.results.every((p) => p.promocao && p.preco_original !== null)).toBe(true);
    const off = await get<ProductPageJson>('/api/produtos/brincos/?limit=100&promocao=0');
    expect(off.total).toBe(rows.filter((r) => r.category === 'Brinco').length);
  });

  it('filters together, sorted, paged: the total is the filtered one', async () => {
    const expected = rows
      .filter(
        (r) =>
          r.category === 'Anel' &&
          r.plating === 'dourado' &&
          r.priceCents >= 5000 &&
          r.sizes.includes('16'),
      )
      .sort((a, b) => b.priceCents - a.priceCents || a.id - b.id)
      .map((r) => r.id);
    expect(expected.length).toBeGreaterThan(2);
    const paged = await allPages(
      '/api/produtos/aneis/?ordem=maior-preco&banho=dourado&preco_min=50&tamanho=16',
      2,
    );
    expect(paged.ids).toEqual(expected);
    expect(new Set(paged.totals)).toEqual(new Set([expected.length]));
  });

  it('nothing left: an empty page, total 0', async () => {
    const page = await get<ProductPageJson>('/api/produtos/aneis/?preco_min=99999');
    expect(page).toEqual({ results: [], total: 0 });
  });
});

describe('what the filters offer: /filtros/', () => {
  it('a category: its platings, sizes in stock, prices and promos, counted', async () => {
    const facets = await get<ListingFacetsJson>('/api/produtos/aneis/filtros/');
    const list = rings();
    expect(facets.total).toBe(list.length);
    const platings = PLATINGS.flatMap((p) => {
      const n = list.filter((r) => r.plating === p.code).length;
      return n > 0 ? [{ codigo: p.code, nome: p.label, quantidade: n }] : [];
    });
    expect(facets.banhos).toEqual(platings);
    const sizes = [...new Set(list.flatMap((r) => r.sizes))].sort(compareSizes);
    expect(facets.tamanhos).toEqual(
      sizes.map((nome) => ({
        nome,
        quantidade: list.filter((r) => r.sizes.includes(nome)).length,
      })),
    );
    const prices = list.map((r) => r.priceCents);
    expect(facets.preco_min).toBe(centsToDecimal(Math.min(...prices)));
    expect(facets.preco_max).toBe(centsToDecimal(Math.max(...prices)));
    expect(facets.promocao).toBe(list.filter((r) => r.promocao).length);
  });

  it('a category without sizes offers none', async () => {
    const facets = await get<ListingFacetsJson>('/api/produtos/brincos/filtros/');
    expect(facets.tamanhos).toEqual(
      [...new Set(rows.filter((r) => r.category === 'Brinco').flatMap((r) => r.sizes))].map(
        (nome) => expect.objectContaining({ nome }),
      ),
    );
    expect(facets.banhos.length).toBeGreaterThan(1);
  });

  it('a search: counted on what its words find, the near try too', async () => {
    const facets = await get<ListingFacetsJson>('/api/busca/filtros/?q=rodio');
    const found = rows.filter((r) => /R[óo]dio/i.test(r.name) || r.plating?.startsWith('rodio'));
    expect(facets.total).toBeGreaterThan(0);
    expect(facets.banhos.map((b) => b.codigo)).toContain('rodio');
    expect(facets.total).toBeLessThanOrEqual(found.length + 10);
    const near = await get<ListingFacetsJson>('/api/busca/filtros/?q=colr');
    expect(near.total).toBe((await get<SearchPageJson>('/api/busca/?q=colr&limit=100')).total);
    expect(await get<ListingFacetsJson>('/api/busca/filtros/?q=xyzzyqq')).toEqual({
      total: 0,
      banhos: [],
      tamanhos: [],
      preco_min: null,
      preco_max: null,
      promocao: 0,
    });
  });

  it('an unknown category is a 404; an unknown parameter a 400', async () => {
    await get('/api/produtos/relogios/filtros/', 404);
    await get('/api/busca/filtros/?q=anel&ordem=menor-preco', 400);
  });
});

describe('the search sorted and filtered', () => {
  it('the same parameters as a category', async () => {
    const found = await get<SearchPageJson>(
      '/api/busca/?q=anel&limit=100&banho=rodio&ordem=menor-preco',
    );
    const expected = rings()
      .filter((r) => r.plating === 'rodio')
      .sort((a, b) => a.priceCents - b.priceCents || a.id - b.id)
      .map((r) => r.id);
    expect(ids(found)).toEqual(expected);
    expect(found).toMatchObject({ total: expected.length, aproximada: false });
  });

  it("'relevancia' keeps the search's ranking (best sellers first)", async () => {
    const plain = await get<SearchPageJson>('/api/busca/?q=anel&limit=100');
    const relevance = await get<SearchPageJson>('/api/busca/?q=anel&limit=100&ordem=relevancia');
    expect(ids(relevance)).toEqual(ids(plain));
    const sold = await get<SearchPageJson>('/api/busca/?q=anel&limit=100&ordem=mais-vendidos');
    expect(ids(sold)).toEqual(ids(plain));
  });

  it('a typo, filtered: the near try filtered', async () => {
    const all = await get<SearchPageJson>('/api/busca/?q=colr&limit=100');
    const promo = await get<SearchPageJson>('/api/busca/?q=colr&limit=100&promocao=1');
    expect(promo.aproximada).toBe(true);
    expect(ids(promo)).toEqual(all.results.filter((p) => p.promocao).map((p) => p.id));
  });

  it('words found, filters leaving nothing: empty, not a typo', async () => {
    const found = await get<SearchPageJson>('/api/busca/?q=anel&preco_min=99999');
    expect(found).toEqual({ results: [], total: 0, aproximada: false });
  });
});

describe('bad values: 400 with a Portuguese message under errors.<param>', () => {
  it.each([
    ['ordem=barato', 'ordem', 'Ordem desconhecida'],
    ['preco_min=abc', 'preco_min', 'O preço mínimo deve ser um valor em reais'],
    ['preco_max=-5', 'preco_max', 'O preço máximo deve ser um valor em reais'],
    [
      'preco_min=200&preco_max=100',
      'preco_min',
      'O preço mínimo deve ser menor ou igual ao máximo.',
    ],
    ['banho=ouro', 'banho', 'Banho desconhecido'],
    ['banho=dourado&banho=ouro', 'banho', 'Banho desconhecido'],
    [`tamanho=${'x'.repeat(31)}`, 'tamanho', 'Informe cada tamanho'],
    ['tamanho=%20', 'tamanho', 'Informe cada tamanho'],
    ['promocao=sim', 'promocao', 'Use promocao=1'],
    ['cor=azul', 'cor', ''],
  ])('%s', async (query, field, message) => {
    for (const base of ['/api/produtos/aneis/?', '/api/busca/?q=anel&']) {
      const res = await ctx.app.inject({ method: 'GET', url: `${base}${query}` });
      expect(res.statusCode, `${base}${query}`).toBe(400);
      const body = res.json<{ error: string; errors: Record<string, string[]> }>();
      expect(body.errors[field]?.[0]).toContain(message);
      expect(body.error).not.toMatch(/zod|invalid_|Expected/i);
    }
  });
});

describe('hidden pieces', () => {
  it('are in no filtered page nor counted by /filtros/', async () => {
    const rodio = rings().filter((r) => r.plating === 'rodio');
    const hidden = rodio[0]!;
    const before = await get<ListingFacetsJson>('/api/produtos/aneis/filtros/');
    await ctx.database.db
      .update(products)
      .set({ hiddenAt: new Date() })
      .where(eq(products.id, hidden.id));
    try {
      await vi.waitFor(
        async () => {
          const page = await get<ProductPageJson>('/api/produtos/aneis/?limit=100&banho=rodio');
          expect(page.total).toBe(rodio.length - 1);
          expect(ids(page)).not.toContain(hidden.id);
        },
        { timeout: 2000, interval: 10 },
      );
      const facets = await get<ListingFacetsJson>('/api/produtos/aneis/filtros/');
      expect(facets.total).toBe(before.total - 1);
      expect(facets.banhos.find((b) => b.codigo === 'rodio')?.quantidade ?? 0).toBe(
        rodio.length - 1,
      );
      const search = await get<SearchPageJson>('/api/busca/?q=anel&limit=100&banho=rodio');
      expect(ids(search)).not.toContain(hidden.id);
    } finally {
      await ctx.database.db
        .update(products)
        .set({ hiddenAt: null })
        .where(eq(products.id, hidden.id));
    }
  });
});

describe('the catalog cache', () => {
  it('one answer for the same filters in any order; a sale of its piece drops it', async () => {
    const a = await ctx.app.inject({
      method: 'GET',
      url: '/api/produtos/aneis/?banho=rose&banho=dourado&ordem=menor-preco',
    });
    const b = await ctx.app.inject({
      method: 'GET',
      url: '/api/produtos/aneis/?ordem=menor-preco&banho=dourado&banho=rose',
    });
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(a.body).toBe(b.body);
    const cache = ctx.app.catalogCache;
    const key = 'api:produtos:Anel:36:0?ordem=menor-preco&banho=dourado&banho=rose';
    expect(cache.get(key)).toBeDefined();
  });
});
