/**
 * The server cart (docs/cart-contract.md; sizes: docs/variations-contract.md). A line is a
 * product and, for a piece sold by size, one of its sizes: two sizes of one ring are two lines.
 * Every change is one atomic SQL statement on the `(user_id, product_id, variation_id)` row —
 * `insert ... on conflict do update` or `update ... from products` computing the new quantity
 * from the row's current value — so concurrent calls never lose an update: PostgreSQL locks the
 * row and re-reads its latest version before applying the change. The cart is then read back
 * with one join, so prices and stock are always the database's at the time of the call.
 *
 * The user id always comes from the caller (the token), never from the request.
 *
 * A product the owners hid cannot be added, and a line of it already in a cart reads as sold
 * out (stock 0): the cart shows it as it shows any piece no longer available. So does a line of
 * a size the owners archived.
 */
import { and, asc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CART_ALREADY_AT_STOCK,
  CART_ITEM_NOT_IN_CART,
  CART_OUT_OF_STOCK,
  PRODUCT_NOT_FOUND,
} from '@semijoias/domain/messages';
import { chooseVariationMessage, VARIATION_NOT_FOUND } from '@semijoias/domain/variations';
import type { Db } from '../../db/client.js';
import { cartItems, cartMergeKeys, products, productVariations } from '../../db/schema.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { KeptCartLines } from './kept-lines.js';

/** One cart line as read: the product's current name, price, image path and stock. */
export interface CartLineRecord {
  productId: number;
  name: string;
  priceCents: number;
  image: string;
  /** The line's stock: its size's, for a piece sold by size. */
  stock: number;
  quantidade: number;
  /** Her size, null for a product without variations. */
  variationId: number | null;
  variationName: string | null;
  variationAxis: string | null;
}

export type CartService = ReturnType<typeof createCartService>;

/** The stock a shopper may take of a line: its size's, none of a hidden product or archived size. */
const availableStock = sql<number>`(case
  when ${products.hiddenAt} is not null then 0
  when ${cartItems.variationId} is null then ${products.stock}
  when ${productVariations.archivedAt} is not null then 0
  else ${productVariations.stock} end)`;

/** The stock of the line being inserted or updated (`excluded.product_id`, `excluded.variation_id`). */
const excludedStock = sql`(case when excluded.variation_id is null
  then (select ${products.stock} from ${products} where ${products.id} = excluded.product_id)
  else (select ${productVariations.stock} from ${productVariations} where ${productVariations.id} = excluded.variation_id) end)`;

/** The line's key columns: a product and its size (null without one), as the unique constraint. */
const LINE = [cartItems.userId, cartItems.productId, cartItems.variationId];

/**
 * The `select` of `insert into cart_items ... select`: one line for `productId` (and its size
 * `variationId`) holding `quantity` units (an SQL expression over the stock it is taken from,
 * `stockOf`), only when the product exists, is for sale, and has stock where it is taken from;
 * a product sold by size is never added without one. No row selected means no insert and no
 * conflict update. Drizzle inserts into every column in the table's order, so the fields follow
 * that order.
 */
