/**
 * The database schema (Drizzle, pg-core). drizzle-kit generates the SQL migrations in
 * apps/api/drizzle/ from this file; they are committed and applied at start-up.
 *
 * Conventions for the tables that later features add (users, tokens, carts, addresses, coupons,
 * orders): snake_case names, `serial` ids, money in integer centavos (`*_cents`), timestamps with
 * time zone, rules the database can keep (uniqueness, non-negative stock) as constraints.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CATEGORIES, type CategoryName } from '@semijoias/domain/catalog';
import { ORDER_STATUS_CODES, type OrderStatusCode } from '@semijoias/domain/orders';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import type {
  CategoryPackage,
  CategorySlug,
  MelhorEnvioEnvironment,
  ShippingSender,
  ShippingServiceSetting,
} from '@semijoias/domain/shipping-settings';

const categoryNames = sql.raw(CATEGORIES.map((c) => `'${c.name}'`).join(', '));

/**
 * Accented letters of Portuguese and their plain forms: the owners' customer search compares
 * `translate(lower(name), ACCENTED_LETTERS, PLAIN_LETTERS)` (no extension needed, PGlite
 * included), and an index of that very expression serves it (migration 0016).
 */
export const ACCENTED_LETTERS = 'áàâãäéèêëíìîïóòôõöúùûüç';
export const PLAIN_LETTERS = 'aaaaaeeeeiiiiooooouuuuc';

/** `translate(lower(<text>), …)`: the text lower-cased without accents, as the index keeps it. */
export function unaccentedLower(text: SQL): SQL {
  return sql`translate(lower(${text}), ${sql.raw(`'${ACCENTED_LETTERS}'`)}, ${sql.raw(`'${PLAIN_LETTERS}'`)})`;
}

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
    /**
     * Its package in whole centimetres (issue 35, migration 0027), for carriers' quotes and labels.
     * Null: the category's package in the 'Frete' settings, else SPEC §9's 20 × 5 × 15.
     */
    widthCm: integer('width_cm'),
    heightCm: integer('height_cm'),
    lengthCm: integer('length_cm'),
    novo: boolean('novo').notNull().default(false),
    promocao: boolean('promocao').notNull().default(false),
    /**
     * Set when the owners take a product out of the store. A product that was ever ordered is
     * hidden, never deleted (its order lines point at it); hidden products are in no list, page,
     * search, sitemap or cart, and cannot be bought.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Units sold; best sellers are ordered by it. */
    salesCount: integer('sales_count').notNull().default(0),
    /**
     * Its approved reviews (issue 36, migration 0028): how many and their stars summed, written
     * in the transaction that approves or hides one, so every list and page shows the average
     * without counting (and the products trigger drops the catalog cache at that commit).
     */
    reviewsCount: integer('reviews_count').notNull().default(0),
    reviewsStarsSum: integer('reviews_stars_sum').notNull().default(0),
    /**
     * 'Máximo por cliente' (issue 32): the units of this piece, all sizes together, one buyer may
     * hold in unpaid orders at once; null applies the store's default
     * (payment_settings.max_units_per_customer). docs/purchase-limits.md.
     */
    maxPerCustomer: integer('max_per_customer'),
    /**
     * The axis of its variations ('Aro', 'Comprimento'), null for a product without them. With
     * variations, `stock` is the sum of theirs, kept by a trigger (migration 0011).
     */
    variationAxis: text('variation_axis'),
    /**
     * Its plating or material ('dourado', 'rodio', 'prata'…: a code of PLATINGS in the domain),
     * set by the owners; categories and search filter by it. Null: not said (in no plating filter).
     */
    plating: text('plating'),
    /**
     * The shopping catalogs (issue 37, migration 0031): left out of /feeds/google.xml and
     * /feeds/meta.csv when true; its colour and gender there when the defaults are wrong (null:
     * the colour its plating says, the store's gender 'female').
     */
    feedExcluded: boolean('feed_excluded').notNull().default(false),
    feedColor: text('feed_color'),
    feedGender: text('feed_gender'),
    /** Name, description and category words, lower case without accents (productSearchText). */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_category_check', sql`${t.category} in (${categoryNames})`),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check(
      'products_max_per_customer_check',
      sql`${t.maxPerCustomer} is null or ${t.maxPerCustomer} between 1 and 99`,
    ),
    check(
      'products_original_price_check',
      sql`${t.originalPriceCents} is null or ${t.originalPriceCents} > ${t.priceCents}`,
    ),
    // Checkout decrements stock with `where stock >= n`; this is the last line of defence.
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_weight_check', sql`${t.weightGrams} > 0`),
    check(
      'products_dimensions_check',
      sql`(${t.widthCm} is null or ${t.widthCm} between 1 and 200)
        and (${t.heightCm} is null or ${t.heightCm} between 1 and 200)
        and (${t.lengthCm} is null or ${t.lengthCm} between 1 and 200)`,
    ),
    check('products_sales_count_check', sql`${t.salesCount} >= 0`),
    check(
      'products_feed_gender_check',
      sql`${t.feedGender} is null or ${t.feedGender} in ('female', 'male', 'unisex')`,
    ),
    check(
      'products_feed_color_check',
      sql`${t.feedColor} is null or length(${t.feedColor}) between 1 and 100`,
    ),
    // Category pages: where category = $1 order by id limit/offset.
    index('products_category_id_idx').on(t.category, t.id),
    // The shop's category pages and their count, visible pieces only (migration 0020): the page's
    // ids and the count are index-only scans, not a read of every product of the category.
    index('products_visible_category_idx')
      .on(t.category, t.id)
      .where(sql`${t.hiddenAt} is null`),
    // Best sellers: order by sales_count desc, id.
    index('products_sales_count_idx').on(t.salesCount.desc(), t.id),
    // The shop's search: `search_text ~ '\\m<word>'` for each word (pg_trgm reads regular
    // expressions); a word too short for a trigram leaves it to the best sellers' index.
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The search's second try, when no piece has a word starting with each typed one: a typed
    // word close to a word of the name ('colr', 'brinko'), `<%` of pg_trgm on the name lower-cased
    // without accents (lower_unaccent: unaccent's immutable wrapper, migration 0024).
    index('products_name_unaccented_trgm_idx').using(
      'gin',
      sql`${productSearchName(t)} gin_trgm_ops`,
    ),
  ],
);

