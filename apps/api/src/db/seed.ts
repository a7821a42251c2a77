/**
 * Seeds the catalog on first start (ARCHITECTURE "Catalog data and images"): when the products
 * table is empty, every product of catalog-data.ts and its compositions go in, in one transaction.
 * Tests seed through the same function with the same data (STYLE 12).
 */
import { count, inArray, sql } from 'drizzle-orm';
import { productSearchText } from '@semijoias/domain/catalog';
import { platingFromName } from '@semijoias/domain/listing';
import { catalogSeed, productImageFiles, type SeedProduct } from './catalog-data.js';
import type { Db } from './client.js';
import { productCompositions, products, productVariations, type NewProductRow } from './schema.js';

/** Product images live in <media>/produtos/; the database keeps paths relative to the media root. */
const PRODUCT_IMAGE_DIR = 'produtos/';

/** Serialises seeding between instances starting together (a transaction-scoped lock). */
const SEED_LOCK_KEY = 727_002;

export function seedProductRow(p: SeedProduct): NewProductRow {
  const files = productImageFiles(p);
  return {
    slug: p.key,
    name: p.name,
    category: p.category,
    priceCents: p.priceCents,
    originalPriceCents: p.originalPriceCents ?? null,
    description: p.description,
    image: PRODUCT_IMAGE_DIR + files.image,
    imgPessoa: PRODUCT_IMAGE_DIR + files.img_pessoa,
    imageCarrossel: PRODUCT_IMAGE_DIR + files.image_carrossel,
    composicaoImg1: PRODUCT_IMAGE_DIR + files.composicao_img_1,
    composicaoImg2: PRODUCT_IMAGE_DIR + files.composicao_img_2,
    composicaoImg3:
      files.composicao_img_3 === null ? null : PRODUCT_IMAGE_DIR + files.composicao_img_3,
    stock: p.stock,
    novo: p.novo,
    promocao: p.promocao,
    salesCount: p.salesCount,
    searchText: productSearchText(p),
    variationAxis: p.variations?.axis ?? null,
    // The demonstration pieces' names say their plating; one that says none is gold-plated.
    plating: platingFromName(p.name) ?? 'dourado',
  };
}

/**
 * Inserts products and their "Complete o Look" compositions. A composition may name a product of
 * this batch or one already in the database (by key); an unknown key is an error, not a silent
 * skip, so a broken seed fails loudly. Returns the ids by key.
 */
export async function insertProducts(
  db: Db,
  items: readonly SeedProduct[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (items.length === 0) return ids;
  const inserted = await db
    .insert(products)
    .values(items.map(seedProductRow))
    .returning({ id: products.id, slug: products.slug });
  for (const row of inserted) ids.set(row.slug, row.id);

  // Sizes in order; each one's stock goes in through the ledger's trigger ('initial'), and the
  // product's stock is kept as their sum (migration 0011).
  const sizes = items.flatMap((p) =>
    (p.variations?.sizes ?? []).map((size, position) => ({
      productId: ids.get(p.key)!,
      name: size.name,
      position,
      stock: size.stock,
    })),
  );
  if (sizes.length > 0) await db.insert(productVariations).values(sizes);

  const wanted = [...new Set(items.flatMap((p) => p.composicoes))].filter((k) => !ids.has(k));
  if (wanted.length > 0) {
    const existing = await db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.slug, wanted));
    for (const row of existing) ids.set(row.slug, row.id);
  }

  const links = items.flatMap((p) =>
    p.composicoes.map((key, position) => {
      const composedProductId = ids.get(key);
      if (composedProductId === undefined) {
        throw new Error(`Semente do catálogo: ${p.key} compõe com ${key}, que não existe`);
      }
      return { productId: ids.get(p.key)!, composedProductId, position };
    }),
  );
  if (links.length > 0) await db.insert(productCompositions).values(links);
  return ids;
}

export interface SeedResult {
  seeded: boolean;
  products: number;
}

/** Seeds when the catalog is empty; a no-op otherwise. Safe to call on every start. */
export async function seedCatalog(
  db: Db,
  items: readonly SeedProduct[] = catalogSeed,
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return { seeded: false, products: existing?.n ?? 0 };
    await insertProducts(tx, items);
    return { seeded: true, products: items.length };
  });
}