function lineFrom(
  db: Db,
  userId: number,
  productId: number,
  variationId: number | undefined,
  quantity: (stock: SQL | typeof products.stock) => SQL,
) {
  if (variationId === undefined) {
    return db
      .select({
        userId: sql`${userId}::int`.as('user_id'),
        productId: products.id,
        variationId: sql`null::int`.as('variation_id'),
        quantidade: quantity(products.stock).as('quantidade'),
        createdAt: sql`now()`.as('created_at'),
        updatedAt: sql`now()`.as('updated_at'),
      })
      .from(products)
      .where(
        and(
          eq(products.id, productId),
          gte(products.stock, 1),
          isNull(products.hiddenAt),
          isNull(products.variationAxis),
        ),
      );
  }
  return db
    .select({
      userId: sql`${userId}::int`.as('user_id'),
      productId: products.id,
      variationId: productVariations.id,
      quantidade: quantity(sql`${productVariations.stock}`).as('quantidade'),
      createdAt: sql`now()`.as('created_at'),
      updatedAt: sql`now()`.as('updated_at'),
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(
      and(
        eq(productVariations.id, variationId),
        eq(productVariations.productId, productId),
        isNull(productVariations.archivedAt),
        gte(productVariations.stock, 1),
        isNull(products.hiddenAt),
      ),
    );
}

/**
 * `kept`: her lines kept between calls (kept-lines.ts), shared by every service of one app; without
 * it every read asks the database.
 */
export function createCartService(db: Db, kept?: KeptCartLines) {
  const p = sql.placeholder;

  // Oldest line first; the product id, then the size's position, break ties between lines added
  // in one transaction.
  const lines = db
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.priceCents,
      image: products.image,
      stock: availableStock.mapWith(Number),
      quantidade: cartItems.quantidade,
      variationId: cartItems.variationId,
      variationName: productVariations.name,
      variationAxis: sql<
        string | null
      >`case when ${cartItems.variationId} is null then null else ${products.variationAxis} end`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariations, eq(productVariations.id, cartItems.variationId))
    .where(eq(cartItems.userId, p('userId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId), asc(productVariations.position))
    .prepare('cart_lines');

  async function read(userId: number): Promise<CartLineRecord[]> {
    const load = () => lines.execute({ userId });
    return kept ? kept.read(userId, load) : load();
  }

  /** Her cart as it is after her own write: never a kept answer from before it. */
  async function readAfterWrite(userId: number): Promise<CartLineRecord[]> {
    kept?.forget(userId);
    return read(userId);
  }

  /**
   * Why nothing was added: the product unknown (or hidden), a size missing for a piece sold by
   * size or not one of its live sizes, or no stock where the line takes it from.
   */
  async function whyNotAdded(
    tx: Db,
    productId: number,
    variationId: number | undefined,
  ): Promise<
    | { why: 'no-product' | 'hidden' | 'no-variation' | 'sold-out' | 'has-stock' }
    | { why: 'choose'; axis: string }
  > {
    const [product] = await tx
      .select({ stock: products.stock, hiddenAt: products.hiddenAt, axis: products.variationAxis })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) return { why: 'no-product' };
    if (product.hiddenAt !== null) return { why: 'hidden' };
    if (product.axis === null) {
      if (variationId !== undefined) return { why: 'no-variation' };
      return { why: product.stock <= 0 ? 'sold-out' : 'has-stock' };
    }
    if (variationId === undefined) return { why: 'choose', axis: product.axis };
    const [size] = await tx
      .select({ stock: productVariations.stock })
      .from(productVariations)
      .where(
        and(
          eq(productVariations.id, variationId),
          eq(productVariations.productId, productId),
          isNull(productVariations.archivedAt),
        ),
      );
    if (!size) return { why: 'no-variation' };
    return { why: size.stock <= 0 ? 'sold-out' : 'has-stock' };
  }

  /** The line of `productId` and `variationId` (none: the product's only line). */
  const lineIs = (userId: number, productId: number, variationId: number | undefined) =>
    and(
      eq(cartItems.userId, userId),
      eq(cartItems.productId, productId),
      variationId === undefined
        ? isNull(cartItems.variationId)
        : eq(cartItems.variationId, variationId),
    );

  return {
    read,

    /**
     * The line gains one unit (created with 1), never past the stock. 404 for an unknown
     * product or size; 400 for a piece sold by size without one; 409 when it has no stock or
     * the line already holds all of it.
     */
    async add(userId: number, productId: number, variationId?: number): Promise<CartLineRecord[]> {
      const changed = await db
        .insert(cartItems)
        .select(lineFrom(db, userId, productId, variationId, () => sql`1`))
        .onConflictDoUpdate({
          target: LINE,
          set: { quantidade: sql`${cartItems.quantidade} + 1`, updatedAt: sql`now()` },
          setWhere: sql`${cartItems.quantidade} < ${excludedStock}`,
        })
        .returning({ quantidade: cartItems.quantidade });
      if (changed.length === 0) {
        // Nothing inserted or updated: say why (only on this path, so more queries are cheap).
        const refused = await whyNotAdded(db, productId, variationId);
        switch (refused.why) {
          case 'no-product':
          case 'hidden':
            throw new NotFoundError(PRODUCT_NOT_FOUND);
          case 'no-variation':
            throw new NotFoundError(VARIATION_NOT_FOUND);
          case 'choose':
            throw new ValidationError(chooseVariationMessage(refused.axis));
          case 'sold-out':
            throw new ConflictError(CART_OUT_OF_STOCK);
          case 'has-stock':
            throw new ConflictError(CART_ALREADY_AT_STOCK);
        }
      }
      return readAfterWrite(userId);
    },

    /**
     * The line becomes `q + delta`, kept within [1, stock]; never below 1, even when the stock
     * is 0 (the check constraint holds; checkout refuses what cannot be sold). 404 when the
     * line is not in this user's cart.
     */
    async update(
      userId: number,
      productId: number,
      delta: number,
      variationId?: number,
    ): Promise<CartLineRecord[]> {
      const stock = sql`(case
        when ${products.hiddenAt} is not null then 0
        when ${cartItems.variationId} is null then ${products.stock}
        else coalesce((select ${productVariations.stock} from ${productVariations}
          where ${productVariations.id} = ${cartItems.variationId}
            and ${productVariations.archivedAt} is null), 0) end)`;
      const changed = await db
        .update(cartItems)
        .set({
          quantidade: sql`greatest(1, least(${cartItems.quantidade} + ${delta}::int, ${stock}))`,
          updatedAt: sql`now()`,
        })
        .from(products)
        .where(and(eq(products.id, cartItems.productId), lineIs(userId, productId, variationId)))
        .returning({ quantidade: cartItems.quantidade });
      if (changed.length === 0) throw new NotFoundError(CART_ITEM_NOT_IN_CART);
      return readAfterWrite(userId);
    },

    /** Removes the line (that size's, when named); nothing happens when it is absent. */
    async remove(
      userId: number,
      productId: number,
      variationId?: number,
    ): Promise<CartLineRecord[]> {
      await db.delete(cartItems).where(lineIs(userId, productId, variationId));
      return readAfterWrite(userId);
    },

    async clear(userId: number): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.userId, userId));
      kept?.forget(userId);
    },

    /**
     * The guest-cart merge: the line gains `quantity` units, capped at the stock. With a key,
     * the key is recorded in the same transaction as the addition; a key this user sent before
     * adds nothing. 404 for an unknown product or size (and the key is not kept); 400 for a
     * piece sold by size without one.
     *
     * A product (or size) with no stock and no line adds nothing and is not an error: the merge
     * sends each guest line separately, and one sold-out piece must not fail the shopper's login
     * merge. The answer is the cart as it is, so the client sees the line did not come across.
     */
    async merge(
      userId: number,
      productId: number,
      quantity: number,
      key: string | undefined,
      variationId?: number,
    ): Promise<CartLineRecord[]> {
      await db.transaction(async (tx) => {
        if (key !== undefined) {
          const claimed = await tx
            .insert(cartMergeKeys)
            .values({ userId, key })
            .onConflictDoNothing()
            .returning({ key: cartMergeKeys.key });
          if (claimed.length === 0) return;
        }
        const changed = await tx
          .insert(cartItems)
          .select(
            lineFrom(
              tx,
              userId,
              productId,
              variationId,
              (stock) => sql`least(${quantity}::int, ${stock})`,
            ),
          )
          .onConflictDoUpdate({
            target: LINE,
            set: {
              quantidade: sql`greatest(1, least(${cartItems.quantidade} + excluded.quantidade, ${excludedStock}))`,
              updatedAt: sql`now()`,
            },
          })
          .returning({ quantidade: cartItems.quantidade });
        if (changed.length === 0) {
          // Sold out or hidden: nothing to add, and not an error (see above).
          const refused = await whyNotAdded(tx, productId, variationId);
          if (refused.why === 'no-product') throw new NotFoundError(PRODUCT_NOT_FOUND);
          if (refused.why === 'no-variation') throw new NotFoundError(VARIATION_NOT_FOUND);
          if (refused.why === 'choose')
            throw new ValidationError(chooseVariationMessage(refused.axis));
        }
      });
      return readAfterWrite(userId);
    },
  };
}
