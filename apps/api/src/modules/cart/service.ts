/**
 * The server cart (docs/cart-contract.md). Every change is one atomic SQL statement on the
 * `(user_id, product_id)` row — `insert ... on conflict do update` or `update ... from products`
 * computing the new quantity from the row's current value — so concurrent calls never lose an
 * update: PostgreSQL locks the row and re-reads its latest version before applying the change.
 * The cart is then read back with one join on products, so prices and stock are always the
 * database's at the time of the call.
 *
 * The user id always comes from the caller (the token), never from the request.
 *
 * A product the owners hid cannot be added, and a line of it already in a cart reads as sold
 * out (stock 0): the cart shows it as it shows any piece no longer available.
 */
import { and, asc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CART_ALREADY_AT_STOCK,
  CART_ITEM_NOT_IN_CART,
  CART_OUT_OF_STOCK,
  PRODUCT_NOT_FOUND,
} from '@semijoias/domain/messages';
import type { Db } from '../../db/client.js';
import { cartItems, cartMergeKeys, products } from '../../db/schema.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';

/** One cart line as read: the product's current name, price, image path and stock. */
export interface CartLineRecord {
  productId: number;
  name: string;
  priceCents: number;
  image: string;
  stock: number;
  quantidade: number;
}

export type CartService = ReturnType<typeof createCartService>;

/** The stock a shopper may take: none of a hidden product. */
const availableStock = sql<number>`(case when ${products.hiddenAt} is null then ${products.stock} else 0 end)`;

/** The stock of the product of the row being inserted or updated (`excluded.product_id`). */
const excludedStock = sql`(select ${products.stock} from ${products} where ${products.id} = excluded.product_id)`;

/**
 * The `select` of `insert into cart_items ... select`: one line for `productId` holding
 * `quantity` units (an SQL expression over `products`), only when the product exists and has
 * stock; no row selected means no insert and no conflict update. Drizzle inserts into every
 * column in the table's order, so the fields follow that order.
 */
function lineFromProduct(db: Db, userId: number, productId: number, quantity: SQL) {
  return db
    .select({
      userId: sql`${userId}::int`.as('user_id'),
      productId: products.id,
      quantidade: quantity.as('quantidade'),
      createdAt: sql`now()`.as('created_at'),
      updatedAt: sql`now()`.as('updated_at'),
    })
    .from(products)
    .where(and(eq(products.id, productId), gte(products.stock, 1), isNull(products.hiddenAt)));
}

export function createCartService(db: Db) {
  const p = sql.placeholder;

  // Oldest line first; the product id breaks ties between lines added in one transaction.
  const lines = db
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.priceCents,
      image: products.image,
      stock: availableStock.mapWith(Number),
      quantidade: cartItems.quantidade,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, p('userId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId))
    .prepare('cart_lines');

  const stockOf = db
    .select({ stock: products.stock, hiddenAt: products.hiddenAt })
    .from(products)
    .where(eq(products.id, p('productId')))
    .prepare('cart_product_stock');

  async function read(userId: number): Promise<CartLineRecord[]> {
    return lines.execute({ userId });
  }

  return {
    read,

    /**
     * The line gains one unit (created with 1), never past the stock. 404 for an unknown
     * product; 409 when it has no stock or the line already holds all of it.
     */
    async add(userId: number, productId: number): Promise<CartLineRecord[]> {
      const changed = await db
        .insert(cartItems)
        .select(lineFromProduct(db, userId, productId, sql`1`))
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId],
          set: { quantidade: sql`${cartItems.quantidade} + 1`, updatedAt: sql`now()` },
          setWhere: sql`${cartItems.quantidade} < ${excludedStock}`,
        })
        .returning({ quantidade: cartItems.quantidade });
      if (changed.length === 0) {
        // Nothing inserted or updated: say why (only on this path, so one more query is cheap).
        const [product] = await stockOf.execute({ productId });
        if (!product || product.hiddenAt !== null) throw new NotFoundError(PRODUCT_NOT_FOUND);
        throw new ConflictError(product.stock <= 0 ? CART_OUT_OF_STOCK : CART_ALREADY_AT_STOCK);
      }
      return read(userId);
    },

    /**
     * The line becomes `q + delta`, kept within [1, stock]; never below 1, even when the stock
     * is 0 (the check constraint holds; checkout refuses what cannot be sold). 404 when the
     * line is not in this user's cart.
     */
    async update(userId: number, productId: number, delta: number): Promise<CartLineRecord[]> {
      const changed = await db
        .update(cartItems)
        .set({
          quantidade: sql`greatest(1, least(${cartItems.quantidade} + ${delta}::int, ${availableStock}))`,
          updatedAt: sql`now()`,
        })
        .from(products)
        .where(
          and(
            eq(products.id, cartItems.productId),
            eq(cartItems.userId, userId),
            eq(cartItems.productId, productId),
          ),
        )
        .returning({ quantidade: cartItems.quantidade });
      if (changed.length === 0) throw new NotFoundError(CART_ITEM_NOT_IN_CART);
      return read(userId);
    },

    /** Removes the line; nothing happens when it is absent. */
    async remove(userId: number, productId: number): Promise<CartLineRecord[]> {
      await db
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
      return read(userId);
    },

    async clear(userId: number): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.userId, userId));
    },

    /**
     * The guest-cart merge: the line gains `quantity` units, capped at the stock. With a key,
     * the key is recorded in the same transaction as the addition; a key this user sent before
     * adds nothing. 404 for an unknown product (and the key is not kept).
     *
     * A product with no stock and no line adds nothing and is not an error: the merge sends
     * each guest line separately, and one sold-out product must not fail the shopper's login
     * merge. The answer is the cart as it is, so the client sees the line did not come across.
     */
    async merge(
      userId: number,
      productId: number,
      quantity: number,
      key: string | undefined,
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
            lineFromProduct(tx, userId, productId, sql`least(${quantity}::int, ${products.stock})`),
          )
          .onConflictDoUpdate({
            target: [cartItems.userId, cartItems.productId],
            set: {
              quantidade: sql`greatest(1, least(${cartItems.quantidade} + excluded.quantidade, ${excludedStock}))`,
              updatedAt: sql`now()`,
            },
          })
          .returning({ quantidade: cartItems.quantidade });
        if (changed.length === 0) {
          const [product] = await tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.id, productId));
          if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
        }
      });
      return read(userId);
    },
  };
}
