/**
 * The catalog calls of SPEC §7, under /api/. Handlers stay thin: parse (schemas.ts), query
 * (service.ts), shape (serializers.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEATURED_COUNT,
  findCategory,
  searchWords,
  type CategoryName,
} from '@semijoias/domain/catalog';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { nfkc } from '../../lib/hostile-input.js';
import {
  BEST_SELLERS_COUNT,
  SEARCH_RESULTS_CAP,
  categoryPageQuery,
  categoryParams,
  errorSchema,
  productIdParams,
  productListSchema,
  productPageSchema,
  productSchema,
  searchQuery,
} from './schemas.js';
import { imageUrlFrom, serializeProduct } from './serializers.js';
import { createCatalogService, type ProductWithCompositions } from './service.js';

export interface CatalogRoutesOptions {
  db: Db;
  imageBaseUrl: string;
}

export const PRODUCT_NOT_FOUND = 'Produto não encontrado.';
export const CATEGORY_NOT_FOUND = 'Categoria não encontrada.';

/** The fallback category lists of SPEC §7 (listar_pulseiras added for symmetry). */
const categoryLists: { path: string; category: CategoryName }[] = [
  { path: '/listar_aneis/', category: 'Anel' },
  { path: '/listar_brincos/', category: 'Brinco' },
  { path: '/listar_pulseiras/', category: 'Pulseira' },
  { path: '/listar_colares/', category: 'Colar' },
];

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, opts) => {
  const catalog = createCatalogService(opts.db);
  const url = imageUrlFrom(opts.imageBaseUrl);
  const serializeAll = (list: ProductWithCompositions[]) =>
    list.map((p) => serializeProduct(p, url));
  const listResponse = { response: { 200: productListSchema } };

  app.get('/listar_produtos/', { schema: listResponse }, async () =>
    serializeAll(await catalog.listProducts()),
  );

  app.get('/listar_produtos_destaque/', { schema: listResponse }, async (_req, reply) => {
    // Random on every request: never let a cache pin one draw.
    reply.header('cache-control', 'no-store');
    return serializeAll(await catalog.listFeatured(FEATURED_COUNT));
  });

  app.get('/listar_best_sellers/', { schema: listResponse }, async () =>
    serializeAll(await catalog.listBestSellers(BEST_SELLERS_COUNT)),
  );

  for (const { path, category } of categoryLists) {
    app.get(path, { schema: listResponse }, async () =>
      serializeAll(await catalog.listByCategory(category)),
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
    async (req) => {
      const category = findCategory(req.params.category);
      if (!category) throw new NotFoundError(CATEGORY_NOT_FOUND);
      const page = await catalog.pageByCategory(category.name, req.query.limit, req.query.offset);
      return { results: serializeAll(page.results), total: page.total };
    },
  );

  app.get(
    '/produtos/detalhes/:id/',
    {
      schema: {
        params: productIdParams,
        response: { 200: productSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const product = await catalog.findProduct(req.params.id);
      if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return serializeProduct(product, url);
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
    async (req) => {
      // NFKC first: full-width or ligature letters ("ａｎｅｌ", "ﬁo") search as their plain form.
      const words = searchWords(nfkc(req.query.search ?? ''));
      return serializeAll(await catalog.searchProducts(words, SEARCH_RESULTS_CAP));
    },
  );
};
