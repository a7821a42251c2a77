/**
 * The catalog calls of SPEC §7, under /api/. Handlers stay thin: parse (schemas.ts), query
 * (service.ts), shape (serializers.ts), and keep the answer's text in the catalog cache
 * (cache.ts) until the catalog changes.
 */
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CAROUSEL_SLIDES,
  FEATURED_COUNT,
  findCategory,
  searchWords,
  type CategoryName,
} from '@semijoias/domain/catalog';
import { listingQueryEntries, type ListingFilters } from '@semijoias/domain/listing';
import { centsToDecimal } from '@semijoias/domain/money';
import { CATEGORY_NOT_FOUND, PRODUCT_NOT_FOUND } from '@semijoias/domain/messages';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { nfkc } from '../../lib/hostile-input.js';
import {
  BEST_SELLERS_COUNT,
  SEARCH_RESULTS_CAP,
  categoryPageQuery,
  categoryParams,
  errorSchema,
  listingFacetsSchema,
  listingFilters,
  productIdParams,
  productListSchema,
  productPageSchema,
  productDetailSchema,
  searchPageQuery,
  searchFiltersQuery,
  searchPageSchema,
  searchQuery,
} from './schemas.js';
import { sendCached, type CatalogCache } from './cache.js';
import { imageUrlFrom, serializeProduct, serializeProductDetail } from './serializers.js';
import {
  createCatalogService,
  type ListingFacets,
  type ProductWithCompositions,
} from './service.js';

