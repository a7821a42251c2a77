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
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CategoryName } from '@semijoias/domain/catalog';
import {
  compareSizes,
  hasListingFilters,
  NO_LISTING_FILTERS,
  PLATINGS,
  type ListingFilters,
  type ListingSort,
  type PlatingCode,
} from '@semijoias/domain/listing';
import type { Db } from '../../db/client.js';
import {
  productCompositions,
  products,
  productSearchName,
  productVariations,
} from '../../db/schema.js';
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
  reviewsCount: products.reviewsCount,
  reviewsStarsSum: products.reviewsStarsSum,
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
  /** Its approved reviews: how many, their stars summed (issue 36). */
  reviewsCount: number;
  reviewsStarsSum: number;
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

export interface SearchPage extends ProductPage {
  /** Found by the second try (words near, not as typed): the page says so. */
  approximate: boolean;
}

/**
 * Shorter words are never taken as typos: 'co' or 'mix' near a word would find nearly anything.
 * Four letters let 'colr' find the colares.
 */
export const NEAR_WORD_MIN = 4;

/** For each typed word: whether it may be near a word (second try) or must start one. */
type SearchShape = readonly boolean[];

/**
 * What a listing is before its filters: a category's pieces, or a search's (its words, each as
 * typed or near). Its statements take the category or the words as parameters.
 */
type ListingBase = { kind: 'category' } | { kind: 'search'; shape: SearchShape };

/** Which filters a request uses, and its sort: one statement text for each. */
interface FilterShape {
  sort: ListingSort;
  priceMin: boolean;
  priceMax: boolean;
  platings: boolean;
  sizes: boolean;
  promo: boolean;
}

function filterShape(f: ListingFilters): FilterShape {
  return {
    sort: f.sort,
    priceMin: f.priceMinCents !== null,
    priceMax: f.priceMaxCents !== null,
    platings: f.platings.length > 0,
    sizes: f.sizes.length > 0,
    promo: f.promo,
  };
}

function filterParams(f: ListingFilters): Record<string, unknown> {
  return {
    ...(f.priceMinCents !== null ? { priceMin: f.priceMinCents } : {}),
    ...(f.priceMaxCents !== null ? { priceMax: f.priceMaxCents } : {}),
    ...(f.platings.length > 0 ? { platings: f.platings } : {}),
    ...(f.sizes.length > 0 ? { sizes: f.sizes } : {}),
  };
}

/** What a listing's filters may offer, counted on it without filters. */
export interface ListingFacets {
  total: number;
  platings: { code: PlatingCode; label: string; count: number }[];
  sizes: { name: string; count: number }[];
  priceMinCents: number | null;
  priceMaxCents: number | null;
  promo: number;
}