/**
 * `lower_unaccent(name)`: a product's name lower-cased without accents, as
 * products_name_unaccented_trgm_idx keeps it (migration 0024 makes the function).
 */
export function productSearchName(t: { name: AnyPgColumn }): SQL {
  return sql`lower_unaccent(${t.name})`;
}

/**
 * A product's sizes (docs/variations-contract.md): each with its own stock, in the
 * owners' order. The product's `stock` is the sum of its live ones (a trigger keeps it). One that
 * was ever ordered is archived, never deleted: its order lines point at it.
 */
export const productVariations = pgTable(
  'product_variations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    stock: integer('stock').notNull().default(0),
    sku: text('sku'),
    /**
     * 'Manter em estoque': the owners keep this size stocked, so the Painel's low-stock card counts
     * it when it runs low (other sizes count only through their piece's total).
     */
    keptInStock: boolean('kept_in_stock').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Checkout takes a size's stock with `where stock >= n`; this is the last line of defence.
    check('product_variations_stock_check', sql`${t.stock} >= 0`),
    check('product_variations_name_check', sql`length(${t.name}) between 1 and 30`),
    uniqueIndex('product_variations_live_name_unique')
      .on(t.productId, t.name)
      .where(sql`${t.archivedAt} is null`),
    index('product_variations_product_idx').on(t.productId, t.position),
  ],
);

export type ProductVariationRow = typeof productVariations.$inferSelect;

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

// ---------------------------------------------------------------------------------------- Accounts

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
    /**
     * 'owner' for the store's owners (granted from ADMIN_EMAILS to verified accounts, at start-up
     * and at login; modules/owner-access/roles.ts), else 'customer'. Read from here on every admin call.
     */
    role: text('role').$type<UserRole>().notNull().default('customer'),
    /** Set when an LGPD request anonymised the account: her personal data is gone from it. */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /**
     * LGPD: she agreed to receive offers by e-mail ('aceita_marketing'): unticked at sign-up
     * unless she ticks it; withdrawn from the info tab or any marketing e-mail's link.
     */
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    /**
     * The CEP she last quoted her cart's freight for (issue 34 item 3): her server cart remembers it
     * on every device, as a guest's device cart does in the browser. Null: none yet.
     */
    cartCep: text('cart_cep'),
    /** When she last gave or withdrew that agreement (null: never asked to change it). */
    marketingOptInChangedAt: timestamp('marketing_opt_in_changed_at', { withTimezone: true }),
    /**
     * The last change of her server cart (a line added, changed or removed), kept by a trigger on
     * cart_items (migration 0012) so every path counts: the forgotten-cart e-mail waits from it.
     */
    cartChangedAt: timestamp('cart_changed_at', { withTimezone: true, precision: 3 }),
    /**
     * The address this account proved it reads (an e-mail link opened) while that address was in
     * ADMIN_EMAILS. It is an owner only while `email` equals it and it is still listed
     * (modules/owner-access/roles.ts, docs/account-security.md).
     */
    ownerEmail: text('owner_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('users_email_unique').on(t.email),
    unique('users_cpf_unique').on(t.cpf),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_cpf_digits_check', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('users_phone_digits_check', sql`${t.phone} ~ '^[0-9]{10,11}$'`),
    check('users_role_check', sql`${t.role} in ('customer', 'owner')`),
    // The Painel's 'Avise-me' figure (migration 0032): her account found from a served request's
    // hash. lower_email_sha256 is the SQL of hashToken(lower(email)) (stock_alerts.email_hash).
    index('users_email_sha256_idx').on(sql`lower_email_sha256(${t.email})`),
    // The back office's searches, `like '%…%'` (pg_trgm): the customers' by name without
    // accents, e-mail and CPF digits; the orders' by the account's name and e-mail.
    index('users_name_unaccented_trgm_idx').using(
      'gin',
      sql`${unaccentedLower(sql`${t.firstName} || ' ' || ${t.lastName}`)} gin_trgm_ops`,
    ),
    index('users_name_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_cpf_trgm_idx').using('gin', t.cpf.op('gin_trgm_ops')),
  ],
);

export type UserRole = 'customer' | 'owner';

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
  (t) => [
    index('email_verification_tokens_user_idx').on(t.userId),
    // Housekeeping deletes spent and expired tokens by age.
    index('email_verification_tokens_expires_idx').on(t.expiresAt),
  ],
);

export const passwordResetTokens = pgTable('password_reset_tokens', oneTimeTokenColumns(), (t) => [
  index('password_reset_tokens_user_idx').on(t.userId),
  index('password_reset_tokens_expires_idx').on(t.expiresAt),
]);

/**
 * A change of an account's e-mail waiting for its confirmation (docs/account-security.md): the
 * link sent to the new address (`confirm_token_hash`) makes it, once, before `expires_at`; the
 * link sent to the old one ('não fui eu', `cancel_token_hash`) cancels it, or undoes it, and ends
 * her sessions, once, before `cancel_expires_at`. Only the SHA-256 of the tokens is kept.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull().unique(),
    cancelTokenHash: text('cancel_token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    cancelExpiresAt: timestamp('cancel_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_changes_user_idx').on(t.userId),
    index('email_changes_cancel_expires_idx').on(t.cancelExpiresAt),
  ],
);

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
    /**
     * When the family's login passed the owners' second factor: its access tokens carry it,
     * and a refresh keeps it. Null for a login by password alone.
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
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

// -------------------------------------------------------------------------------------------- Cart

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
    /** Her size of a product sold by size; null for a product without variations. */
    variationId: integer('variation_id').references(() => productVariations.id, {
      onDelete: 'cascade',
    }),
    quantidade: integer('quantidade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A line is a product and a size: two sizes of one ring are two lines; a product without
    // variations (null) has one line, as before (nulls not distinct).
    unique('cart_items_line_unique').on(t.userId, t.productId, t.variationId).nullsNotDistinct(),
    check('cart_items_quantidade_check', sql`${t.quantidade} >= 1`),
    // The product's and the variation's cascades.
    index('cart_items_product_idx').on(t.productId),
    index('cart_items_variation_idx').on(t.variationId),
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

// ------------------------------------------------------------------------------------ Postal codes

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
  (t) => [
    check('cep_lookups_cep_check', sql`${t.cep} ~ '^[0-9]{8}$'`),
    index('cep_lookups_fetched_idx').on(t.fetchedAt),
  ],
);

