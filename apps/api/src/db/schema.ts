/**
 * The database schema (Drizzle, pg-core). drizzle-kit generates the SQL migrations in
 * apps/api/drizzle/ from this file; they are committed and applied at start-up.
 *
 * Conventions for the tables that later features add (users, tokens, carts, addresses, coupons,
 * orders): snake_case names, `serial` ids, money in integer centavos (`*_cents`), timestamps with
 * time zone, rules the database can keep (uniqueness, non-negative stock) as constraints.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { CATEGORIES, type CategoryName } from '@semijoias/domain/catalog';

const categoryNames = sql.raw(CATEGORIES.map((c) => `'${c.name}'`).join(', '));

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** Stable, unique, ascii: the seed's key and the base name of the product's images. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    category: text('category').$type<CategoryName>().notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The struck-through "de" price of a PROMOÇÃO; null otherwise. */
    originalPriceCents: integer('original_price_cents'),
    description: text('description').notNull().default(''),
    // Image paths relative to the media root ('produtos/anel-x.svg'); the API prefixes
    // IMAGE_BASE_URL, so moving images to a CDN is a setting, not a data migration.
    image: text('image').notNull(),
    imgPessoa: text('img_pessoa').notNull(),
    imageCarrossel: text('image_carrossel').notNull(),
    composicaoImg1: text('composicao_img_1').notNull(),
    composicaoImg2: text('composicao_img_2').notNull(),
    composicaoImg3: text('composicao_img_3'),
    stock: integer('stock').notNull().default(0),
    /** Shipping weight per unit (SPEC §9: 0.2 kg by default). */
    weightGrams: integer('weight_grams').notNull().default(200),
    novo: boolean('novo').notNull().default(false),
    promocao: boolean('promocao').notNull().default(false),
    /** Units sold; best sellers are ordered by it. */
    salesCount: integer('sales_count').notNull().default(0),
    /** Name, description and category words, lower case without accents (productSearchText). */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_category_check', sql`${t.category} in (${categoryNames})`),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check(
      'products_original_price_check',
      sql`${t.originalPriceCents} is null or ${t.originalPriceCents} > ${t.priceCents}`,
    ),
    // Checkout decrements stock with `where stock >= n`; this is the last line of defence.
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_weight_check', sql`${t.weightGrams} > 0`),
    check('products_sales_count_check', sql`${t.salesCount} >= 0`),
    // Category pages: where category = $1 order by id limit/offset.
    index('products_category_id_idx').on(t.category, t.id),
    // Best sellers: order by sales_count desc, id.
    index('products_sales_count_idx').on(t.salesCount.desc(), t.id),
  ],
);

/** "Complete o Look": other products shown with a product, in a given order. */
export const productCompositions = pgTable(
  'product_compositions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    composedProductId: integer('composed_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.composedProductId] }),
    check('product_compositions_not_self', sql`${t.productId} <> ${t.composedProductId}`),
    // The reverse direction, for the cascade when a composed product is deleted.
    index('product_compositions_composed_idx').on(t.composedProductId),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
