/**
 * Shelves, the one lock order, the one guarded statement, and the one read of stock.
 *
 * A quantity lives on a shelf: a piece sold without sizes keeps its own `products.stock`; a piece
 * sold by size keeps one per size (`product_variations.stock`), and its product's stock is their
 * sum, kept by a trigger in the same statement (migration 0011). So moving a size's units also
 * writes its product's row.
 *
 * Lock order, everywhere: by product id, and within a product its own row first, then its sizes
 * by id. A size's statement locks its product's row before its own (a `for no key update`
 * sub-select PostgreSQL runs before it scans the size, the strength the sum's trigger takes
 * anyway), so a move of a size and the owners' changes to the piece (which lock the product
 * first) never wait on each other in a circle; several lines are moved in {@link inLockOrder}.
 */
import { and, eq, exists, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, productVariations } from '../../db/schema.js';

/** Where a quantity lives: a piece's own stock, or one of its sizes' (`variationId`). */
export interface Shelf {
  productId: number;
  variationId: number | null;
}

/** Units of one shelf. */
export interface StockLine extends Shelf {
  quantity: number;
}

/** The order every multi-line move locks its rows in: product id, then size id (its own first). */
export function inLockOrder<T extends Shelf>(lines: readonly T[]): T[] {
  return [...lines].sort(
    (a, b) => a.productId - b.productId || (a.variationId ?? 0) - (b.variationId ?? 0),
  );
}

/**
 * Why a move could not serve a line, in the order a shopper's message is chosen:
 * - `no-product`: the piece is gone;
 * - `hidden`: the owners hid it (a sale only);
 * - `no-size`: the size is gone or taken out (archived; a sale only) or is another piece's;
 * - `short`: fewer units than asked (`stock`: the shelf's now; `sizeName`: its size's, if any);
 * - `changed`: the piece changed since the caller read it (its price, for a sale; sold by size
 *   now, or no longer): the caller reads it again and decides anew.
 */
export type Refusal<L extends Shelf = Shelf> =
  | { line: L; reason: 'no-product' }
  | { line: L; reason: 'hidden'; productName: string }
  | { line: L; reason: 'no-size'; productName: string }
  | { line: L; reason: 'short'; productName: string; sizeName: string | null; stock: number }
  | { line: L; reason: 'changed'; productName: string };

/** The conditions a sale adds to a move: the piece for sale at this price, the size live. */
export interface SaleTerms {
  priceCents: number;
}

/**
 * The one guarded statement that adds `delta` units to a shelf (negative: takes them, only while
 * `stock >= -delta`), answering the shelf's stock after, or no row when the guard refused
 * (nothing changed). A piece's own shelf moves only while it is sold without sizes: once sold by
 * size, its stock is its sizes' sum and moving it would leave the two apart. A sale's move also
 * needs the piece not hidden, still at the order's price, and the size live.
 */