// -------------------------------------------------------------------------------- Address profiles

/**
 * A customer's saved delivery addresses (SPEC §3 "Address profile"). CPF, phone and CEP are
 * digits, the e-mail lower case, the state its UF (the domain's normalizeAddressProfile).
 * A profile name is unique per customer whatever its case; at most one default per customer
 * (a partial unique index), and the service keeps exactly one while she has any.
 */
export const addressProfiles = pgTable(
  'address_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nomePerfil: text('nome_perfil').notNull(),
    nomeCompleto: text('nome_completo').notNull(),
    email: text('email').notNull(),
    cpf: text('cpf').notNull(),
    telefone: text('telefone').notNull(),
    cep: text('cep').notNull(),
    endereco: text('endereco').notNull(),
    numero: text('numero').notNull(),
    complemento: text('complemento').notNull().default(''),
    bairro: text('bairro').notNull(),
    cidade: text('cidade').notNull(),
    estado: text('estado').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The name carries "nome_perfil" so the duplicate's database text maps to SPEC §8's message.
    uniqueIndex('address_profiles_user_nome_perfil_unique').on(
      t.userId,
      sql`lower(${t.nomePerfil})`,
    ),
    uniqueIndex('address_profiles_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('address_profiles_cpf_check', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('address_profiles_cep_check', sql`${t.cep} ~ '^[0-9]{8}$'`),
    check('address_profiles_telefone_check', sql`${t.telefone} ~ '^[0-9]{10,11}$'`),
  ],
);

export type AddressProfileRow = typeof addressProfiles.$inferSelect;

// ----------------------------------------------------------------------------------------- Coupons

