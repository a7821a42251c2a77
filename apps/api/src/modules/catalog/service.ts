/**
 * Catalog queries. Every list selects the same product columns and loads the "Complete o Look"
 * compositions of the whole page in one more query (never one per product). Products hidden by
 * the owners are left out of every statement, the product itself included (its page 404s).
 *
 * The statements are prepared once per database (`createCatalogService(db)`): the catalog is the
 * hottest read path, and building SQL from Drizzle's builder on every request costs as much as
 * running it on the embedded database. Parameters travel as placeholders, arrays included
 * (`= any($1::int[])`), so every statement has a fixed text (the search: one per number of words).
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CategoryName } from '@semijoias/domain/catalog';
import type { Db } from '../../db/client.js';
import { productCompositions, products, productVariations } from '../../db/schema.js';
import { maxPerCustomerColumn } from '../purchase-limits/index.js';

/** The columns of a catalog product; a module listing products its own way selects these. */
export const productColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  description: products.description,
  image: products.image,
  imgPessoa: products.imgPessoa,
  imageCarrossel: products.imageCarrossel,
  composicaoImg1: products.composicaoImg1,
  composicaoImg2: products.composicaoImg2,
  composicaoImg3: products.composicaoImg3,
  stock: products.stock,
  novo: products.novo,
  promocao: products.promocao,
  variationAxis: products.variationAxis,
};

export interface ProductRecord {
  id: number;
  name: string;
  category: CategoryName;
  priceCents: number;
  originalPriceCents: number | null;
  description: string;
  image: string;
  imgPessoa: string;
  imageCarrossel: string;
  composicaoImg1: string;
  composicaoImg2: string;
  composicaoImg3: string | null;
  stock: number;
  novo: boolean;
  promocao: boolean;
  /** The axis of its sizes, null without them. */
  variationAxis: string | null;
}

/** One live size of a product, in the owners' order. */
export interface VariationRecord {
  id: number;
  name: string;
  stock: number;
}

export interface ProductDetail extends ProductWithCompositions {
  variations: VariationRecord[];
  /** Its 'máximo por cliente': its own, else the store's default (issue 32). */
  maxPerCustomer: number;
}

/** The short form of a product shown inside another one (compositions, later cart lines). */
export interface ProductSummaryRecord {
  id: number;
  name: string;
  category: CategoryName;
  priceCents: number;
  image: string;
  novo: boolean;
  promocao: boolean;
  variationAxis: string | null;
}

export interface ProductWithCompositions extends ProductRecord {
  composicoes: ProductSummaryRecord[];
}

const byId = asc(products.id);

/** A product the owners hid (back office) is in no list, page, search or look. */
const visible = isNull(products.hiddenAt);

/** Every regular-expression metacharacter matches itself. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A PostgreSQL regex matching `word` at the start of a word (`\m`), metacharacters escaped. */
export function wordStartPattern(word: string): string {
  return `\\m${escapeRegex(word)}`;
}

