/**
 * Request and response schemas of the catalog calls (SPEC §7). Requests reject unknown keys;
 * responses are checked on the way out, so the wire shape cannot drift from this file.
 */
import { z } from 'zod';
import { CATEGORIES, CATEGORY_PAGE_SIZE, type CategoryName } from '@semijoias/domain/catalog';
import {
  isListingSort,
  isPlatingCode,
  LISTING_SIZE_MAX_LENGTH,
  LISTING_VALUES_MAX,
  normalizeSizeParam,
  parsePriceParam,
  PLATINGS,
  type ListingFilters,
  type ListingSort,
  type PlatingCode,
} from '@semijoias/domain/listing';
import {
  CATALOG_OFFSET_INVALID,
  catalogLimitInvalidMessage,
  LISTING_PLATING_INVALID,
  LISTING_PRICE_MAX_INVALID,
  LISTING_PRICE_MIN_INVALID,
  LISTING_PRICE_RANGE_INVALID,
  LISTING_PROMO_INVALID,
  LISTING_SIZE_INVALID,
  LISTING_SORT_INVALID,
  PRODUCT_ID_INVALID,
  SEARCH_NOT_TEXT,
  searchTooLongMessage,
} from '@semijoias/domain/messages';
import { idParams, INT_MAX, wholeNumber } from '../../lib/params.js';

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_RESULTS_CAP = 24;
export const BEST_SELLERS_COUNT = 8;
export const PAGE_LIMIT_MAX = 100;
export const productIdParams = idParams(PRODUCT_ID_INVALID);

/** Any text: findCategory decides, and an unknown one is a 404 like any missing resource. */
export const categoryParams = z.object({ category: z.string() }).strict();

/** A parameter given once (`?banho=dourado`) or repeated (`?banho=dourado&banho=rodio`). */
function oneOrMany<T>(message: string, read: (value: string) => T | null) {
  return z.union([z.string(), z.array(z.string())], { error: message }).transform((value, ctx) => {
    const list = Array.isArray(value) ? value : [value];
    const values = list.map(read);
    if (list.length > LISTING_VALUES_MAX || values.some((v) => v === null)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return [...new Set(values as T[])];
  });
}

const price = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const cents = parsePriceParam(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

/**
 * What every listing of products reads from its query (a category's page, the search's): the
 * page, the sort and the filters (docs/search-contract.md, 'Sort and filters'), so both take them
 * alike.
 */
const listingFields = {
  limit: wholeNumber(1, PAGE_LIMIT_MAX, catalogLimitInvalidMessage(PAGE_LIMIT_MAX)).default(
    CATEGORY_PAGE_SIZE,
  ),
  offset: wholeNumber(0, INT_MAX, CATALOG_OFFSET_INVALID).default(0),
  ordem: z
    .string({ error: LISTING_SORT_INVALID })
    .refine(isListingSort, { error: LISTING_SORT_INVALID })
    .transform((v) => v as ListingSort)
    .default('relevancia'),
  preco_min: price(LISTING_PRICE_MIN_INVALID).optional(),
  preco_max: price(LISTING_PRICE_MAX_INVALID).optional(),
  banho: oneOrMany<PlatingCode>(LISTING_PLATING_INVALID, (v) =>
    isPlatingCode(v) ? v : null,
  ).optional(),
  tamanho: oneOrMany<string>(LISTING_SIZE_INVALID, (v) => {
    const size = normalizeSizeParam(v);
    return size.length >= 1 && size.length <= LISTING_SIZE_MAX_LENGTH ? size : null;
  }).optional(),
  promocao: z.enum(['0', '1'], { error: LISTING_PROMO_INVALID }).optional(),
};

/** preço mínimo above the máximo: said under `preco_min`. */
function priceRange(
  query: { preco_min?: number | undefined; preco_max?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (
    query.preco_min !== undefined &&
    query.preco_max !== undefined &&
    query.preco_min > query.preco_max
  ) {
    ctx.addIssue({ code: 'custom', path: ['preco_min'], message: LISTING_PRICE_RANGE_INVALID });
  }
}

export const categoryPageQuery = z.object(listingFields).strict().superRefine(priceRange);

type ListingQuery = z.infer<typeof categoryPageQuery>;

/** The parsed query's sort and filters, platings in PLATINGS' order (one cache key for both). */
export function listingFilters(query: ListingQuery): ListingFilters {
  return {
    sort: query.ordem,
    priceMinCents: query.preco_min ?? null,
    priceMaxCents: query.preco_max ?? null,
    platings: PLATINGS.map((p) => p.code).filter((c) => query.banho?.includes(c)),
    sizes: query.tamanho ?? [],
    promo: query.promocao === '1',
  };
}

const searchText = z
  .string({ error: SEARCH_NOT_TEXT })
  .max(SEARCH_MAX_LENGTH, { error: searchTooLongMessage(SEARCH_MAX_LENGTH) });

export const searchQuery = z.object({ search: searchText.optional() }).strict();

/** GET api/busca/?q=&limit=&offset=: the results page's search (docs/search-contract.md). */
export const searchPageQuery = z
  .object({ q: searchText.default(''), ...listingFields })
  .strict()
  .superRefine(priceRange);

/** GET api/busca/filtros/?q=: the filters a search's results offer. */
export const searchFiltersQuery = z.object({ q: searchText.default('') }).strict();

const categoryName = z.enum(CATEGORIES.map((c) => c.name) as [CategoryName, ...CategoryName[]]);

/** The short product nested in a composition (and, later, in cart and order lines). */
export const productSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.string(),
  image: z.string(),
  category: categoryName,
  novo: z.boolean(),
  promocao: z.boolean(),
  /** Sold by size: its page asks for one before adding. */
  tem_variacoes: z.boolean(),
});

export const compositionSchema = z.object({
  /** The composed product's id: unique within a product's list and stable. */
  id: z.number().int(),
  produto: productSummarySchema,
});

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Decimal string with two places: "129.90". */
  price: z.string(),
  /** The struck-through price of a PROMOÇÃO, or null. */
  preco_original: z.string().nullable(),
  description: z.string(),
  category: categoryName,
  image: z.string(),
  img_pessoa: z.string(),
  image_carrossel: z.string(),
  composicao_img_1: z.string(),
  composicao_img_2: z.string(),
  composicao_img_3: z.string().nullable(),
  composicoes: z.array(compositionSchema),
  novo: z.boolean(),
  promocao: z.boolean(),
  /** With variations, the sum of theirs. */
  estoque: z.number().int(),
  tem_variacoes: z.boolean(),
  /** Its approved reviews' average, one decimal; null without any (docs/reviews-contract.md). */
  avaliacao_media: z.number().nullable(),
  avaliacoes_total: z.number().int(),
});