/**
 * Discount coupons. `code` is stored as normalizeCouponCode gives it (upper case). A percentage
 * is kept in basis points (1000 = 10 %), a fixed amount in centavos; exactly one of the two.
 * `times_used` counts live redemptions and is moved by one guarded statement
 * (`times_used < usage_limit`); the check keeps it within the limit whatever happens.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    amountCents: integer('amount_cents'),
    /** Products' subtotal (before discount, without shipping) needed to use it. */
    minOrderCents: integer('min_order_cents'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Total redemptions allowed across all customers; null: no limit. */
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    /** Only for a customer with no other order paid or awaiting payment. */
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    /** Assigned to one customer: nobody else may use it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'coupons_code_upper_check',
      sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 40`,
    ),
    check(
      'coupons_kind_check',
      sql`(${t.kind} = 'percent' and ${t.percentBasisPoints} between 1 and 10000 and ${t.amountCents} is null)
        or (${t.kind} = 'fixed' and ${t.amountCents} > 0 and ${t.percentBasisPoints} is null)`,
    ),
    check('coupons_min_order_check', sql`${t.minOrderCents} is null or ${t.minOrderCents} >= 0`),
    check(
      'coupons_times_used_check',
      sql`${t.timesUsed} >= 0 and (${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit})`,
    ),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;

// ------------------------------------------------------------------------------------------ Orders

/** References read "100123": numeric, so SPEC §4's "ties by higher reference" is plain. */
export const orderReferenceSeq = pgSequence('order_reference_seq', { startWith: 100001 });

/**
 * An order. `status` is a code (the domain's ORDER_STATUS maps it to SPEC §4's text); every
 * change of it is one guarded `update ... where status = <expected>`. Money in centavos, computed
 * by the server. The delivery address is a snapshot (filled by api/pagamento), so a later edit
 * of a profile never rewrites a placed order. `user_id` is null for a guest's order, whose
 * return link carries a secret kept here only as its SHA-256.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    reference: text('reference')
      .notNull()
      .unique()
      .default(sql`nextval('order_reference_seq')::text`),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<OrderStatusCode>().notNull().default('awaiting_payment'),
    /** SHA-256 (hex) of the secret of the return link `/pedido/{reference}?chave=…`. */
    accessKeyHash: text('access_key_hash').notNull(),
    /** The CEP the freight was quoted for (8 digits). */
    cepDestino: text('cep_destino').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The quote's days ("3-5") and region, as shown at checkout. */
    shippingDays: text('shipping_days').notNull().default(''),
    shippingRegion: text('shipping_region').notNull().default(''),
    /**
     * The carrier's service she chose (issue 35, migration 0027): Melhor Envio's service id, the
     * carrier's and the service's names as shown ('Correios', 'SEDEX'). Null: quoted from SPEC §9's
     * table (Melhor Envio off or failing), as every order before it.
     */
    shippingServiceId: integer('shipping_service_id'),
    shippingCarrier: text('shipping_carrier'),
    shippingService: text('shipping_service'),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    couponCode: text('coupon_code'),
    // Delivery address and buyer, filled by api/pagamento (null until then).
    nomeCompleto: text('nome_completo'),
    email: text('email'),
    cpf: text('cpf'),
    telefone: text('telefone'),
    cep: text('cep'),
    endereco: text('endereco'),
    numero: text('numero'),
    complemento: text('complemento'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    estado: text('estado'),
    // The payment provider's side.
    paymentProvider: text('payment_provider'),
    /** The provider's hosted checkout id (PagBank CHEC_…, the sandbox's uuid). */
    providerCheckoutId: text('provider_checkout_id'),
    paymentUrl: text('payment_url'),
    paymentUrlExpiresAt: timestamp('payment_url_expires_at', { withTimezone: true }),
    /** The provider's payment (charge) id, answered as `payment_id`. */
    paymentId: text('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * Why it was cancelled: 'expired' (unpaid at its deadline; the sweeper), 'owner' (a paid
     * order cancelled by the owners: its stock given back and its payment to refund),
     * 'released' (an unpaid order whose stock the owners gave back to the shelf).
     */
    cancelReason: text('cancel_reason'),
    // The owners' side: preparing, shipping with a Correios code, delivery, refunds.
    inProgressAt: timestamp('in_progress_at', { withTimezone: true }),
    /** Correios tracking code (AA123456785BR), checked by the domain's isValidTrackingCode. */
    trackingCode: text('tracking_code'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the owners noted the payment of a refund_due order as given back. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * The return link's secret sealed with a key derived from JWT_SECRET (AES-256-GCM), so the
     * e-mails sent later (declined, cancelled) carry a link that opens on any device. A database
     * leak alone opens nothing: the hash above is what is checked.
     */
    accessKeySealed: text('access_key_sealed'),
    /**
     * After this instant an unpaid order is cancelled: UNSTARTED_ORDER_TTL_MINUTES after api/pay,
     * moved to UNPAID_ORDER_TTL_MINUTES after it by api/pagamento (docs/purchase-limits.md).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Who placed it, for the limits on unpaid orders (docs/purchase-limits.md): an HMAC (key
     * from JWT_SECRET) of the browser's X-Dispositivo and of the IP address, never the values.
     */
    deviceHash: text('device_hash'),
    placedFromHash: text('placed_from_hash'),
    // How she pays: her choice, and the owners' payment settings when she ordered, so
    // a later change of the settings never changes an order already placed. Null for an order
    // placed before the choice existed (the provider's page offers both).
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    /** What the PIX discount took off the products after the coupon (0 for a card). */
    pixDiscountCents: integer('pix_discount_cents').notNull().default(0),
    /** The PIX discount in tenths of a percent when she ordered (a switch to PIX on retry uses it). */
    pixDiscountTenths: integer('pix_discount_tenths').notNull().default(0),
    maxInstallments: integer('max_installments'),
    interestFreeInstallments: integer('interest_free_installments'),
    minInstallmentCents: integer('min_installment_cents'),
    /**
     * How she paid, as the provider told it with the payment (migration 0023): the method, and
     * for a card the installments she chose. Null until paid, or when the provider did not say.
     */
    paidMethod: text('paid_method').$type<PaymentMethod>(),
    paidInstallments: integer('paid_installments'),
    /**
     * When the sweeper queued the reminder e-mail of this unpaid order (a third of its time
     * left). Set once, by one guarded statement, with the e-mail in the same transaction.
     */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /**
     * When the buyer was asked to review the pieces (issue 36): stamped by one guarded statement
     * (where it is null) in the transaction that writes the e-mail to the outbox.
     */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'orders_payment_method_check',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('pix', 'cartao')`,
    ),
    check(
      'orders_paid_method_check',
      sql`${t.paidMethod} is null or ${t.paidMethod} in ('pix', 'cartao')`,
    ),
    check(
      'orders_paid_installments_check',
      sql`${t.paidInstallments} is null or ${t.paidInstallments} between 1 and 24`,
    ),
    check(
      'orders_status_check',
      sql`${t.status} in (${sql.raw(ORDER_STATUS_CODES.map((c) => `'${c}'`).join(', '))})`,
    ),
    check(
      'orders_money_check',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.pixDiscountCents} >= 0
        and ${t.discountCents} + ${t.pixDiscountCents} <= ${t.subtotalCents} and ${t.shippingCents} >= 0
        and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} - ${t.pixDiscountCents} + ${t.shippingCents}`,
    ),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The sweeper's scan: unpaid orders by deadline.
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    // The back office's list, newest first: all of them, of a status, of a period.
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // The review requests' sweep (issue 36): orders shipped or delivered, not yet asked.
    index('orders_review_due_idx')
      .on(t.status)
      .where(sql`${t.reviewRequestedAt} is null and ${t.status} in ('shipped', 'delivered')`),
    // The limits on unpaid orders: what one browser, one address, one buyer holds now.
    index('orders_unpaid_device_idx')
      .on(t.deviceHash)
      .where(
        sql`${t.status} in ('awaiting_payment', 'payment_failed') and ${t.deviceHash} is not null`,
      ),
    index('orders_unpaid_placed_from_idx')
      .on(t.placedFromHash)
      .where(
        sql`${t.status} in ('awaiting_payment', 'payment_failed') and ${t.placedFromHash} is not null`,
      ),
    index('orders_unpaid_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} in ('awaiting_payment', 'payment_failed') and ${t.email} is not null`),
    // The Painel's 30 days of paid orders (migration 0019), everything its figures read of them
    // in the index: its sales series, the orders paid after their reminder and the window of
    // 'Avise-me' are index-only scans, not a visit to every order paid in those days.
    index('orders_paid_window_idx')
      .on(t.paidAt, t.status, t.totalCents, t.reminderSentAt, t.userId, t.id, t.email)
      .where(sql`${t.paidAt} is not null`),
    // The Painel's 'Avise-me' figure (migration 0032): the paid orders of a served request's
    // e-mail, found from its hash instead of hashing every order of the window.
    index('orders_paid_email_sha256_idx')
      .on(sql`lower_email_sha256(${t.email})`, t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    // The list's search: the buyer's CPF, name and e-mail (pg_trgm for `ilike '%…%'`).
    index('orders_cpf_idx').on(t.cpf),
    index('orders_nome_completo_trgm_idx').using('gin', t.nomeCompleto.op('gin_trgm_ops')),
    index('orders_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** An order's lines, with the name and price as they were when she bought. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** Relative to the media root, like products.image. */
    image: text('image').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantidade: integer('quantidade').notNull(),
    /** The size she bought; null for a product without variations. */
    variationId: integer('variation_id').references(() => productVariations.id, {
      onDelete: 'restrict',
    }),
    /** The axis and the size's name as they were when she ordered ('Aro', '16'). */
    variationAxis: text('variation_axis'),
    variationName: text('variation_name'),
  },
  (t) => [
    unique('order_items_order_line_unique')
      .on(t.orderId, t.productId, t.variationId)
      .nullsNotDistinct(),
    check('order_items_quantidade_check', sql`${t.quantidade} >= 1`),
    index('order_items_variation_idx').on(t.variationId),
    check('order_items_price_check', sql`${t.unitPriceCents} >= 0`),
    index('order_items_product_idx').on(t.productId),
  ],
);

/**
 * Coupon uses. One row per order that used a coupon; deleted when that order is cancelled unpaid
 * (the use is given back, with `coupons.times_used`). `once_key` is the user id for a coupon
 * usable once per customer (null otherwise), so the unique index refuses a second use even if
 * two checkouts race past every check.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    onceKey: integer('once_key'),
    discountCents: integer('discount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_once_per_customer_idx').on(t.couponId, t.onceKey),
    index('coupon_redemptions_user_idx').on(t.userId),
  ],
);

/**
 * Answers of calls made with an `Idempotency-Key` (api/pay, api/pagamento): the first call
 * records its key in the same transaction as its effect and stores its answer; a repeat gets
 * the stored answer. `scope` is the call ('pay', 'pagamento'); `owner` is 'u:<user id>' or
 * 'guest', so one customer's key never answers another's call.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the meaningful part of the request: the same key with another body is a 409. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.owner, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------- Payments

/**
 * Every notification a payment provider sent that verified, raw, for the owners' audit.
 * `event_key` identifies one event at the provider (PagBank: the charge id and its status; the
 * sandbox: its event id): the same event delivered again finds its row and changes nothing.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** What the store made of it: 'paid', 'declined', 'pending', 'ignored'. */
    outcome: text('outcome').notNull(),
    rawBody: text('raw_body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_notifications_event_unique').on(t.provider, t.eventKey),
    index('payment_notifications_order_idx').on(t.orderId),
  ],
);

/**
 * The sandbox provider's own record of its hosted checkouts (what PagBank keeps on its side):
 * the page reads the amount from here, and the status answers "was it paid?".
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: uuid('id').primaryKey(),
    orderReference: text('order_reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** 'pending' | 'paid' | 'declined' */
    status: text('status').notNull().default('pending'),
    /** 'card' | 'pix' once paid or declined. */
    method: text('method'),
    paymentId: text('payment_id'),
    payload: jsonb('payload').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    notificationUrl: text('notification_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_checkouts_reference_idx').on(t.orderReference)],
);

