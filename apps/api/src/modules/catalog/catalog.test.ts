import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  CAROUSEL_SLIDES,
  CATEGORIES,
  CATEGORY_PAGE_SIZE,
  FEATURED_COUNT,
} from '@semijoias/domain/catalog';
import { centsToDecimal } from '@semijoias/domain/money';
import { DEFAULT_MAX_UNITS_PER_CUSTOMER } from '@semijoias/domain/purchase-limits';
import { catalogSeed, type SeedProduct } from '../../db/catalog-data.js';
import { paymentSettings, products } from '../../db/schema.js';
import { useTestApp } from '../../../test/helpers.js';
import type { ProductDetailJson, ProductJson, ProductPageJson } from './schemas.js';
import { escapeRegex } from './service.js';

const ctx = useTestApp();

const PRODUCT_KEYS = [
  'id',
  'name',
  'price',
  'preco_original',
  'description',
  'category',
  'image',
  'img_pessoa',
  'image_carrossel',
  'composicao_img_1',
  'composicao_img_2',
  'composicao_img_3',
  'composicoes',
  'novo',
  'promocao',
  'estoque',
  'tem_variacoes',
  'avaliacao_media',
  'avaliacoes_total',
].sort();
const SUMMARY_KEYS = [
  'id',
  'name',
  'price',
  'image',
  'category',
  'novo',
  'promocao',
  'tem_variacoes',
].sort();
/** The product page's answer adds the sizes of a piece sold by size. */
const DETAIL_KEYS = [...PRODUCT_KEYS, 'nome_variacao', 'variacoes', 'maximo_por_cliente'].sort();

/** A product as every list answers it. */
const expectProduct = (p: ProductJson) => expectProductAs(p, PRODUCT_KEYS);

const seedByName = new Map(catalogSeed.map((p) => [p.name, p]));
const seedByKey = new Map(catalogSeed.map((p) => [p.key, p]));
const inCategory = (name: string) => catalogSeed.filter((p) => p.category === name);

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

async function getJson<T>(url: string, status = 200): Promise<T> {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<T>();
}

function seedOf(p: ProductJson): SeedProduct {
  const seed = seedByName.get(p.name);
  if (!seed) throw new Error(`product not in the seed: ${p.name}`);
  return seed;
}

/** The exact wire shape of a product, checked against the seed it came from. */
function expectProductAs(p: ProductJson, keys: string[]) {
  expect(Object.keys(p).sort()).toEqual(keys);
  const seed = seedOf(p);
  expect(p.tem_variacoes).toBe(seed.variations !== undefined);
  expect(p.id).toBeTypeOf('number');
  expect(p.category).toBe(seed.category);
  expect(p.price).toBe(centsToDecimal(seed.priceCents));
  expect(p.price).toMatch(/^\d+\.\d{2}$/);
  expect(p.preco_original).toBe(
    seed.originalPriceCents === undefined ? null : centsToDecimal(seed.originalPriceCents),
  );
  expect(p.description).toBe(seed.description);
  expect(p.novo).toBe(seed.novo);
  expect(p.promocao).toBe(seed.promocao);
  expect(p.estoque).toBe(seed.stock);
  // The seed has no reviews (docs/reviews-contract.md).
  expect(p.avaliacao_media).toBeNull();
  expect(p.avaliacoes_total).toBe(0);
  expect(p.image).toBe(`/media/produtos/${seed.key}.svg`);
  expect(p.img_pessoa).toBe(`/media/produtos/${seed.key}-pessoa.svg`);
  expect(p.image_carrossel).toBe(`/media/produtos/${seed.key}-carrossel.svg`);
  expect(p.composicao_img_1).toBe(`/media/produtos/${seed.key}-look-1.svg`);
  expect(p.composicao_img_2).toBe(`/media/produtos/${seed.key}-look-2.svg`);
  expect(p.composicao_img_3).toBe(seed.hasLook3 ? `/media/produtos/${seed.key}-look-3.svg` : null);
  // "Complete o Look": the seed's keys, in the seed's order, as short products.
  expect(p.composicoes.map((c) => c.produto.name)).toEqual(
    seed.composicoes.map((k) => seedByKey.get(k)!.name),
  );
  for (const c of p.composicoes) {
    expect(Object.keys(c).sort()).toEqual(['id', 'produto']);
    expect(Object.keys(c.produto).sort()).toEqual(SUMMARY_KEYS);
    expect(c.id).toBe(c.produto.id);
    const composed = seedByName.get(c.produto.name)!;
    expect(c.produto.price).toBe(centsToDecimal(composed.priceCents));
    expect(c.produto.image).toBe(`/media/produtos/${composed.key}.svg`);
    expect(c.produto.category).toBe(composed.category);
    expect(c.produto.novo).toBe(composed.novo);
    expect(c.produto.promocao).toBe(composed.promocao);
  }
}

