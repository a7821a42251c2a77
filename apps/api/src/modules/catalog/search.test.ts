/**
 * The shop's search (docs/search-contract.md): the results page's call, GET /api/busca/, and the
 * tolerance both it and the header's dropdown share — typos of a letter or two, accents and case
 * — on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGE_SIZE } from '@semijoias/domain/catalog';
import { catalogSeed } from '../../db/catalog-data.js';
import { products } from '../../db/schema.js';
import { useTestApp } from '../../../test/helpers.js';
import type { ProductJson, SearchPageJson } from './schemas.js';

const ctx = useTestApp();

const inCategory = (name: string) => catalogSeed.filter((p) => p.category === name);
/** The pieces named 'Colar …' (the near try reads the name). */
const namedColar = catalogSeed.filter((p) => /\bColar\b/.test(p.name));

async function page<T = SearchPageJson>(query: string, status = 200): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/busca/?${query}` });
  expect(res.statusCode, `${query}: ${res.body.slice(0, 300)}`).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<T>();
}

const search = (text: string, rest = '') => page(`q=${encodeURIComponent(text)}${rest}`);

async function dropdown(text: string): Promise<ProductJson[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/buscar/produtos/?search=${encodeURIComponent(text)}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<ProductJson[]>();
}

const names = (list: ProductJson[]) => list.map((p) => p.name);

describe('GET /api/busca/?q=: what it finds', () => {
  it('"colr" (a letter missing) finds the colares, said to be near', async () => {
    const found = await search('colr');
    expect(found.aproximada).toBe(true);
    expect(found.total).toBe(namedColar.length);
    expect(found.results.every((p) => p.category === 'Colar')).toBe(true);
    expect(names(found.results).sort()).toEqual(namedColar.map((p) => p.name).sort());
  });

  it('"brinko" (a wrong letter) finds the brincos', async () => {
    const found = await search('brinko');
    expect(found.aproximada).toBe(true);
    expect(found.total).toBeGreaterThan(10);
    // The brincos, and the bride's set 'Colar e Brincos'.
    for (const p of found.results) expect(p.name).toMatch(/Brinco/);
  });

  it('"brinco perola" finds "Brinco Pérola Shell 8 mm Dourado", as typed', async () => {
    const found = await search('brinco perola');
    expect(found.aproximada).toBe(false);
    expect(names(found.results)).toContain('Brinco Pérola Shell 8 mm Dourado');
    expect(found.results.every((p) => p.category === 'Brinco')).toBe(true);
  });

  it.each(['ANEIS', 'anéis', 'Anel'])('"%s" finds every ring and only them', async (text) => {
    const found = await search(text);
    expect(found.aproximada).toBe(false);
    expect(found.total).toBe(inCategory('Anel').length);
    expect(found.results.every((p) => p.category === 'Anel')).toBe(true);
  });

  it('a near word and a word as typed together: "brinko perola"', async () => {
    const found = await search('brinko perola');
    expect(found.aproximada).toBe(true);
    expect(names(found.results)).toContain('Brinco Pérola Shell 8 mm Dourado');
    expect(found.results.every((p) => p.category === 'Brinco')).toBe(true);
  });

  it('"brinco prola": brinco as typed, prola near Pérola', async () => {
    const found = await search('brinco prola');
    expect(found.aproximada).toBe(true);
    expect(names(found.results)).toContain('Brinco Pérola Shell 8 mm Dourado');
    for (const p of found.results) expect(p.name).toMatch(/Brinco.*pérola/i);
  });

  it('words as typed never bring near ones along: "colar" is the colares and nothing near', async () => {
    const found = await search('colar');
    expect(found.aproximada).toBe(false);
    expect(found.results.every((p) => p.category === 'Colar')).toBe(true);
  });

  it('a word shorter than four letters is never taken as a typo', async () => {
    expect(await search('anl')).toEqual({ results: [], total: 0, aproximada: false });
  });

  it('a piece the owners hid is found by neither try', async () => {
    const [hidden] = await ctx.database.db
      .update(products)
      .set({ hiddenAt: new Date() })
      .where(eq(products.name, 'Colar Ponto de Luz Zircônia Dourado'))
      .returning({ id: products.id });
    ctx.app.catalogCache.invalidate();
    try {
      const near = await search('colr');
      expect(near.total).toBe(namedColar.length - 1);
      expect(near.results.map((p) => p.id)).not.toContain(hidden!.id);
      const typed = await search('colar ponto luz');
      expect(typed.results.map((p) => p.id)).not.toContain(hidden!.id);
    } finally {
      await ctx.database.db
        .update(products)
        .set({ hiddenAt: null })
        .where(eq(products.id, hidden!.id));
      ctx.app.catalogCache.invalidate();
    }
  });
});

describe('GET /api/busca/?q=: pages', () => {
  it('pages through every result once, the total on every page', async () => {
    const all = await search('dourado', '&limit=100');
    expect(all.total).toBe(all.results.length);
    expect(all.total).toBeGreaterThan(12);
    const seen: number[] = [];
    for (let offset = 0; offset < all.total; offset += 5) {
      const one = await search('dourado', `&limit=5&offset=${offset}`);
      expect(one.total).toBe(all.total);
      expect(one.results.length).toBe(Math.min(5, all.total - offset));
      seen.push(...one.results.map((p) => p.id));
    }
    expect(seen).toEqual(all.results.map((p) => p.id));
  });

  it('the near try pages alike, the closest first', async () => {
    const all = await search('colr', '&limit=100');
    const first = await search('colr', '&limit=3');
    const second = await search('colr', '&limit=3&offset=3');
    expect([...first.results, ...second.results].map((p) => p.id)).toEqual(
      all.results.slice(0, 6).map((p) => p.id),
    );
    expect(second.total).toBe(all.total);
    expect(second.aproximada).toBe(true);
  });

  it('a page past the end has no results and still the total', async () => {
    const found = await search('colr', '&offset=500');
    expect(found).toEqual({ results: [], total: namedColar.length, aproximada: true });
    const typed = await search('anel', '&offset=500');
    expect(typed).toEqual({ results: [], total: inCategory('Anel').length, aproximada: false });
  });

  it(`a category's page size (${CATEGORY_PAGE_SIZE}) by default`, async () => {
    const found = await search('banho');
    expect(found.total).toBeGreaterThan(CATEGORY_PAGE_SIZE);
    expect(found.results.length).toBe(CATEGORY_PAGE_SIZE);
  });
});