// ----------------------------------------------------------------------------------- E-mail outbox

/**
 * The transactional outbox: every e-mail the store sends is first a row here, written in the same
 * transaction as the change that causes it (a sign-up, a paid order), then delivered by the
 * outbox worker (modules/mail/outbox.ts) with retries and backoff. A worker claims a row by
 * setting `locked_until` (a lease), so several instances never send one row at the same time.
 * Bodies are cleared once sent: they may carry one-time links.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the message is ('verification', 'order_paid', ...), for the log and the owners. */
    kind: text('kind').notNull(),
    /** One message per key ('order:12:paid'): enqueueing it again changes nothing. */
    dedupeKey: text('dedupe_key').unique(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /**
     * Extra headers of the message (a marketing e-mail's `List-Unsubscribe` and
     * `List-Unsubscribe-Post`, RFC 8058); null for the others.
     */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The last failure, scrubbed of addresses (describeMailError). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after the last retry; the owners see it in the log. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_emails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('outbox_emails_sent_idx').on(t.sentAt),
  ],
);

export type OutboxEmailRow = typeof outboxEmails.$inferSelect;

// ------------------------------------------------------------ Back office: audit log, stock ledger

/**
 * Every change an owner makes: who, when, what, and the entity before and after (as the admin
 * API answers it). Written in the transaction of the change (modules/admin/audit.ts), so a change
 * without its entry cannot happen. `actor_email` is kept as it was: the log stays readable when
 * the account is later anonymised.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** 'product.update', 'order.ship', 'coupon.create', 'customer.anonymize', ... */
    action: text('action').notNull(),
    /** 'product' | 'order' | 'coupon' | 'customer' */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** One line in Portuguese for the 'Auditoria' page ('Estoque de Anel X: 3 → 10'). */
    summary: text('summary').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.id.desc()),
    index('audit_log_created_idx').on(t.createdAt.desc()),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;

export const STOCK_MOVEMENT_REASONS = [
  'initial',
  'sale',
  'cancellation',
  'adjustment',
  'other',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/**
 * The stock ledger: one row for every change of a product's stock, written by a trigger on
 * `products` (migration 0006), so no code path can change a stock without its entry. The reason,
 * order, owner and note come from transaction-local settings the code sets just before
 * (lib/stock-ledger.ts: `tagStockChanges`); a change nobody tagged is 'other'.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The size whose stock moved; null for a product without variations. */
    variationId: integer('variation_id').references(() => productVariations.id, {
      onDelete: 'cascade',
    }),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').$type<StockMovementReason>().notNull(),
    // Deferred (migration 0006): a sale's rows name its order, inserted later in the transaction.
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id.desc()),
    index('stock_movements_created_idx').on(t.createdAt.desc()),
    check(
      'stock_movements_reason_check',
      sql`${t.reason} in (${sql.raw(STOCK_MOVEMENT_REASONS.map((r) => `'${r}'`).join(', '))})`,
    ),
  ],
);

export type StockMovementRow = typeof stockMovements.$inferSelect;

// ------------------------------------------------------------------------------- Uploaded pictures

/** PostgreSQL's bytea as a Node Buffer (both drivers, node-postgres and PGlite, answer one). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The pictures the owners upload, in the database rather than on one instance's disk: every
 * instance serves them, the loss of an instance loses none, and one database backup holds the
 * whole shop. A path is named by a hash of its content (`produtos/enviadas/<slug>-<field>-<hash>
 * .webp`), so a row is never changed, only added: /media/ can cache it for a year.
 */