/** One size of a product sold by size (docs/variations-contract.md). */
export const variationSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  estoque: z.number().int(),
  disponivel: z.boolean(),
});

/** GET api/produtos/detalhes/{id}/: the product, and its sizes in the owners' order. */
export const productDetailSchema = productSchema.extend({
  nome_variacao: z.string().nullable(),
  variacoes: z.array(variationSchema),
  /** The most units one shopper may hold of it unpaid (its own, else the store's default). */
  maximo_por_cliente: z.number().int(),
});

export const productListSchema = z.array(productSchema);

export const productPageSchema = z.object({
  results: productListSchema,
  total: z.number().int(),
});

/** GET api/busca/: a page of results, and whether they are the near ones (a typo). */
export const searchPageSchema = productPageSchema.extend({
  /** No piece matched the words as typed; these are close to them ('colr': the colares). */
  aproximada: z.boolean(),
});

/**
 * GET api/produtos/{categoria}/filtros/ and api/busca/filtros/: what the listing's filters may
 * offer, counted on the listing without filters (hidden pieces never counted).
 */
export const listingFacetsSchema = z.object({
  /** Visible pieces in the listing. */
  total: z.number().int(),
  /** The platings its pieces have, in PLATINGS' order, each with its count. */
  banhos: z.array(z.object({ codigo: z.string(), nome: z.string(), quantidade: z.number().int() })),
  /** The sizes in stock among its pieces sold by size, in reading order, with their pieces. */
  tamanhos: z.array(z.object({ nome: z.string(), quantidade: z.number().int() })),
  /** Its cheapest and dearest piece (the price she pays), null when empty. */
  preco_min: z.string().nullable(),
  preco_max: z.string().nullable(),
  /** How many of its pieces are in PROMOÇÃO. */
  promocao: z.number().int(),
});

export const errorSchema = z.object({
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ProductJson = z.infer<typeof productSchema>;
export type ProductDetailJson = z.infer<typeof productDetailSchema>;
export type ProductSummaryJson = z.infer<typeof productSummarySchema>;
export type ProductPageJson = z.infer<typeof productPageSchema>;
export type SearchPageJson = z.infer<typeof searchPageSchema>;
export type ListingFacetsJson = z.infer<typeof listingFacetsSchema>;
