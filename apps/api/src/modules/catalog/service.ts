/**
 * Catalog queries. Every list selects the same product columns and loads the "Complete o Look"
 * compositions of the whole page in one more query (never one per product).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CategoryName } from '@semijoias/domain/catalog';
import type { Db } from '../../db/client.js';
import { productCompositions, products } from '../../db/schema.js';

const productColumns = {
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
}

export interface ProductWithCompositions extends ProductRecord {
  composicoes: ProductSummaryRecord[];
}

/** One query for the compositions of every product given, in each product's chosen order. */
async function withCompositions(db: Db, rows: ProductRecord[]): Promise<ProductWithCompositions[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({
      productId: productCompositions.productId,
      id: products.id,
      name: products.name,
      category: products.category,
      priceCents: products.priceCents,
      image: products.image,
      novo: products.novo,
      promocao: products.promocao,
    })
    .from(productCompositions)
    .innerJoin(products, eq(products.id, productCompositions.composedProductId))
    .where(
      inArray(
        productCompositions.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productCompositions.productId), asc(productCompositions.position));
  const byProduct = new Map<number, ProductSummaryRecord[]>();
  for (const { productId, ...summary } of links) {
    const list = byProduct.get(productId);
    if (list) list.push(summary);
    else byProduct.set(productId, [summary]);
  }
  return rows.map((r) => ({ ...r, composicoes: byProduct.get(r.id) ?? [] }));
}

/** Every product, by id. */
export async function listProducts(db: Db): Promise<ProductWithCompositions[]> {
  const rows = await db.select(productColumns).from(products).orderBy(asc(products.id));
  return withCompositions(db, rows);
}

/**
 * `count` products drawn at random on every call (the home's featured strip). `order by random()`
 * reads the whole table: right for a boutique's few hundred products; past tens of thousands use
 * TABLESAMPLE or a precomputed list.
 */
export async function listFeatured(db: Db, count: number): Promise<ProductWithCompositions[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .orderBy(sql`random()`)
    .limit(count);
  return withCompositions(db, rows);
}

/** The most sold first; ties by id so the order is stable. */
export async function listBestSellers(db: Db, count: number): Promise<ProductWithCompositions[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .orderBy(desc(products.salesCount), asc(products.id))
    .limit(count);
  return withCompositions(db, rows);
}

/** Every product of a category, by id. */
export async function listByCategory(
  db: Db,
  category: CategoryName,
): Promise<ProductWithCompositions[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(eq(products.category, category))
    .orderBy(asc(products.id));
  return withCompositions(db, rows);
}

export interface ProductPage {
  results: ProductWithCompositions[];
  total: number;
}

/**
 * One page of a category, ordered by id (stable across pages: the catalog's insertion order,
 * and a product added later goes to the end instead of shifting the pages already seen).
 * The total comes with the page as a window count; only a page past the end needs a second query.
 */
export async function pageByCategory(
  db: Db,
  category: CategoryName,
  limit: number,
  offset: number,
): Promise<ProductPage> {
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(eq(products.category, category))
    .orderBy(asc(products.id))
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    total = offset === 0 ? 0 : await db.$count(products, eq(products.category, category));
  }
  const results = await withCompositions(
    db,
    rows.map(({ total: _total, ...row }) => row),
  );
  return { results, total };
}

export async function findProduct(db: Db, id: number): Promise<ProductWithCompositions | null> {
  const rows = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  const [found] = await withCompositions(db, rows);
  return found ?? null;
}

/** Every regular-expression metacharacter matches itself. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Products whose search text (lower case, no accents: productSearchText) has a word starting with
 * each of the words typed (normalized the same way by searchWords), the most sold first.
 * Word starts, not bare substrings: "anel" must not find a necklace cleaned "com flanela", and
 * "dour" still finds "dourado". `\m` is PostgreSQL's beginning-of-word. Scanning a few hundred
 * rows is fast; a pg_trgm index on search_text is the next step if the catalog grows a lot.
 */
export async function searchProducts(
  db: Db,
  words: readonly string[],
  cap: number,
): Promise<ProductWithCompositions[]> {
  if (words.length === 0) return [];
  const conditions: SQL[] = words.map(
    (w) => sql`${products.searchText} ~ ${`\\m${escapeRegex(w)}`}`,
  );
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(...conditions))
    .orderBy(desc(products.salesCount), asc(products.id))
    .limit(cap);
  return withCompositions(db, rows);
}