function guardedMoveStatement(tx: Db, shelf: Shelf, delta: number, sale: SaleTerms | null) {
  const forSale = sale
    ? and(isNull(products.hiddenAt), eq(products.priceCents, sale.priceCents))
    : undefined;
  if (shelf.variationId !== null) {
    const productRow = tx
      .select({ one: sql`1` })
      .from(products)
      .where(and(eq(products.id, shelf.productId), forSale))
      .for('no key update');
    return tx
      .update(productVariations)
      .set({ stock: sql`${productVariations.stock} + ${delta}::int`, updatedAt: sql`now()` })
      .where(
        and(
          eq(productVariations.id, shelf.variationId),
          eq(productVariations.productId, shelf.productId),
          delta < 0 ? gte(productVariations.stock, -delta) : undefined,
          sale ? isNull(productVariations.archivedAt) : undefined,
          exists(productRow),
        ),
      )
      .returning({ stock: productVariations.stock });
  }
  return tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${delta}::int`, updatedAt: sql`now()` })
    .where(
      and(
        eq(products.id, shelf.productId),
        isNull(products.variationAxis),
        delta < 0 ? gte(products.stock, -delta) : undefined,
        forSale,
      ),
    )
    .returning({ stock: products.stock });
}

/** {@link guardedMoveStatement} run: the shelf's stock after, or null when the guard refused. */
async function guardedMove(
  tx: Db,
  shelf: Shelf,
  delta: number,
  sale: SaleTerms | null,
): Promise<number | null> {
  const [moved] = await guardedMoveStatement(tx, shelf, delta, sale);
  return moved ? moved.stock : null;
}

/**
 * The guarded statement of a move, as text a multi-statement message can carry: its values
 * written into it (numbers only, checked), and an error (SQLSTATE {@link MOVE_REFUSED_CODE},
 * migration 0035) instead of an empty answer when the guard refuses, so the statements after it
 * in the message, the commit included, are not run.
 */
export function guardedMoveOrFail(tx: Db, shelf: Shelf, delta: number, sale: SaleTerms | null) {
  const { sql: text, params } = guardedMoveStatement(tx, shelf, delta, sale).toSQL();
  const inlined = text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value !== 'number' || !Number.isSafeInteger(value))
      throw new Error(`a stock move carries only whole numbers, not ${typeof value}`);
    return String(value);
  });
  return `with moved as (${inlined}) select case when exists (select 1 from moved) then 0 else stock_move_refused() end`;
}

/** What PostgreSQL answers when {@link guardedMoveOrFail}'s guard refused. */
export const MOVE_REFUSED_CODE = 'SJ001';

/**
 * Moves `delta` units on a line's shelf: its stock after, or why not. When the guarded statement
 * refuses, the shelf is read again with its rows locked (the product's, then the size's: the lock
 * order), so the reason answered is still true when the caller acts on it; if nothing stands in
 * the way any more (units given back between the statement and the read), the move is made then.
 */
export async function move<L extends Shelf>(
  tx: Db,
  line: L,
  delta: number,
  sale: SaleTerms | null = null,
): Promise<{ stock: number } | { refusal: Refusal<L> }> {
  const stock = await guardedMove(tx, line, delta, sale);
  if (stock !== null) return { stock };
  const refusal = await whyRefused(tx, line, delta, sale);
  if (refusal) return { refusal };
  // Rows locked and every condition met: the statement cannot refuse now.
  const again = await guardedMove(tx, line, delta, sale);
  if (again === null) throw new Error(`stock move of ${JSON.stringify(line)} refused twice`);
  return { stock: again };
}

/** The first reason in {@link Refusal}'s order the move cannot be made now, read under lock. */
async function whyRefused<L extends Shelf>(
  tx: Db,
  line: L,
  delta: number,
  sale: SaleTerms | null,
): Promise<Refusal<L> | null> {
  const [product] = await tx
    .select({
      name: products.name,
      stock: products.stock,
      priceCents: products.priceCents,
      hiddenAt: products.hiddenAt,
      axis: products.variationAxis,
    })
    .from(products)
    .where(eq(products.id, line.productId))
    .for('no key update');
  if (!product) return { line, reason: 'no-product' };
  const productName = product.name;
  if (sale && product.hiddenAt !== null) return { line, reason: 'hidden', productName };
  let shelf: { stock: number; sizeName: string | null };
  if (line.variationId !== null) {
    const [size] = await tx
      .select({
        name: productVariations.name,
        stock: productVariations.stock,
        archivedAt: productVariations.archivedAt,
        productId: productVariations.productId,
      })
      .from(productVariations)
      .where(eq(productVariations.id, line.variationId))
      .for('no key update');
    if (!size || size.productId !== line.productId || (sale && size.archivedAt !== null))
      return { line, reason: 'no-size', productName };
    shelf = { stock: size.stock, sizeName: size.name };
  } else {
    if (product.axis !== null) return { line, reason: 'changed', productName };
    shelf = { stock: product.stock, sizeName: null };
  }
  if (shelf.stock + delta < 0) return { line, reason: 'short', productName, ...shelf };
  if (sale && product.priceCents !== sale.priceCents)
    return { line, reason: 'changed', productName };
  return null;
}

/** The stock of shelves, read once for a decision (see {@link readStock}). */
export interface StockLevels {
  /** The shelf's units now; undefined when it is not there (a size gone, taken out or another piece's). */
  of(shelf: Shelf): number | undefined;
}

const shelfKey = (shelf: Shelf) => `${shelf.productId}/${shelf.variationId ?? ''}`;

/**
 * The units on these shelves now, in one query and without a lock: a piece's own stock, or a live
 * size's. For decisions made before a move (refusing a sold-out line at once, say); the move's
 * own guard stays the truth, since the stock may change before it runs.
 */
export async function readStock(tx: Db, shelves: readonly Shelf[]): Promise<StockLevels> {
  const productIds = [...new Set(shelves.map((s) => s.productId))];
  const sizeIds = [
    ...new Set(shelves.flatMap((s) => (s.variationId === null ? [] : [s.variationId]))),
  ];
  const levels = new Map<string, number>();
  if (productIds.length > 0) {
    const own = tx
      .select({
        productId: products.id,
        variationId: sql<number | null>`null::int`.as('variation_id'),
        stock: products.stock,
      })
      .from(products)
      .where(inArray(products.id, productIds));
    const rows = sizeIds.length
      ? await own.unionAll(
          tx
            .select({
              productId: productVariations.productId,
              variationId: productVariations.id,
              stock: productVariations.stock,
            })
            .from(productVariations)
            .where(
              // Keyed by its own product below: a size of another piece is not found.
              and(inArray(productVariations.id, sizeIds), isNull(productVariations.archivedAt)),
            ),
        )
      : await own;
    for (const row of rows) levels.set(shelfKey(row), row.stock);
  }
  return { of: (shelf) => levels.get(shelfKey(shelf)) };
}
