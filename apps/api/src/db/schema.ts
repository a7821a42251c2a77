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
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
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

// ------------------------------------------------------------------------ Accounts (issue 3)

/**
 * A customer. E-mail is stored lower case and CPF/phone as digits (the domain normalizes them),
 * so plain unique constraints enforce "one account per e-mail / per CPF" even under races.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    cpf: text('cpf').notNull(),
    phone: text('phone').notNull(),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Access tokens issued before this instant are refused (a password reset moves it). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`'epoch'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('users_email_unique').on(t.email),
    unique('users_cpf_unique').on(t.cpf),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_cpf_digits_check', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('users_phone_digits_check', sql`${t.phone} ~ '^[0-9]{10,11}$'`),
  ],
);

/** Single-use tokens sent by e-mail; only their SHA-256 is stored. */
const oneTimeTokenColumns = () => ({
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  oneTimeTokenColumns(),
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', oneTimeTokenColumns(), (t) => [
  index('password_reset_tokens_user_idx').on(t.userId),
]);

/**
 * Opaque refresh tokens (SHA-256 stored), rotated on every use. Tokens descending from one login
 * share a family; presenting a spent one revokes the whole family (theft detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when rotated: the token is spent. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedById: integer('replaced_by_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Fixed-window rate-limit counters, shared by every instance: one row per (key, window), bumped
 * with one atomic upsert. Old windows are swept now and then.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_buckets_expires_idx').on(t.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;

// ------------------------------------------------------------------------ Cart (issue 4)

/**
 * A logged-in customer's cart: one row per (user, product). Quantities change with single
 * atomic statements (`quantidade = least(greatest(quantidade + delta, 1), stock)`), so concurrent
 * updates of one line serialize on its row and none is lost.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantidade: integer('quantidade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_items_quantidade_check', sql`${t.quantidade} >= 1`),
    // The product's cascade.
    index('cart_items_product_idx').on(t.productId),
  ],
);

/**
 * Keys of guest-cart merges already applied (`POST api/cart/` with an Idempotency-Key), so a
 * merge retried after a lost answer or a closed tab adds nothing twice.
 */
export const cartMergeKeys = pgTable(
  'cart_merge_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('cart_merge_keys_created_idx').on(t.createdAt),
  ],
);

// ------------------------------------------------------------------------ Postal codes (issue 4)

/**
 * ViaCEP's answers, so a CEP is looked up outside once in a while and not on every keystroke of
 * every shopper. `found` false caches "CEP não encontrado" too (for a shorter time).
 */
export const cepLookups = pgTable(
  'cep_lookups',
  {
    cep: text('cep').primaryKey(),
    found: boolean('found').notNull(),
    logradouro: text('logradouro').notNull().default(''),
    bairro: text('bairro').notNull().default(''),
    cidade: text('cidade').notNull().default(''),
    estado: text('estado').notNull().default(''),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('cep_lookups_cep_check', sql`${t.cep} ~ '^[0-9]{8}$'`)],
);