export const mediaFiles = pgTable('media_files', {
  /** Relative to the media root, as the products' image columns hold it. */
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  /** SHA-256 of the content, hex: the ETag, and a check for backups. */
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MediaFileRow = typeof mediaFiles.$inferSelect;

// ------------------------------------------------------------- Operations and the owners' security

/**
 * Work that one instance of many must do at a time (the scheduled backup): a row per job, claimed
 * with one guarded statement (`claimed_until` in the past, or none) and given back when done. A
 * claim that outlives a crashed instance lapses by itself.
 */
export const jobClaims = pgTable('job_claims', {
  job: text('job').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  /** Who holds it ('<hostname>:<pid>'), for the log. */
  claimedBy: text('claimed_by'),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});

export const HEALTH_STATES = ['verde', 'amarelo', 'vermelho'] as const;
export type HealthStateCode = (typeof HEALTH_STATES)[number];

/**
 * The store's health as the owners read it ('Saúde da loja'): one row per item, evaluated at every
 * sweep by whichever instance sweeps. A change of `state` is one guarded update, so the e-mail it
 * sends to the owners (turned red, green again) is queued once whatever the number of instances.
 */
export const healthItems = pgTable(
  'health_items',
  {
    key: text('key').primaryKey(),
    state: text('state').$type<HealthStateCode>().notNull(),
    title: text('title').notNull(),
    detail: text('detail').notNull(),
    advice: text('advice').notNull().default(''),
    /** When the state last changed (the e-mails' dedupe key is built from it). */
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'health_items_state_check',
      sql`${t.state} in (${sql.raw(HEALTH_STATES.map((s) => `'${s}'`).join(', '))})`,
    ),
  ],
);

/**
 * Payment notifications the store refused (a bad signature, an unknown order): nothing of their
 * body is kept (it is not trusted), only that they came and why, for the health page. One row per
 * provider, reason and minute, counting them (issue 33: a flood writes one row a minute, not one
 * a notice); a row from before (`minute` null) is one refusal.
 */
export const refusedPaymentNotifications = pgTable(
  'refused_payment_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    /** 'assinatura' (the signature did not verify) | 'pedido_desconhecido' | 'invalida' */
    reason: text('reason').notNull(),
    /** The last one of the row's minute. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The minute the row counts (received_at truncated); null on a row of the previous release. */
    minute: timestamp('minute', { withTimezone: true }),
    /** How many were refused in that minute. */
    count: integer('count').notNull().default(1),
  },
  (t) => [
    index('refused_payment_notifications_received_idx').on(t.receivedAt),
    uniqueIndex('refused_payment_notifications_minute_idx').on(t.provider, t.reason, t.minute),
  ],
);

/**
 * The owners' second factor (TOTP, RFC 6238). The secret is set at setup (`pending`) and becomes
 * the account's when a first code verifies. `last_step` is the newest 30-second step a code was
 * accepted for: one guarded update accepts a code only for a later step (no replay).
 */
export const ownerSecondFactors = pgTable('owner_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /**
   * Base32, as the authenticator app reads it, sealed with AES-256-GCM under SECOND_FACTOR_KEY
   * (`v1.…`; a plain one left by an older release is sealed at start).
   */
  secret: text('secret').notNull(),
  /** While pending: the SHA-256 of the e-mailed link that opened this setup (activation names it). */
  setupTokenHash: text('setup_token_hash'),
  /** Null while the owner has not yet typed a first code from her app. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten per owner, shown once at setup; only a salted scrypt hash is kept; each usable once. */
export const ownerRecoveryCodes = pgTable(
  'owner_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('owner_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/** The one-time links e-mailed to an owner that open the second factor's setup (SHA-256 kept). */
export const ownerSetupLinks = pgTable('owner_setup_links', oneTimeTokenColumns(), (t) => [
  index('owner_setup_links_user_idx').on(t.userId),
  index('owner_setup_links_expires_idx').on(t.expiresAt),
]);

/**
 * The browsers an owner's account has logged in from (a random id the browser keeps, stored as
 * its SHA-256): a login from one not seen before sends her an e-mail.
 */
export const ownerDevices = pgTable(
  'owner_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    /** The browser's own words (User-Agent), cut short, for the e-mail and her own reading. */
    userAgent: text('user_agent').notNull().default(''),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

// -------------------------------------------------------------------------------- Payment settings

/**
 * The owners' payment settings: one row, edited in the back office's 'Pagamentos'.
 * The storefront's installment and PIX lines and the checkout's PIX discount read it; an order
 * keeps a copy of what applied when it was placed (orders.pix_discount_tenths and the rest).
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: smallint('id').primaryKey().default(1),
    maxInstallments: integer('max_installments').notNull(),
    interestFreeInstallments: integer('interest_free_installments').notNull(),
    minInstallmentCents: integer('min_installment_cents').notNull(),
    pixDiscountTenths: integer('pix_discount_tenths').notNull(),
    /** 'Máximo por cliente' of a piece without its own (products.max_per_customer). */
    maxUnitsPerCustomer: integer('max_units_per_customer').notNull().default(10),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_settings_one_row', sql`${t.id} = 1`),
    check(
      'payment_settings_installments_check',
      sql`${t.maxInstallments} between 1 and 12
        and ${t.interestFreeInstallments} between 1 and ${t.maxInstallments}
        and ${t.minInstallmentCents} >= 0`,
    ),
    check('payment_settings_max_units_check', sql`${t.maxUnitsPerCustomer} between 1 and 99`),
    check(
      'payment_settings_pix_check',
      sql`${t.pixDiscountTenths} between 0 and 200 and ${t.pixDiscountTenths} % 5 = 0`,
    ),
  ],
);

export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;

/**
 * The owners' freight settings ('Frete', docs/shipping-settings-contract.md): one row, absent until
 * they first save (the environment's MELHORENVIO_* stand in). The token is sealed (AES-256-GCM
 * under SECOND_FACTOR_KEY, lib/secrets.ts) and never answered back: only its last 4 characters
 * are kept in the clear, for the owners to recognise it. A change notifies every instance through
 * the catalog's channel (their kept settings and client are dropped).
 */
export const shippingSettings = pgTable(
  'shipping_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** null: on when a token is set (the environment's included). */
    enabled: boolean('enabled'),
    /** null: MELHORENVIO_API_URL decides. */
    environment: text('environment').$type<MelhorEnvioEnvironment>(),
    tokenSealed: text('token_sealed'),
    tokenLast4: text('token_last4'),
    /** The User-Agent's technical contact; empty: STORE_EMAIL. */
    technicalEmail: text('technical_email').notNull().default(''),
    sender: jsonb('sender').$type<ShippingSender>(),
    /** null: DEFAULT_SHIPPING_SERVICE_IDS without margins. */
    services: jsonb('services').$type<ShippingServiceSetting[]>(),
    packages: jsonb('packages').$type<Partial<Record<CategorySlug, CategoryPackage>>>(),
    /** The last 'Testar conexão': 'ok' or a MelhorEnvioError kind (the health page reads it). */
    lastTestResult: text('last_test_result'),
    lastTestAt: timestamp('last_test_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipping_settings_one_row', sql`${t.id} = 1`),
    check(
      'shipping_settings_environment_check',
      sql`${t.environment} is null or ${t.environment} in ('sandbox', 'producao')`,
    ),
  ],
);

