/**
 * An order's moves: its take (api/pay), its give-back (a cancellation, by the clock or the owners)
 * and a late payment's take again. Each tags the ledger with its order, then moves line by line in
 * the one lock order, one guarded statement a line, inside the caller's transaction. A take stops
 * at the first line it cannot serve and says which and why: the lines before it stay taken, so the
 * caller rolls its transaction (or savepoint) back, as a refused order must change nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hasSqlState } from '../../lib/db-errors.js';
import { tagStockChanges } from './ledger.js';
import {
  guardedMoveOrFail,
  inLockOrder,
  move,
  MOVE_REFUSED_CODE,
  type Refusal,
  type StockLine,
} from './shelf.js';

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

/**
 * {@link takeForOrder} and the commit in one message to PostgreSQL, as the transaction's end: the
 * rows it locks are held for the statements' own time, not for a round trip back to a busy
 * instance and another to commit. In a drop every order of the piece waits for its row: held for
 * the round trips, the row let through some 30 orders a second on the rehearsal's two cores
 * (docs/stock.md). 'committed': every line was taken and the transaction is committed (the
 * caller's transaction helper then commits an empty one); 'refused': a line could not be taken and
 * nothing is (the transaction is aborted, its caller rolls it back): the caller places the order
 * again with {@link takeForOrder}, which says which line and why. PostgreSQL only: the embedded
 * database takes one statement a message, and has one connection, so no row is waited for.
 */
export async function takeForOrderAtCommit(
  tx: Db,
  orderId: number,
  lines: readonly SaleLine[],
): Promise<'committed' | 'refused'> {
  await tagStockChanges(tx, { reason: 'sale', orderId });
  const moves = inLockOrder(lines).map((line) =>
    guardedMoveOrFail(tx, line, -line.quantity, { priceCents: line.priceCents }),
  );
  try {
    // `begin` after the commit: the caller's transaction helper commits that empty transaction,
    // instead of a `commit` with none in progress (a warning in PostgreSQL's log at every order).
    await tx.execute(sql.raw([...moves, 'commit', 'begin'].join(';\n')));
    return 'committed';
  } catch (err) {
    if (hasSqlState(err, MOVE_REFUSED_CODE)) return 'refused';
    throw err;
  }
}