export interface CatalogRoutesOptions {
  db: Db;
  imageBaseUrl: string;
  /** Where the answers are kept between catalog changes (app.catalogCache). */
  cache: CatalogCache;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The sort and filters of a cache key, written as an address writes them (one order, defaults
 * left out): '' without any, so a plain page keeps its key; '?ordem=menor-preco&banho=dourado'.
 */
function filtersKey(filters: ListingFilters): string {
  const entries = listingQueryEntries(filters);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}

/**
 * Whether any piece's sale may change this listing's page, not only its own pieces': a filter by
 * size in stock (a last unit sold elsewhere takes a piece out), the best sellers' order.
 */
function followsEverySale(filters: ListingFilters): boolean {
  return filters.sizes.length > 0 || filters.sort === 'mais-vendidos';
}

function facetsJson(f: ListingFacets) {
  return {
    total: f.total,
    banhos: f.platings.map((p) => ({ codigo: p.code, nome: p.label, quantidade: p.count })),
    tamanhos: f.sizes.map((s) => ({ nome: s.name, quantidade: s.count })),
    preco_min: f.priceMinCents === null ? null : centsToDecimal(f.priceMinCents),
    preco_max: f.priceMaxCents === null ? null : centsToDecimal(f.priceMaxCents),
    promocao: f.promo,
  };
}

/** The fallback category lists of SPEC §7 (listar_pulseiras added for symmetry). */
const categoryLists: { path: string; category: CategoryName }[] = [
  { path: '/listar_aneis/', category: 'Anel' },
  { path: '/listar_brincos/', category: 'Brinco' },
  { path: '/listar_pulseiras/', category: 'Pulseira' },
  { path: '/listar_colares/', category: 'Colar' },
];

/**
 * The route's own response serializer (zod-checked, like every answer of the API), run once per
 * answer made: the cache keeps its text, so a hit serializes nothing.
 */
function serializerFor(schema: z.ZodType, url: string): (data: unknown) => string {
  return serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' });
}

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, opts) => {
  const catalog = createCatalogService(opts.db);
  const { cache } = opts;
  const url = imageUrlFrom(opts.imageBaseUrl);
  const serializeAll = (list: ProductWithCompositions[]) =>
    list.map((p) => serializeProduct(p, url));
  const listResponse = { response: { 200: productListSchema } };
  const listJson = serializerFor(productListSchema, '/listar_produtos/');
  const pageJson = serializerFor(productPageSchema, '/produtos/:category/');
  const productJson = serializerFor(productDetailSchema, '/produtos/detalhes/:id/');
  const searchPageJson = serializerFor(searchPageSchema, '/busca/');
  const facetsText = serializerFor(listingFacetsSchema, '/produtos/:category/filtros/');
  const facetsResponse = { 200: listingFacetsSchema, 400: errorSchema, 404: errorSchema };

  /**
   * What the shopper typed, as the search reads it: NFKC first (full-width or ligature letters,
   * "ａｎｅｌ", "ﬁo", search as their plain form), then lower case without accents, each word once.
   * Every word must match, in any order: "dourado anel" is "anel dourado", one answer kept.
   */
  const searchKey = (text: string) => {
    const words = [...new Set(searchWords(nfkc(text)))].sort();
    return { words, key: words.join(' ') };
  };

  /**
   * Every answer below but the featured draw comes from the cache. Keys are the request as
   * parsed — the category found, the numbers read, the search words normalized — so "aneis" and
   * "Anéis", "?limit=36" and no query share one answer.
   */
  const cachedList = (key: string, load: () => Promise<ProductWithCompositions[]>) => () =>
    cache.memo(`api:${key}`, async () => listJson(serializeAll(await load())));

  const allProducts = cachedList('produtos', () => catalog.listProducts());
  app.get('/listar_produtos/', { schema: listResponse }, async (req, reply) =>
    sendCached(req, reply, await allProducts(), JSON_TYPE),
  );

  // The home shows 6 slides: their own short list, so it never downloads the whole catalog.
  const carousel = cachedList('carrossel', () => catalog.listCarousel(CAROUSEL_SLIDES));
  app.get('/listar_produtos_carrossel/', { schema: listResponse }, async (req, reply) =>
    sendCached(req, reply, await carousel(), JSON_TYPE),
  );

  app.get('/listar_produtos_destaque/', { schema: listResponse }, async (_req, reply) => {
    // Random on every request: never let a cache pin one draw.
    reply.header('cache-control', 'no-store');
    return serializeAll(await catalog.listFeatured(FEATURED_COUNT));
  });

  const bestSellers = cachedList('best_sellers', () => catalog.listBestSellers(BEST_SELLERS_COUNT));
  app.get('/listar_best_sellers/', { schema: listResponse }, async (req, reply) =>
    sendCached(req, reply, await bestSellers(), JSON_TYPE),
  );

  for (const { path, category } of categoryLists) {
    const list = cachedList(`listar:${category}`, () => catalog.listByCategory(category));
    app.get(path, { schema: listResponse }, async (req, reply) =>
      sendCached(req, reply, await list(), JSON_TYPE),
    );
  }

  app.get(
    '/produtos/:category/',
    {
      schema: {
        params: categoryParams,
        querystring: categoryPageQuery,
        response: { 200: productPageSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const category = findCategory(req.params.category);
      if (!category) throw new NotFoundError(CATEGORY_NOT_FOUND);
      const { limit, offset } = req.query;
      const filters = listingFilters(req.query);
      // Its own pieces' stock only (their 'Complete o Look' pieces carry none): a sale of a
      // piece on another page leaves it kept (docs/catalog-cache.md); not when the sale of any
      // piece may change it (followsEverySale).
      const answer = await cache.memo(
        `api:produtos:${category.name}:${limit}:${offset}${filtersKey(filters)}`,
        async () => {
          const page = await catalog.pageByCategory(category.name, limit, offset, filters);
          if (followsEverySale(filters)) {
            return pageJson({ results: serializeAll(page.results), total: page.total });
          }
          return {
            body: pageJson({ results: serializeAll(page.results), total: page.total }),
            shows: page.results.map((p) => p.id),
          };
        },
      );
      return sendCached(req, reply, answer, JSON_TYPE);
    },
  );

  // What a category's filters may offer. Any sale may change the sizes in stock: kept until the
  // next stock change of any piece (gathered every CATALOG_STOCK_DELAY_MS).
  app.get(
    '/produtos/:category/filtros/',
    { schema: { params: categoryParams, response: facetsResponse } },
    async (req, reply) => {
      const category = findCategory(req.params.category);
      if (!category) throw new NotFoundError(CATEGORY_NOT_FOUND);
      // It shows the stock of the category's pieces (its sizes in stock), and only theirs.
      const answer = await cache.memo(`api:filtros:${category.name}`, async () => {
        const [facets, shows] = await Promise.all([
          catalog.categoryFacets(category.name),
          catalog.categoryPieceIds(category.name),
        ]);
        return { body: facetsText(facetsJson(facets)), shows };
      });
      return sendCached(req, reply, answer, JSON_TYPE);
    },
  );

  app.get(
    '/produtos/detalhes/:id/',
    {
      schema: {
        params: productIdParams,
        response: { 200: productDetailSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      // An unknown id throws inside: a 404 is never kept.
      // Its own stock and its sizes' only (the 'Complete o Look' pieces carry none): another
      // piece's sale leaves it kept.
      const answer = await cache.memo(
        `api:produto:${id}`,
        async () => {
          const product = await catalog.findProduct(id);
          if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
          return productJson(serializeProductDetail(product, url));
        },
        { shows: [id] },
      );
      return sendCached(req, reply, answer, JSON_TYPE);
    },
  );

  app.get(
    '/buscar/produtos/',
    {
      schema: {
        querystring: searchQuery,
        response: { 200: productListSchema, 400: errorSchema },
      },
    },
    async (req, reply) => {
      const { words, key } = searchKey(req.query.search ?? '');
      const answer = await cache.memo(`api:busca:${key}`, async () =>
        listJson(serializeAll(await catalog.searchProducts(words, SEARCH_RESULTS_CAP))),
      );
      return sendCached(req, reply, answer, JSON_TYPE);
    },
  );

  // The results page (/busca?q=): paged as a category's, and kept the same way, with only its
  // pieces' stock.
  app.get(
    '/busca/',
    {
      schema: {
        querystring: searchPageQuery,
        response: { 200: searchPageSchema, 400: errorSchema },
      },
    },
    async (req, reply) => {
      const { limit, offset } = req.query;
      const filters = listingFilters(req.query);
      const { words, key } = searchKey(req.query.q);
      const cacheKey = `api:busca-pagina:${key}:${limit}:${offset}${filtersKey(filters)}`;
      const answer = await cache.memo(cacheKey, async () => {
        const page = await catalog.searchPage(words, limit, offset, { filters });
        const body = searchPageJson({
          results: serializeAll(page.results),
          total: page.total,
          aproximada: page.approximate,
        });
        return followsEverySale(filters) ? body : { body, shows: page.results.map((p) => p.id) };
      });
      return sendCached(req, reply, answer, JSON_TYPE);
    },
  );

  app.get(
    '/busca/filtros/',
    { schema: { querystring: searchFiltersQuery, response: facetsResponse } },
    async (req, reply) => {
      const { words, key } = searchKey(req.query.q);
      const answer = await cache.memo(`api:busca-filtros:${key}`, async () =>
        facetsText(facetsJson(await catalog.searchFacets(words))),
      );
      return sendCached(req, reply, answer, JSON_TYPE);
    },
  );
};