describe('GET /api/health/', () => {
  it('answers ok', async () => {
    expect(await getJson('/api/health/')).toEqual({ status: 'ok' });
  });
  it('answers ready when the database answers', async () => {
    expect(await getJson('/api/health/ready/')).toEqual({ status: 'ok' });
  });
});

describe('GET /api/listar_produtos/', () => {
  it('lists every seeded product, by id, in the product shape', async () => {
    const list = await getJson<ProductJson[]>('/api/listar_produtos/');
    expect(list).toHaveLength(catalogSeed.length);
    expect(list.map((p) => p.name)).toEqual(catalogSeed.map((p) => p.name));
    const ids = list.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    list.forEach(expectProduct);
  });

  it('answers with and without the trailing slash', async () => {
    const a = await get('/api/listar_produtos/');
    const b = await get('/api/listar_produtos');
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
  });

  it('composition ids point at real products', async () => {
    const list = await getJson<ProductJson[]>('/api/listar_produtos/');
    const byId = new Map(list.map((p) => [p.id, p]));
    for (const p of list) {
      for (const c of p.composicoes) expect(byId.get(c.produto.id)?.name).toBe(c.produto.name);
    }
  });
});

describe('GET /api/listar_produtos_destaque/', () => {
  it(`gives ${FEATURED_COUNT} distinct products, drawn again on every request`, async () => {
    const draws = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await get('/api/listar_produtos_destaque/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const list = res.json<ProductJson[]>();
      expect(list).toHaveLength(FEATURED_COUNT);
      expect(new Set(list.map((p) => p.id)).size).toBe(FEATURED_COUNT);
      list.forEach(expectProduct);
      draws.add(
        list
          .map((p) => p.id)
          .sort((a, b) => a - b)
          .join(','),
      );
    }
    expect(draws.size).toBeGreaterThan(1);
  });
});