export type ShippingSettingsRow = typeof shippingSettings.$inferSelect;

// ---------------------------------- Shoppers brought back: 'Avise-me', favourites, forgotten carts

/**
 * 'Avise-me quando chegar': an address waiting for a sold-out piece (or one sold-out size) to be
 * back. A trigger (migration 0012) stamps `back_in_stock_at` in the very statement that takes the
 * piece's stock from 0 to some, whatever did it (an owner's restock, a cancelled order giving its
 * stock back); the sweeper then mails each waiting address once and ends the request.
 * LGPD: the address is kept for this purpose only. It is erased when the request is served
 * (`email` set to null, only its hash kept for the owners' figure of pieces sold to shoppers who
 * asked) and a request never served is deleted after 90 days.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The size she waits for; null for a product sold without sizes. */
    variationId: integer('variation_id').references(() => productVariations.id, {
      onDelete: 'cascade',
    }),
    /** Lower case; null once served (the e-mail is in the outbox by then). */
    email: text('email'),
    /** hashToken(email in lower case): one open request per address and piece; the Painel's figure. */
    emailHash: text('email_hash').notNull(),
    /** The customer who asked, when logged in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Stamped by the trigger when the piece (or the size) went from no stock to some. */
    backInStockAt: timestamp('back_in_stock_at', { withTimezone: true }),
    /** When its e-mail was queued: the request has ended. */
    servedAt: timestamp('served_at', { withTimezone: true }),
    /**
     * When she opened the confirmation link (double opt-in, issue 33); null while pending: a
     * pending request is never mailed and is erased after STOCK_ALERT_CONFIRM_MS. The default
     * keeps the previous release's requests (and the rows before) confirmed, as they were.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).defaultNow(),
    /** hashToken of the single-use confirmation token; null once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
  },
  (t) => [
    check('stock_alerts_email_check', sql`${t.email} is null or ${t.email} = lower(${t.email})`),
    check('stock_alerts_served_check', sql`${t.servedAt} is not null or ${t.email} is not null`),
    // One open request per address and piece: asking again answers 200 and adds nothing.
    uniqueIndex('stock_alerts_open_unique')
      .on(t.productId, sql`coalesce(${t.variationId}, 0)`, t.emailHash)
      .where(sql`${t.servedAt} is null`),
    // The sweeper's scan: pieces back, not yet mailed.
    index('stock_alerts_due_idx')
      .on(t.backInStockAt)
      .where(sql`${t.servedAt} is null and ${t.backInStockAt} is not null`),
    // The trigger's and the owners' count per piece.
    index('stock_alerts_product_idx').on(t.productId, t.variationId),
    index('stock_alerts_created_idx').on(t.createdAt),
    uniqueIndex('stock_alerts_confirm_token_unique').on(t.confirmTokenHash),
  ],
);

export type StockAlertRow = typeof stockAlerts.$inferSelect;

/** Her 'Favoritos': a product she keeps, newest first. */
export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('favourites_product_idx').on(t.productId),
  ],
);

/**
 * The forgotten-cart e-mails: one per cart, a cart being her cart as of its last change
 * (`users.cart_changed_at`). The unique pair is the guard: a second sweeper, or the next pass,
 * inserts nothing and mails nothing; a change of the cart makes a new cart. Kept 60 days for the
 * Painel's carts recovered (an order within 7 days of `sent_at`).
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartChangedAt: timestamp('cart_changed_at', { withTimezone: true, precision: 3 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_reminders_cart_unique').on(t.userId, t.cartChangedAt),
    index('cart_reminders_sent_idx').on(t.sentAt),
  ],
);

// ---------------------------------- Carriers: labels bought through Melhor Envio

export const SHIPPING_LABEL_STATES = [
  /** Being bought now (claimed by one request; a second click finds it and waits or answers it). */
  'comprando',
  /** Paid at Melhor Envio, not yet generated (a retry generates, never pays twice). */
  'paga',
  /** Generated: printable; its tracking code may come later (`tracking_source`). */
  'gerada',
  /** Cancelled at Melhor Envio (refunded to the balance); a new one may be bought. */
  'cancelada',
  /** The last attempt failed before paying (`last_error` says why); a new attempt may start. */
  'falhou',
] as const;
export type ShippingLabelState = (typeof SHIPPING_LABEL_STATES)[number];

/**
 * Whose code a label's `tracking_code` is (migration 0029): the carrier's (what the shopper
 * tracks), or Melhor Envio's own, given at once while the carrier's comes later. Null with no code,
 * and on labels generated before 0029 (their code is taken as the carrier's).
 */
export const SHIPPING_LABEL_TRACKING_SOURCES = ['transportadora', 'melhor_envio'] as const;
export type ShippingLabelTrackingSource = (typeof SHIPPING_LABEL_TRACKING_SOURCES)[number];

