/**
 * The owners' moves: an adjustment (Estoque), the stock typed in the product form, a new piece's
 * first units, and a piece's sizes (the shelves themselves: opened empty, closed only empty, the
 * piece's own stock emptied when it starts being sold by size). Each is tagged with the owner and
 * her reason, one guarded statement, inside the caller's transaction (which holds its audit entry).
 */
import { and, eq, exists, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, productVariations } from '../../db/schema.js';
import { tagStockChanges } from './ledger.js';
import { move, type Refusal, type Shelf } from './shelf.js';

/** The owner making a change and her reason, as the ledger keeps them. */
export interface OwnerTag {
  actorUserId: number;
  note: string;
}

export interface Adjusted {
  /** The piece after the move (its stock: a sized piece's sum). */
  product: { id: number; name: string; stock: number };
  /** The size moved, after the move; null for a piece sold without sizes. */
  size: { id: number; name: string; stock: number } | null;
}

/**
 * Adds `delta` units to a shelf (negative: removes them, only while `stock + delta >= 0`), the
 * ledger saying 'adjustment'. A checkout taking the same shelf at the same moment is serialized
 * by the row lock: neither takes it below zero nor loses the other's change.
 */
export async function adjustStock(
  tx: Db,
  shelf: Shelf,
  delta: number,
  by: OwnerTag,
): Promise<{ adjusted: Adjusted } | { refused: Refusal }> {
  await tagStockChanges(tx, { reason: 'adjustment', ...by });
  const moved = await move(tx, shelf, delta);
  if ('refusal' in moved) return { refused: moved.refusal };
  const [after] = await tx
    .select({
      id: products.id,
      name: products.name,
      stock: products.stock,
      sizeName: productVariations.name,
    })
    .from(products)
    .leftJoin(
      productVariations,
      and(
        eq(productVariations.productId, products.id),
        eq(productVariations.id, shelf.variationId ?? 0),
      ),
    )
    .where(eq(products.id, shelf.productId));
  const { sizeName, ...product } = after!;
  return {
    adjusted: {
      product,
      size:
        shelf.variationId === null
          ? null
          : { id: shelf.variationId, name: sizeName!, stock: moved.stock },
    },
  };
}

/**
 * The stock typed in the product form for a piece sold without sizes: set to `stock` only if it
 * is still the one the form showed (`seen`), so an edit never overwrites a sale made while the
 * form was open. The ledger says 'adjustment'. Refused: the piece is gone, or its stock moved
 * (`stock`: now), or it is sold by size.
 */
export async function setStockFromForm(
  tx: Db,
  productId: number,
  change: { seen: number; stock: number },
  by: OwnerTag,
): Promise<{ refused: 'no-product' } | { refused: 'moved'; stock: number } | null> {
  await tagStockChanges(tx, { reason: 'adjustment', ...by });
  const changed = await tx
    .update(products)
    .set({ stock: change.stock, updatedAt: sql`now()` })
    .where(
      and(
        eq(products.id, productId),
        eq(products.stock, change.seen),
        isNull(products.variationAxis),
      ),
    )
    .returning({ id: products.id });
  if (changed.length > 0) return null;
  const [current] = await tx
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return current ? { refused: 'moved', stock: current.stock } : { refused: 'no-product' };
}

/**
 * A new piece's first units (the ledger says 'initial'): its row is made with none, and this puts
 * them on its shelf, once (only from 0, only while it is sold without sizes).
 */
export async function receiveInitialStock(
  tx: Db,
  productId: number,
  stock: number,
  by: OwnerTag,
): Promise<void> {
  if (stock === 0) return;
  await tagStockChanges(tx, { reason: 'initial', ...by });
  const placed = await tx
    .update(products)
    .set({ stock })
    .where(and(eq(products.id, productId), eq(products.stock, 0), isNull(products.variationAxis)))
    .returning({ id: products.id });
  if (placed.length === 0) throw new Error(`product ${productId} is not a new piece`);
}

/**
 * A piece that starts being sold by size: its own units leave through the ledger first
 * ('adjustment'), since from now on its stock is its sizes' sum. Call it with the product's row
 * locked, before its axis is set.
 */
export async function emptyForSizes(tx: Db, productId: number, by: OwnerTag): Promise<void> {
  await tagStockChanges(tx, { reason: 'adjustment', ...by });
  await tx
    .update(products)
    .set({ stock: 0 })
    .where(and(eq(products.id, productId), isNull(products.variationAxis), gt(products.stock, 0)));
}

/** New sizes of a piece, each an empty shelf: their units come through the ledger (adjustments). */
export async function openSizes(
  tx: Db,
  productId: number,
  sizes: readonly { name: string; sku: string | null; position: number; keptInStock?: boolean }[],
): Promise<void> {
  if (sizes.length === 0) return;
  await tx
    .insert(productVariations)
    .values(sizes.map((size) => ({ ...size, productId, stock: 0 })));
}

/**
 * Takes sizes out of a piece, only while they hold no units (their units must not vanish from
 * the ledger): deleted when never ordered, archived otherwise (order lines point at them). One
 * guarded statement each way (`stock = 0`). Null when all were taken out; else the first size, in
 * the order given, that still holds units (and its units): the caller rolls back.
 */
export async function closeSizes(
  tx: Db,
  productId: number,
  sizes: readonly { id: number; ordered: boolean }[],
): Promise<{ id: number; stock: number } | null> {
  const ids = (ordered: boolean) => sizes.filter((s) => s.ordered === ordered).map((s) => s.id);
  // The product's row first, as every move of a size locks it (shelf.ts).
  const productRow = tx
    .select({ one: sql`1` })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  const empty = (which: number[]) =>
    and(
      inArray(productVariations.id, which),
      eq(productVariations.productId, productId),
      eq(productVariations.stock, 0),
      exists(productRow),
    );
  const closed = new Set<number>();
  const archive = ids(true);
  if (archive.length > 0)
    for (const { id } of await tx
      .update(productVariations)
      .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(empty(archive))
      .returning({ id: productVariations.id }))
      closed.add(id);
  const remove = ids(false);
  if (remove.length > 0)
    for (const { id } of await tx
      .delete(productVariations)
      .where(empty(remove))
      .returning({ id: productVariations.id }))
      closed.add(id);
  const holding = sizes.filter((s) => !closed.has(s.id)).map((s) => s.id);
  if (holding.length === 0) return null;
  const rows = await tx
    .select({ id: productVariations.id, stock: productVariations.stock })
    .from(productVariations)
    .where(inArray(productVariations.id, holding));
  const stockOf = new Map(rows.map((r) => [r.id, r.stock]));
  const first = holding.find((id) => (stockOf.get(id) ?? 0) > 0);
  if (first === undefined) throw new Error(`sizes ${holding.join(', ')} of ${productId} not found`);
  return { id: first, stock: stockOf.get(first)! };
}