describe('GET /api/busca/?q=: nothing found, and bad requests', () => {
  it.each(['xyzzyqq', 'anel xyzzyqq', '%', '[a-z]', "'; drop table products; --"])(
    '"%s" finds nothing',
    async (text) => {
      expect(await search(text)).toEqual({ results: [], total: 0, aproximada: false });
    },
  );

  it('an empty or missing text finds nothing', async () => {
    expect(await search('   ')).toEqual({ results: [], total: 0, aproximada: false });
    expect(await page('')).toEqual({ results: [], total: 0, aproximada: false });
  });

  it('answers 400 in Portuguese to a text over 100 characters, a bad page or another key', async () => {
    const refused = (query: string) => page<{ error: string; errors?: object }>(query, 400);
    expect(await refused(`q=${'a'.repeat(101)}`)).toMatchObject({
      errors: { q: ['A busca deve ter no máximo 100 caracteres.'] },
    });
    expect(await refused('q=anel&limit=0')).toMatchObject({
      errors: { limit: ['O limite deve ser um número inteiro entre 1 e 100.'] },
    });
    expect((await refused('q=anel&offset=-1')).error).toBeTruthy();
    expect((await refused('q=anel&ordem=preco')).error).toBeTruthy();
  });
});

describe("the header's dropdown (GET /api/buscar/produtos/) tolerates the same", () => {
  it('"colr" lists colares; "ANEIS" the rings; "brinco perola" the pearl earrings', async () => {
    const colares = await dropdown('colr');
    expect(colares.length).toBeGreaterThan(0);
    expect(colares.every((p) => p.category === 'Colar')).toBe(true);
    expect((await dropdown('ANEIS')).every((p) => p.category === 'Anel')).toBe(true);
    expect(names(await dropdown('brinco perola'))).toContain('Brinco Pérola Shell 8 mm Dourado');
  });
});
