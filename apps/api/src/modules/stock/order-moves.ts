/**
 * An order's moves: its take (api/pay), its give-back (a cancellation, by the clock or the owners)
 * and a late payment's take again. Each tags the ledger with its order, then moves line by line in
 * the one lock order, one guarded statement a line, inside the caller's transaction. A take stops
 * at the first line it cannot serve and says which and why: the lines before it stay taken, so the
 * caller rolls its transaction (or savepoint) back, as a refused order must change nothing.
 */
import type { Db } from '../../db/client.js';
import { tagStockChanges } from './ledger.js';
import { inLockOrder, move, type Refusal, type StockLine } from './shelf.js';

/** A line of an order being placed: its units, at the price the order was written with. */
export interface SaleLine extends StockLine {
  priceCents: number;
}

/**
 * Takes an order's units off their shelves (the ledger says 'sale', naming the order). A line is
 * taken only while its piece is for sale (not hidden), still at `priceCents`, its size live, and
 * `stock >= quantity`. Null when every line was taken, else the first refused line. Call it last
 * in the transaction: the rows it locks are then held only until the commit, so orders for one
 * piece queue on it for as short a time as they can (a drop).
 */
export async function takeForOrder<L extends SaleLine>(
  tx: Db,
  orderId: number,
  lines: readonly L[],
): Promise<Refusal<L> | null> {
  await tagStockChanges(tx, { reason: 'sale', orderId });
  for (const line of inLockOrder(lines)) {
    const moved = await move(tx, line, -line.quantity, { priceCents: line.priceCents });
    if ('refusal' in moved) return moved.refusal;
  }
  return null;
}

/**
 * Takes a cancelled order's units again (a late payment reviving it; the ledger says 'sale'): only
 * `stock >= quantity`, whatever the piece's price or visibility now, since she paid the order's.
 * Null when every line was taken, else the first refused line (the caller runs it in a savepoint).
 */
export async function takeAgainForOrder<L extends StockLine>(
  tx: Db,
  orderId: number,
  lines: readonly L[],
): Promise<Refusal<L> | null> {
  await tagStockChanges(tx, { reason: 'sale', orderId });
  for (const line of inLockOrder(lines)) {
    const moved = await move(tx, line, -line.quantity);
    if ('refusal' in moved) return moved.refusal;
  }
  return null;
}

/** Who gave an order's units back, when it is the owners (the ledger keeps who and why). */
export interface GiveBackBy {
  actorUserId: number;
  note: string;
}

/**
 * Puts an order's units back on their shelves (the ledger says 'cancellation', naming the order,
 * and the owner and her reason when it is hers), a size taken out meanwhile included: its ledger
 * keeps them. A line of a piece gone, or sold by size since the order was placed without one, has
 * no shelf to go back to and is left out; those lines are answered.
 */
export async function giveBackForOrder<L extends StockLine>(
  tx: Db,
  orderId: number,
  lines: readonly L[],
  by?: GiveBackBy,
): Promise<L[]> {
  await tagStockChanges(tx, { reason: 'cancellation', orderId, ...by });
  const left: L[] = [];
  for (const line of inLockOrder(lines))
    if ('refusal' in (await move(tx, line, line.quantity))) left.push(line);
  return left;
}