const NO_FACETS: ListingFacets = {
  total: 0,
  platings: [],
  sizes: [],
  priceMinCents: null,
  priceMaxCents: null,
  promo: 0,
};

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

  // The search, in two tries (searchPage below). Each statement is made on first use for its
  // shape (how many words, which of them may be near) and kept. Unnamed, unlike the others:
  // PostgreSQL then plans every search for its own words — a rare word through a trigram index,
  // a common one or a prefix too short for a trigram ('co') down the best sellers' index — where a
  // named statement would settle on one generic plan for all after five runs, a slow one for half
  // of them. One condition per word (`~ all(array)` cannot use an index). `desc nulls last` as
  // products_sales_count_idx is made (drizzle's desc()): a plain `desc` means nulls first, which
  // that index cannot give, and sales_count is never null, so the order is the same.
  const searchName = productSearchName(products);
  /** Typed word `i` starts a word of search_text (the pattern `$w<i>`: wordStartPattern). */
  const startsAWord = (i: number) => sql`${products.searchText} ~ ${p(`w${i}`)}`;
  /** Typed word `i` (`$t<i>`) is close to a word of the name (migration 0024). */
  const nearAWord = (i: number) => sql`${p(`t${i}`)} <% ${searchName}`;
  // Whether one typed word alone starts a word of some piece (the second try of several words).
  const oneWordFound = db
    .select({ id: products.id })
    .from(products)
    .where(and(startsAWord(0), visible))
    .limit(1)
    .prepare('');
  const searchOrder = (shape: SearchShape) => {
    const closeness = shape.flatMap((near, i) =>
      near ? [sql`word_similarity(${p(`t${i}`)}, ${searchName})`] : [],
    );
    const bestSellersFirst = [sql`${products.salesCount} desc nulls last`, byId];
    // Near words: the closest pieces first, then as the first try orders them.
    return closeness.length === 0
      ? bestSellersFirst
      : [sql`(${sql.join(closeness, sql` + `)}) desc`, ...bestSellersFirst];
  };

  // A listing: its base (a category, a search's words), its filters and its sort. Each statement
  // is made on first use for its shape (which filters, which sort; the search's, how many words
  // and which may be near) and kept; the values travel as placeholders. Unnamed, as the search's
  // always were: PostgreSQL plans each request for its own values (a rare plating through the
  // category's rows, a common word down the best sellers' index) instead of one generic plan.
  const baseWhere = (base: ListingBase): SQL[] =>
    base.kind === 'category'
      ? [eq(products.category, p('category'))]
      : base.shape.map((near, i) => (near ? nearAWord(i) : startsAWord(i)));
  const filterWhere = (f: FilterShape): SQL[] => [
    ...(f.priceMin ? [sql`${products.priceCents} >= ${p('priceMin')}`] : []),
    ...(f.priceMax ? [sql`${products.priceCents} <= ${p('priceMax')}`] : []),
    ...(f.platings ? [sql`${products.plating} = any(${p('platings')}::text[])`] : []),
    // A size she can buy now: live (not archived) with stock.
    ...(f.sizes
      ? [
          sql`exists (select 1 from ${productVariations} where ${productVariations.productId} = ${products.id} and ${productVariations.archivedAt} is null and ${productVariations.stock} > 0 and ${productVariations.name} = any(${p('sizes')}::text[]))`,
        ]
      : []),
    ...(f.promo ? [eq(products.promocao, true)] : []),
  ];
  const listingWhere = (base: ListingBase, f: FilterShape) =>
    and(...baseWhere(base), ...filterWhere(f), visible);
  // Every order ends on the id, so two pages never share a piece nor skip one.
  const listingOrder = (base: ListingBase, sort: ListingSort): SQL[] => {
    switch (sort) {
      case 'mais-vendidos':
        return [sql`${products.salesCount} desc nulls last`, byId];
      case 'menor-preco':
        return [sql`${products.priceCents} asc`, byId];
      case 'maior-preco':
        return [sql`${products.priceCents} desc`, byId];
      case 'novidades':
        return [
          sql`${products.novo} desc`,
          sql`${products.createdAt} desc`,
          sql`${products.id} desc`,
        ];
      case 'relevancia':
        return base.kind === 'category' ? [byId] : searchOrder(base.shape);
    }
  };
  const baseKey = (base: ListingBase) =>
    base.kind === 'category' ? 'c' : base.shape.map((near) => (near ? 'n' : 'w')).join('');
  const listingStatements = new Map<
    string,
    { rows: ReturnType<typeof listingRows>; count: ReturnType<typeof listingCount> }
  >();
  // Counted in the same pass (`count(*) over ()`) when the statement reads every candidate
  // anyway: the search's second try (its condition, word_similarity of each candidate's name, is
  // the costly part: a separate count would pay it twice), and an order no index gives (price,
  // novidades): a separate count read the candidates twice, 47 ms against 22 for 'anel' sorted by
  // price on 10,000 pieces. The others count apart, only when their page cannot tell: their page
  // comes down an index (the best sellers', a category's ids) without reading the others, and a
  // window count would make PostgreSQL walk that index through every piece ('coracao' between
  // R$ 50 and R$ 150: 32 ms counted in the pass, 8 apart).
  const countsInPass = (base: ListingBase, f: FilterShape) =>
    (base.kind === 'search' && base.shape.some(Boolean)) ||
    !(f.sort === 'relevancia' || f.sort === 'mais-vendidos');
  const listingRows = (base: ListingBase, f: FilterShape) =>
    db
      .select({
        ...productColumns,
        total: countsInPass(base, f)
          ? sql<number>`count(*) over ()`.mapWith(Number)
          : sql<null>`null`,
      })
      .from(products)
      .where(listingWhere(base, f))
      .orderBy(...listingOrder(base, f.sort))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('');
  const listingCount = (base: ListingBase, f: FilterShape) =>
    db.select({ n: count() }).from(products).where(listingWhere(base, f)).prepare('');
  const statementsFor = (base: ListingBase, f: FilterShape) => {
    const key = `${baseKey(base)}|${JSON.stringify(f)}`;
    let made = listingStatements.get(key);
    if (!made) {
      made = { rows: listingRows(base, f), count: listingCount(base, f) };
      listingStatements.set(key, made);
    }
    return made;
  };

  /**
   * One page of a listing, and its total unless `counted` is false (the dropdown shows no
   * count). A short page ends the list: it tells the total without counting.
   */
  async function listingPage(
    base: ListingBase,
    baseParams: Record<string, unknown>,
    filters: ListingFilters,
    limit: number,
    offset: number,
    counted: boolean,
  ): Promise<{ rows: ProductRecord[]; total: number }> {
    const statements = statementsFor(base, filterShape(filters));
    const params = { ...baseParams, ...filterParams(filters) };
    const found = await statements.rows.execute({ ...params, limit, offset });
    const rows = found.map(({ total: _total, ...row }) => row);
    let total = found[0]?.total ?? null;
    if (total === null) {
      if (rows.length > 0 && rows.length < limit) total = offset + rows.length;
      else if (rows.length === 0 && offset === 0) total = 0;
      else if (!counted) total = offset + rows.length;
      else total = (await statements.count.execute(params))[0]?.n ?? 0;
    }
    return { rows, total };
  }

  /** The search's parameters for its words: each word's pattern, and the near ones as typed. */
  function wordParams(words: readonly string[], shape: SearchShape): Record<string, string> {
    const params: Record<string, string> = {};
    words.forEach((word, i) => {
      params[`w${i}`] = wordStartPattern(word);
      if (shape[i]) params[`t${i}`] = word;
    });
    return params;
  }

  async function searchTry(
    words: readonly string[],
    shape: SearchShape,
    filters: ListingFilters,
    limit: number,
    offset: number,
    counted: boolean,
  ): Promise<{ rows: ProductRecord[]; total: number }> {
    const base: ListingBase = { kind: 'search', shape };
    return listingPage(base, wordParams(words, shape), filters, limit, offset, counted);
  }

  /**
   * Which try answers these words: as typed when some piece has them all, else the near shape
   * (each word no piece has as typed, long enough, taken as a typo), else none.
   */
  async function nearShape(words: readonly string[]): Promise<SearchShape | null> {
    const missing =
      words.length === 1
        ? [true]
        : await Promise.all(
            words.map(async (word) => {
              const [hit] = await oneWordFound.execute({ w0: wordStartPattern(word) });
              return hit === undefined;
            }),
          );
    const near = words.map((word, i) => missing[i] === true && [...word].length >= NEAR_WORD_MIN);
    const hopeless = words.some((_, i) => missing[i] === true && !near[i]);
    return hopeless || !near.some(Boolean) ? null : near;
  }

  /**
   * One page of the shop's search (the header's box, /busca), best sellers first, in two tries:
   * 1. every typed word (normalized as productSearchText is: searchWords) starts a word of the
   *    piece's search text (name, description, category words). Word starts, not bare
   *    substrings: "anel" must not find a necklace cleaned "com flanela", and "dour" still
   *    finds "dourado". A pg_trgm index on search_text serves it (migration 0016).
   * 2. only when nothing matched: each typed word that no piece has as typed, of NEAR_WORD_MIN
   *    letters or more, may instead be close to a word of the name (pg_trgm's `<%` on
   *    lower_unaccent(name), its own index, migration 0024): 'colr' finds the colares, 'brinko'
   *    the brincos, 'brinco prola' the brincos named 'Pérola'. The closest come first.
   *    `approximate` says the answer came from this try.
   * Figures on 10,000 products: docs/search-contract.md.
   */
  async function searchPage(
    words: readonly string[],
    limit: number,
    offset: number,
    {
      counted = true,
      filters = NO_LISTING_FILTERS,
    }: { counted?: boolean; filters?: ListingFilters } = {},
  ): Promise<SearchPage> {
    const nothing = { results: [], total: 0, approximate: false };
    if (words.length === 0) return nothing;
    const asTyped = words.map(() => false);
    const first = await searchTry(words, asTyped, filters, limit, offset, counted);
    if (first.total > 0) {
      return {
        results: await withCompositions(first.rows),
        total: first.total,
        approximate: false,
      };
    }
    // Her filters left nothing of what the words find as typed: that is the answer (no typo).
    if (hasListingFilters(filters)) {
      const any = await searchTry(words, asTyped, NO_LISTING_FILTERS, 1, 0, false);
      if (any.rows.length > 0) return nothing;
    }
    // The second try: each word no piece has as typed is taken as a typo, when it is long
    // enough; the others are kept as typed ('brinco prola': brinco as typed, prola near
    // 'pérola'). Near conditions only the name's trigram index serves: no 'or' that would have
    // every piece read.
    const near = await nearShape(words);
    if (!near) return nothing;
    const found = await searchTry(words, near, filters, limit, offset, counted);
    const approximate = found.total > 0;
    return { results: await withCompositions(found.rows), total: found.total, approximate };
  }

  // What a listing's filters may offer, in one statement: its pieces without filters are read
  // once (a materialized CTE: the search's conditions are its cost) and aggregated three ways —
  // the summary, the platings, the sizes in stock (live, with stock) of its pieces. Three separate
  // aggregates read them three times: 63 ms against 22 for 'anel' on 10,000 pieces. The values go
  // as parameters: no statement is kept for it (the answer is, in the catalog cache).
  async function listingFacets(
    base: ListingBase,
    params: Record<string, unknown>,
  ): Promise<ListingFacets> {
    const value = (name: string) => sql`${params[name]}`;
    const conditions =
      base.kind === 'category'
        ? [sql`${products.category} = ${value('category')}`]
        : base.shape.map((near, i) =>
            near
              ? sql`${value(`t${i}`)} <% ${searchName}`
              : sql`${products.searchText} ~ ${value(`w${i}`)}`,
          );
    const { rows } = (await db.execute(sql`
      with listed as materialized (
        select ${products.id} as id, ${products.plating} as plating,
               ${products.priceCents} as price, ${products.promocao} as promo
        from ${products}
        where ${and(...conditions, visible)}
      )
      select 's' as kind, null as name, count(*)::int as n, min(price)::int as lo,
             max(price)::int as hi, (count(*) filter (where promo))::int as promo
      from listed
      union all
      select 'p', plating, count(*)::int, null, null, null
      from listed where plating is not null group by plating
      union all
      select 't', v.name, count(distinct v.product_id)::int, null, null, null
      from ${productVariations} v join listed on listed.id = v.product_id
      where v.archived_at is null and v.stock > 0
      group by v.name
    `)) as unknown as {
      rows: {
        kind: 's' | 'p' | 't';
        name: string | null;
        n: number;
        lo: number | null;
        hi: number | null;
        promo: number | null;
      }[];
    };
    const summary = rows.find((r) => r.kind === 's');
    if (!summary || Number(summary.n) === 0) return NO_FACETS;
    const platingCount = new Map(
      rows.filter((r) => r.kind === 'p').map((r) => [r.name, Number(r.n)]),
    );
    return {
      total: Number(summary.n),
      platings: PLATINGS.flatMap((p) => {
        const n = platingCount.get(p.code);
        return n ? [{ code: p.code, label: p.label, count: n }] : [];
      }),
      sizes: rows
        .filter((r) => r.kind === 't' && r.name !== null)
        .map((r) => ({ name: r.name!, count: Number(r.n) }))
        .sort((a, b) => compareSizes(a.name, b.name)),
      priceMinCents: summary.lo === null ? null : Number(summary.lo),
      priceMaxCents: summary.hi === null ? null : Number(summary.hi),
      promo: Number(summary.promo ?? 0),
    };
  }

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

    /**
     * One page of a category, sorted and filtered. Its own order and no filter (the page most
     * asked for) comes down the category's index: only a page past the end needs a second query
     * for the total.
     */
    async pageByCategory(
      category: CategoryName,
      limit: number,
      offset: number,
      filters: ListingFilters = NO_LISTING_FILTERS,
    ): Promise<ProductPage> {
      if (filters.sort !== 'relevancia' || hasListingFilters(filters)) {
        const base: ListingBase = { kind: 'category' };
        const page = await listingPage(base, { category }, filters, limit, offset, true);
        return { results: await withCompositions(page.rows), total: page.total };
      }
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

    searchPage,

    /** What a category's filters may offer (its platings, sizes in stock, prices, promos). */
    categoryFacets(category: CategoryName): Promise<ListingFacets> {
      return listingFacets({ kind: 'category' }, { category });
    },

    /** The visible pieces of a category: what its filters are counted on. */
    async categoryPieceIds(category: CategoryName): Promise<number[]> {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.category, category), visible));
      return rows.map((r) => r.id);
    },

    /** What a search's filters may offer: counted on the pieces its words find (either try). */
    async searchFacets(words: readonly string[]): Promise<ListingFacets> {
      if (words.length === 0) return NO_FACETS;
      const asTyped = words.map(() => false);
      const found = await searchTry(words, asTyped, NO_LISTING_FILTERS, 1, 0, false);
      const shape = found.rows.length > 0 ? asTyped : await nearShape(words);
      if (!shape) return NO_FACETS;
      return listingFacets({ kind: 'search', shape }, wordParams(words, shape));
    },

    /** The first `limit` results of {@link searchPage} (the header's dropdown). */
    async searchProducts(
      words: readonly string[],
      limit: number,
    ): Promise<ProductWithCompositions[]> {
      return (await searchPage(words, limit, 0, { counted: false })).results;
    },
  };
}
