/**
 * Her favourites: a row per (customer, product), the pair being the key. Adding is one guarded
 * statement (`insert … select … on conflict do nothing`): two taps, two tabs or a merge racing a
 * tap make one row, and a product hidden by the owners or unknown is never written. The list is
 * the catalog's products (its columns, its compositions, hidden ones left out), newest first.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { favourites, products } from '../../db/schema.js';
import { NotFoundError } from '../../lib/errors.js';
import { PRODUCT_NOT_FOUND } from '@semijoias/domain/messages';
import {
  createCatalogService,
  productColumns,
  type ProductWithCompositions,
} from '../catalog/index.js';

export type FavouritesService = ReturnType<typeof createFavouritesService>;

export function createFavouritesService(db: Db) {
  const catalog = createCatalogService(db);
  const p = sql.placeholder;

  // Newest first; the product id breaks a tie of the same millisecond (a merge's quick posts).
  const list = db
    .select(productColumns)
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(and(eq(favourites.userId, p('userId')), isNull(products.hiddenAt)))
    .orderBy(desc(favourites.createdAt), desc(favourites.productId))
    .prepare('favourites_list');

  return {
    async list(userId: number): Promise<ProductWithCompositions[]> {
      return catalog.withCompositions(await list.execute({ userId }));
    },

    /**
     * Adds the product; answers whether a row was made (false: it was already there). 404 for an
     * unknown or hidden product: the insert selects only a visible one, so nothing is written.
     */
    async add(userId: number, productId: number): Promise<{ created: boolean }> {
      const made = await db
        .insert(favourites)
        .select(
          db
            .select({
              userId: sql<number>`${userId}::int`.as('user_id'),
              productId: products.id,
              createdAt: sql<Date>`now()`.as('created_at'),
            })
            .from(products)
            .where(and(eq(products.id, productId), isNull(products.hiddenAt))),
        )
        .onConflictDoNothing({ target: [favourites.userId, favourites.productId] })
        .returning({ productId: favourites.productId });
      if (made.length > 0) return { created: true };
      const [visible] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), isNull(products.hiddenAt)));
      if (!visible) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return { created: false };
    },

    /** Removes the product from her list; nothing there is not an error (idempotent). */
    async remove(userId: number, productId: number): Promise<void> {
      await db
        .delete(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
    },
  };
}