describe('GET /api/listar_produtos_carrossel/', () => {
  it(`gives the home's ${CAROUSEL_SLIDES} slides: the first products with a carousel picture`, async () => {
    const slides = await getJson<ProductJson[]>('/api/listar_produtos_carrossel/');
    const all = await getJson<ProductJson[]>('/api/listar_produtos/');
    const expected = all.filter((p) => p.image_carrossel).slice(0, CAROUSEL_SLIDES);
    expect(slides.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(slides).toHaveLength(CAROUSEL_SLIDES);
    expect(slides).toEqual(expected);
  });
});

describe('GET /api/listar_best_sellers/', () => {
  it('gives the 8 most sold, most sold first', async () => {
    const list = await getJson<ProductJson[]>('/api/listar_best_sellers/');
    const expected = [...catalogSeed]
      .sort((a, b) => b.salesCount - a.salesCount)
      .slice(0, 8)
      .map((p) => p.name);
    expect(list.map((p) => p.name)).toEqual(expected);
    list.forEach(expectProduct);
  });
});

describe('GET /api/listar_<category>/', () => {
  it.each([
    ['listar_aneis', 'Anel'],
    ['listar_brincos', 'Brinco'],
    ['listar_pulseiras', 'Pulseira'],
    ['listar_colares', 'Colar'],
  ])('/api/%s/ lists every %s', async (path, category) => {
    const list = await getJson<ProductJson[]>(`/api/${path}/`);
    expect(list.map((p) => p.name)).toEqual(inCategory(category).map((p) => p.name));
    list.forEach(expectProduct);
  });
});

describe('GET /api/produtos/{category}/', () => {
  it.each(CATEGORIES.map((c) => [c.slug, c.name] as const))(
    '%s: the first page holds the category (default limit 36) with its total',
    async (slug, name) => {
      const page = await getJson<ProductPageJson>(`/api/produtos/${slug}/`);
      expect(Object.keys(page).sort()).toEqual(['results', 'total']);
      const expected = inCategory(name);
      expect(page.total).toBe(expected.length);
      expect(page.results.map((p) => p.name)).toEqual(
        expected.slice(0, CATEGORY_PAGE_SIZE).map((p) => p.name),
      );
      page.results.forEach(expectProduct);
    },
  );

  it.each(['aneis', 'Anel', 'ANEL', 'anéis', 'Anéis', 'ANÉIS', 'anél'])(
    'accepts the category as %s',
    async (category) => {
      const page = await getJson<ProductPageJson>(`/api/produtos/${encodeURIComponent(category)}/`);
      expect(page.total).toBe(inCategory('Anel').length);
      expect(page.results.every((p) => p.category === 'Anel')).toBe(true);
    },
  );

  it('pages with limit and offset: every product once, the same total on each page', async () => {
    const all = inCategory('Brinco').map((p) => p.name);
    const seen: string[] = [];
    const limit = 4;
    for (let offset = 0; offset < all.length + limit; offset += limit) {
      const page = await getJson<ProductPageJson>(
        `/api/produtos/brincos/?limit=${limit}&offset=${offset}`,
      );
      expect(page.total).toBe(all.length);
      expect(page.results.length).toBe(Math.max(0, Math.min(limit, all.length - offset)));
      seen.push(...page.results.map((p) => p.name));
    }
    expect(seen).toEqual(all);
  });

  it('a hidden piece is on no page of its category and not in its total', async () => {
    const ids = (page: ProductPageJson) => page.results.map((p) => p.id);
    const all = ids(await getJson<ProductPageJson>('/api/produtos/pulseiras/?limit=100'));
    const hiddenId = all[2]!;
    await ctx.database.db
      .update(products)
      .set({ hiddenAt: new Date() })
      .where(eq(products.id, hiddenId));
    try {
      // The catalog cache hears the change (at once on PGlite, a moment later on PostgreSQL).
      await vi.waitFor(
        async () =>
          expect((await getJson<ProductPageJson>('/api/produtos/pulseiras/?limit=100')).total).toBe(
            all.length - 1,
          ),
        { timeout: 2000, interval: 10 },
      );
      const seen: number[] = [];
      for (let offset = 0; offset < all.length; offset += 2) {
        const page = await getJson<ProductPageJson>(
          `/api/produtos/pulseiras/?limit=2&offset=${offset}`,
        );
        expect(page.total).toBe(all.length - 1);
        seen.push(...ids(page));
      }
      expect(seen).toEqual(all.filter((id) => id !== hiddenId));
    } finally {
      await ctx.database.db
        .update(products)
        .set({ hiddenAt: null })
        .where(eq(products.id, hiddenId));
    }
    await vi.waitFor(
      async () =>
        expect((await getJson<ProductPageJson>('/api/produtos/pulseiras/?limit=100')).total).toBe(
          all.length,
        ),
      { timeout: 2000, interval: 10 },
    );
  });

  it('a page past the end is empty and still gives the total', async () => {
    const page = await getJson<ProductPageJson>('/api/produtos/colares/?limit=36&offset=1000');
    expect(page).toEqual({ results: [], total: inCategory('Colar').length });
  });

  it('accepts the limits of limit: 1 and 100', async () => {
    expect((await getJson<ProductPageJson>('/api/produtos/aneis/?limit=1')).results).toHaveLength(
      1,
    );
    const max = await getJson<ProductPageJson>('/api/produtos/aneis/?limit=100&offset=0');
    expect(max.results).toHaveLength(inCategory('Anel').length);
  });

  it.each(['relogios', 'detalhe', 'x'.repeat(80), '%25', 'an%C3%A9lz'])(
    'an unknown category (%s) answers 404',
    async (category) => {
      const body = await getJson<{ error: string }>(`/api/produtos/${category}/`, 404);
      expect(body).toEqual({ error: 'Categoria não encontrada.' });
    },
  );

  it.each([
    ['limit=abc', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=1e2', 'limit'],
    ['limit=', 'limit'],
    ['limit=99999999999999999999', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=abc', 'offset'],
    ['offset=2.5', 'offset'],
    ['offset=99999999999', 'offset'],
  ])('?%s answers 400 naming %s', async (query, field) => {
    const res = await get(`/api/produtos/aneis/?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; errors: Record<string, string[]> }>();
    expect(Object.keys(body).sort()).toEqual(['error', 'errors']);
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]?.[0]).toMatch(
      field === 'limit' ? /limite deve ser um número inteiro entre 1 e 100/ : /offset/,
    );
    expect(body.error).toMatch(/^Parâmetros inválidos: /);
  });

  it('rejects an unknown query parameter', async () => {
    const res = await get('/api/produtos/aneis/?pagina=2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { pagina: ['Parâmetro não reconhecido.'] } });
  });
});

describe('GET /api/produtos/detalhes/{id}/', () => {
  it('gives one product with its compositions', async () => {
    const list = await getJson<ProductJson[]>('/api/listar_produtos/');
    for (const p of [
      list[0]!,
      list[list.length - 1]!,
      list.find((x) => x.promocao && !x.tem_variacoes)!,
    ]) {
      const one = await getJson<ProductDetailJson>(`/api/produtos/detalhes/${p.id}/`);
      const { nome_variacao, variacoes, maximo_por_cliente, ...asListed } = one;
      expect(asListed).toEqual(p);
      expectProductAs(one, DETAIL_KEYS);
      expect([nome_variacao, variacoes]).toEqual([null, []]);
      // No piece of the seed has its own maximum: the store's default.
      expect(maximo_por_cliente).toBe(DEFAULT_MAX_UNITS_PER_CUSTOMER);
    }
  });

  it('gives a ring sold by size its sizes in order, each with its stock; the stock is their sum', async () => {
    const list = await getJson<ProductJson[]>('/api/listar_produtos/');
    const sized = list.filter((p) => p.tem_variacoes);
    expect(sized.map((p) => p.name).sort()).toEqual(
      catalogSeed
        .filter((p) => p.variations)
        .map((p) => p.name)
        .sort(),
    );
    for (const p of sized) {
      const seed = seedOf(p);
      const one = await getJson<ProductDetailJson>(`/api/produtos/detalhes/${p.id}/`);
      expectProductAs(one, DETAIL_KEYS);
      expect(one.nome_variacao).toBe(seed.variations!.axis);
      expect(one.variacoes.map((v) => [v.nome, v.estoque, v.disponivel])).toEqual(
        seed.variations!.sizes.map((v) => [v.name, v.stock, v.stock > 0]),
      );
      expect(one.variacoes.every((v) => Number.isInteger(v.id))).toBe(true);
      expect(one.estoque).toBe(one.variacoes.reduce((n, v) => n + v.estoque, 0));
    }
    const ring = await getJson<ProductDetailJson>(`/api/produtos/detalhes/${sized[0]!.id}/`);
    expect(ring.nome_variacao).toBe('Aro');
    expect(ring.variacoes.map((v) => v.nome)).toEqual(
      Array.from({ length: 15 }, (_, i) => String(12 + i)),
    );
  });

  it("answers the piece's 'máximo por cliente': its own, else the store's default", async () => {
    const [first, second] = await getJson<ProductJson[]>('/api/listar_produtos/');
    const { db } = ctx.database;
    const maxOf = async (id: number) =>
      (await getJson<ProductDetailJson>(`/api/produtos/detalhes/${id}/`)).maximo_por_cliente;
    try {
      await db.update(products).set({ maxPerCustomer: 3 }).where(eq(products.id, first!.id));
      await db.update(paymentSettings).set({ maxUnitsPerCustomer: 7 });
      ctx.app.catalogCache.invalidate();
      expect([await maxOf(first!.id), await maxOf(second!.id)]).toEqual([3, 7]);
    } finally {
      await db.update(products).set({ maxPerCustomer: null }).where(eq(products.id, first!.id));
      await db.update(paymentSettings).set({ maxUnitsPerCustomer: DEFAULT_MAX_UNITS_PER_CUSTOMER });
      ctx.app.catalogCache.invalidate();
    }
    expect(await maxOf(first!.id)).toBe(DEFAULT_MAX_UNITS_PER_CUSTOMER);
  });

  it('a promotion carries its original price', async () => {
    const seed = catalogSeed.find((p) => p.promocao)!;
    const list = await getJson<ProductJson[]>('/api/listar_produtos/');
    const p = list.find((x) => x.name === seed.name)!;
    expect(p.preco_original).toBe(centsToDecimal(seed.originalPriceCents!));
    expect(Number(p.preco_original)).toBeGreaterThan(Number(p.price));
  });

  it.each(['999999', '2147483647'])('an unknown id (%s) answers 404', async (id) => {
    const body = await getJson<{ error: string }>(`/api/produtos/detalhes/${id}/`, 404);
    expect(body).toEqual({ error: 'Produto não encontrado.' });
  });

  it.each(['abc', '-1', '1.5', '0', '1e3', '2147483648', '99999999999999999999', '%20'])(
    'a malformed id (%s) answers 400',
    async (id) => {
      const res = await get(`/api/produtos/detalhes/${id}/`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Parâmetros inválidos: O id do produto deve ser um número inteiro positivo.',
        errors: { id: ['O id do produto deve ser um número inteiro positivo.'] },
      });
    },
  );
});

describe('GET /api/buscar/produtos/?search=', () => {
  const search = (text: string) =>
    getJson<ProductJson[]>(`/api/buscar/produtos/?search=${encodeURIComponent(text)}`);

  it.each(['aneis', 'ANÉIS', 'anel', 'Anéis', '  anel  '])(
    '"%s" finds the rings and only them',
    async (text) => {
      const list = await search(text);
      expect(list.length).toBe(inCategory('Anel').length);
      expect(list.every((p) => p.category === 'Anel')).toBe(true);
      list.forEach(expectProduct);
    },
  );

  it('every word must match, accents and case aside', async () => {
    const list = await search('ANEL Dourado');
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p.category).toBe('Anel');
      expect(`${p.name} ${p.description}`.toLowerCase()).toMatch(/dourad/);
    }
  });

  it('a word matches from its start ("dour" finds "dourado")', async () => {
    const list = await search('dour');
    expect(list.length).toBeGreaterThan(0);
  });

  it('orders by sales and stops at 24', async () => {
    const list = await search('banho');
    expect(list.length).toBeLessThanOrEqual(24);
    expect(list.length).toBe(24);
    const sales = list.map((p) => seedOf(p).salesCount);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it.each([
    'xyzzyqq',
    'anel xyzzyqq',
    '%',
    '_',
    '\\',
    '.*',
    '(',
    '[a-z]',
    "'; drop table products; --",
    '"',
    'a,b',
    '{x}',
    'null',
    'NULL xyz',
  ])('"%s" finds nothing', async (text) => {
    expect(await search(text)).toEqual([]);
  });

  it('an empty or missing search gives an empty list', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await getJson('/api/buscar/produtos/')).toEqual([]);
  });

  it('a search of 100 characters is fine; 101 answers 400', async () => {
    expect(await search('a'.repeat(100))).toEqual([]);
    const res = await get(`/api/buscar/produtos/?search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { search: ['A busca deve ter no máximo 100 caracteres.'] },
    });
  });

  it('the catalog still answers after hostile searches', async () => {
    expect((await getJson<ProductJson[]>('/api/listar_produtos/')).length).toBe(catalogSeed.length);
  });
});

describe('escapeRegex', () => {
  it('makes every metacharacter literal', () => {
    const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o';
    expect(new RegExp(`^${escapeRegex(text)}$`).test(text)).toBe(true);
  });
});