export interface ProductPage {
  results: ProductWithCompositions[];
  total: number;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService(db: Db) {
  const p = sql.placeholder;

  const compositionsOf = db
    .select({
      productId: productCompositions.productId,
      id: products.id,
      name: products.name,
      category: products.category,
      priceCents: products.priceCents,
      image: products.image,
      novo: products.novo,
      promocao: products.promocao,
      variationAxis: products.variationAxis,
    })
    .from(productCompositions)
    .innerJoin(products, eq(products.id, productCompositions.composedProductId))
    .where(and(sql`${productCompositions.productId} = any(${p('ids')}::int[])`, visible))
    .orderBy(asc(productCompositions.productId), asc(productCompositions.position))
    .prepare('catalog_compositions');

  const all = db
    .select(productColumns)
    .from(products)
    .where(visible)
    .orderBy(byId)
    .prepare('catalog_all');

  // The home's carousel: the first products with a carousel picture, not the whole catalog.
  const carousel = db
    .select(productColumns)
    .from(products)
    .where(and(sql`${products.imageCarrossel} <> ''`, visible))
    .orderBy(byId)
    .limit(p('limit'))
    .prepare('catalog_carousel');

  // `order by random()` reads the whole table: right for a boutique's few hundred products;
  // past tens of thousands use TABLESAMPLE or a precomputed list.
  const featured = db
    .select(productColumns)
    .from(products)
    .where(visible)
    .orderBy(sql`random()`)
    .limit(p('limit'))
    .prepare('catalog_featured');

  // The most sold first; ties by id so the order is stable. `desc nulls last` as
  // products_sales_count_idx is made (drizzle's desc() on an index): a plain `desc` means nulls
  // first, an order that index cannot give, and every product was read and sorted for the first 8
  // (16 ms on 10,000 products, 0.07 ms down the index; sales_count is never null: the same order).
  const bestSellers = db
    .select(productColumns)
    .from(products)
    .where(visible)
    .orderBy(sql`${products.salesCount} desc nulls last`, byId)
    .limit(p('limit'))
    .prepare('catalog_best_sellers');

  const inCategory = db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.category, p('category')), visible))
    .orderBy(byId)
    .prepare('catalog_category');

  // Ordered by id: the catalog's order, and a product added later goes to the end instead of
  // shifting the pages already seen. The page's ids are chosen down products_visible_category_idx
  // (an index-only scan: the offset skips index entries, not rows) and only those rows are read;
  // the total rides along, counted on the same index once. A window count (`count(*) over ()`)
  // read every visible piece of the category and sorted them: on the big catalog's 2,500 a
  // category, 17-20 ms a page against 1 ms (bench/big-catalog.mjs).
  const listed = alias(products, 'listed');
  const categoryPage = db
    .select({
      ...productColumns,
      total:
        sql<number>`(select count(*) from ${products} as counted where counted.category = ${p('category')} and counted.hidden_at is null)`.mapWith(
          Number,
        ),
    })
    .from(products)
    .where(
      inArray(
        products.id,
        db
          .select({ id: listed.id })
          .from(listed)
          .where(and(eq(listed.category, p('category')), isNull(listed.hiddenAt)))
          .orderBy(asc(listed.id))
          .limit(p('limit'))
          .offset(p('offset')),
      ),
    )
    .orderBy(byId)
    .prepare('catalog_category_page');

  const categoryCount = db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.category, p('category')), visible))
    .prepare('catalog_category_count');

  // A product's live sizes (archived ones were ordered once and are kept for those orders).
  const variationsOf = db
    .select({
      id: productVariations.id,
      name: productVariations.name,
      stock: productVariations.stock,
    })
    .from(productVariations)
    .where(and(eq(productVariations.productId, p('id')), isNull(productVariations.archivedAt)))
    .orderBy(asc(productVariations.position), asc(productVariations.id))
    .prepare('catalog_product_variations');

  // The product page also says how many units one shopper may take (modules/purchase-limits).
  const one = db
    .select({ ...productColumns, maxPerCustomer: maxPerCustomerColumn })
    .from(products)
    .where(and(eq(products.id, p('id')), visible))
    .limit(1)
    .prepare('catalog_product');

  // Every pattern must match: each typed word starts a word of search_text. One `~` per word (a
  // statement per number of words, made on first use) so that pg_trgm's index can serve each
  // (`~ all(array)` cannot use an index). Unnamed, unlike the others: PostgreSQL then plans every
  // search for its own words — a rare word through the trigram index, a common one or a prefix too
  // short for a trigram ('co') down the best sellers' index — where a named statement would
  // settle on one generic plan for all after five runs, a slow one for half of them. `desc nulls
  // last` as products_sales_count_idx is made (drizzle's desc()): a plain `desc` means nulls
  // first, which that index cannot give, and sales_count is never null, so the order is the same.
  const searches = new Map<number, ReturnType<typeof searchWith>>();
  const searchWith = (words: number) =>
    db
      .select(productColumns)
      .from(products)
      .where(
        and(
          ...Array.from({ length: words }, (_, i) => sql`${products.searchText} ~ ${p(`w${i}`)}`),
          visible,
        ),
      )
      .orderBy(sql`${products.salesCount} desc nulls last`, byId)
      .limit(p('limit'))
      .prepare('');
  const search = (patterns: readonly string[], limit: number) => {
    let statement = searches.get(patterns.length);
    if (!statement) searches.set(patterns.length, (statement = searchWith(patterns.length)));
    return statement.execute({
      limit,
      ...Object.fromEntries(patterns.map((pattern, i) => [`w${i}`, pattern])),
    });
  };

  async function withCompositions(rows: ProductRecord[]): Promise<ProductWithCompositions[]> {
    if (rows.length === 0) return [];
    const links = await compositionsOf.execute({ ids: rows.map((r) => r.id) });
    const byProduct = new Map<number, ProductSummaryRecord[]>();
    for (const { productId, ...summary } of links) {
      const list = byProduct.get(productId);
      if (list) list.push(summary);
      else byProduct.set(productId, [summary]);
    }
    return rows.map((r) => ({ ...r, composicoes: byProduct.get(r.id) ?? [] }));
  }

  return {
    /**
     * Rows another module selected with {@link productColumns} (her favourites), with their
     * compositions, in the order given: the same product the catalog's lists answer.
     */
    withCompositions,

    /** Every product, by id. */
    async listProducts(): Promise<ProductWithCompositions[]> {
      return withCompositions(await all.execute());
    },

    /** The carousel's slides: the first `limit` products (by id) with a carousel picture. */
    async listCarousel(limit: number): Promise<ProductWithCompositions[]> {
      return withCompositions(await carousel.execute({ limit }));
    },

    /** `limit` products drawn at random on every call (the home's featured strip). */
    async listFeatured(limit: number): Promise<ProductWithCompositions[]> {
      return withCompositions(await featured.execute({ limit }));
    },

    async listBestSellers(limit: number): Promise<ProductWithCompositions[]> {
      return withCompositions(await bestSellers.execute({ limit }));
    },

    /** Every product of a category, by id. */
    async listByCategory(category: CategoryName): Promise<ProductWithCompositions[]> {
      return withCompositions(await inCategory.execute({ category }));
    },

    /** One page of a category; only a page past the end needs a second query for the total. */
    async pageByCategory(
      category: CategoryName,
      limit: number,
      offset: number,
    ): Promise<ProductPage> {
      const rows = await categoryPage.execute({ category, limit, offset });
      let total = rows[0]?.total;
      if (total === undefined) {
        total = offset === 0 ? 0 : ((await categoryCount.execute({ category }))[0]?.n ?? 0);
      }
      const results = await withCompositions(rows.map(({ total: _total, ...row }) => row));
      return { results, total };
    },

    async findProduct(id: number): Promise<ProductDetail | null> {
      const [row] = await one.execute({ id });
      if (!row) return null;
      const { maxPerCustomer, ...product } = row;
      const [found] = await withCompositions([product]);
      const variations = found!.variationAxis === null ? [] : await variationsOf.execute({ id });
      return { ...found!, variations, maxPerCustomer: Number(maxPerCustomer) };
    },

    /**
     * Products whose search text (lower case, no accents: productSearchText) has a word starting
     * with each typed word (normalized the same way by searchWords), the most sold first.
     * Word starts, not bare substrings: "anel" must not find a necklace cleaned "com flanela",
     * and "dour" still finds "dourado". A pg_trgm index on search_text serves it (migration 0016):
     * 10,000 products searched in about a millisecond (bench/big-catalog.mjs).
     */
    async searchProducts(
      words: readonly string[],
      limit: number,
    ): Promise<ProductWithCompositions[]> {
      if (words.length === 0) return [];
      return withCompositions(await search(words.map(wordStartPattern), limit));
    },
  };
}