/**
 * The label of an order bought from the back office ('Comprar etiqueta', issue 35, migration
 * 0027): one row per order, so a double click or two instances buy one label. The purchase is
 * claimed by one guarded statement (status 'comprando' with `claimed_at`), each step's answer is
 * written as it comes (Melhor Envio's order id, then paid, then generated with its tracking code),
 * so an interrupted purchase resumes where it stopped instead of paying twice.
 */
export const shippingLabels = pgTable(
  'shipping_labels',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status').$type<ShippingLabelState>().notNull(),
    /** Melhor Envio's service id bought (the order's, or the owners' choice). */
    serviceId: integer('service_id').notNull(),
    /** Melhor Envio's order (cart item) id, once in its cart. */
    providerOrderId: text('provider_order_id'),
    /** What the label cost the shop. */
    priceCents: integer('price_cents'),
    protocol: text('protocol'),
    trackingCode: text('tracking_code'),
    trackingSource: text('tracking_source').$type<ShippingLabelTrackingSource>(),
    /** 'declaracao' (declaração de conteúdo) or 'nota_fiscal' (with `invoice_key`). */
    documentKind: text('document_kind').notNull().default('declaracao'),
    invoiceKey: text('invoice_key'),
    /** Why the last attempt failed, in Portuguese for the owners (no personal data). */
    lastError: text('last_error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'shipping_labels_status_check',
      sql`${t.status} in (${sql.raw(SHIPPING_LABEL_STATES.map((c) => `'${c}'`).join(', '))})`,
    ),
    check(
      'shipping_labels_document_check',
      sql`${t.documentKind} in ('declaracao', 'nota_fiscal')`,
    ),
    check('shipping_labels_price_check', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check(
      'shipping_labels_tracking_source_check',
      sql`${t.trackingSource} is null or ${t.trackingSource} in ('transportadora', 'melhor_envio')`,
    ),
    // The labels the periodic pass asks Melhor Envio about: generated, the carrier's code to come.
    index('shipping_labels_awaiting_code_idx')
      .on(t.generatedAt)
      .where(
        sql`${t.status} = 'gerada' and (${t.trackingCode} is null or ${t.trackingSource} = 'melhor_envio')`,
      ),
  ],
);

export type ShippingLabelRow = typeof shippingLabels.$inferSelect;

// ------------------------------------------------------------------------------------- Reviews

export const REVIEW_STATES = ['pendente', 'aprovada', 'oculta'] as const;

/**
 * A buyer's review of one line of her order (issue 36, docs/reviews-contract.md): one per line,
 * of the line's product (its sizes share the product's reviews). Shown once the owners approve it.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .unique('reviews_order_item_unique')
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    status: text('status').$type<(typeof REVIEW_STATES)[number]>().notNull().default('pendente'),
    stars: integer('stars').notNull(),
    title: text('title'),
    body: text('body'),
    /** Her first name and 'City/UF' as shown; 'Cliente' and null once she is anonymised. */
    authorName: text('author_name').notNull(),
    authorCity: text('author_city'),
    /** The size she bought, as the order line says it ('Aro 16'); null for a piece without sizes. */
    sizeLabel: text('size_label'),
    /** Why the owners hid it: kept for them, never shown. */
    hideReason: text('hide_reason'),
    /** The owners' public answer. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'reviews_status_check',
      sql`${t.status} in (${sql.raw(REVIEW_STATES.map((c) => `'${c}'`).join(', '))})`,
    ),
    check('reviews_stars_check', sql`${t.stars} between 1 and 5`),
    // The product page's list: approved, newest (or best) first.
    index('reviews_product_status_created_idx').on(t.productId, t.status, t.createdAt.desc()),
    // The owners' list by status, newest first.
    index('reviews_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('reviews_order_idx').on(t.orderId),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * A photo of a review: uploaded with the order's link before the review is sent (then
 * `review_id` is null; the housekeeping deletes one left so for a day), re-encoded to WebP.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    content: bytea('content').notNull(),
    /** SHA-256 of the content, hex: its URL's name (a new photo, a new URL) and its ETag. */
    sha256: text('sha256').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Hidden by the owners: never served nor listed publicly. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_photos_review_idx').on(t.reviewId),
    index('review_photos_order_idx').on(t.orderId),
  ],
);

export type ReviewPhotoRow = typeof reviewPhotos.$inferSelect;

/**
 * The owners' timing of the review request ('Avaliações', issue 36), one row, absent until they
 * first save: REVIEW_REQUEST_DELAY_MINUTES and REVIEW_REQUEST_SHIPPED_DAYS stand in.
 */
export const reviewSettings = pgTable(
  'review_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Days after 'Entregue' before the buyer is asked. */
    deliveredDays: integer('delivered_days').notNull(),
    /** Days after 'Enviado', for an order never marked delivered. */
    shippedDays: integer('shipped_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('review_settings_one_row', sql`${t.id} = 1`),
    check('review_settings_delivered_check', sql`${t.deliveredDays} between 0 and 60`),
    check('review_settings_shipped_check', sql`${t.shippedDays} between 1 and 60`),
  ],
);

/**
 * Where the store sells besides its own pages (issue 37, migration 0031), one row absent until the
 * owners first save 'Canais de venda': the brand the shopping catalogs name (null: the store's
 * name) and the WhatsApp number shoppers are sent to (DDD and number, digits only; null: the
 * environment's WHATSAPP_NUMBER; '' : the owners turned WhatsApp off). A change notifies the
 * catalog's channel, so GET /api/loja/ and the feeds follow on every instance at once.
 */
export const salesChannelSettings = pgTable(
  'sales_channel_settings',
  {
    id: smallint('id').primaryKey().default(1),
    brand: text('brand'),
    whatsappNumber: text('whatsapp_number'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sales_channel_settings_one_row', sql`${t.id} = 1`),
    check(
      'sales_channel_settings_brand_check',
      sql`${t.brand} is null or length(${t.brand}) between 1 and 70`,
    ),
    check(
      'sales_channel_settings_whatsapp_check',
      sql`${t.whatsappNumber} is null or ${t.whatsappNumber} ~ '^([1-9][0-9]{9,10})?$'`,
    ),
  ],
);
