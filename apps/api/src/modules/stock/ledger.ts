/**
 * Why a stock changes. The stock ledger (`stock_movements`) is written by triggers on `products`
 * and `product_variations` (migrations 0006, 0011) for every change of a quantity; the move says
 * why by setting transaction-local settings before its statements. They last until the end of
 * the transaction, so every move of this module sets them again before it writes: a tag is never
 * inherited from an earlier move of the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { StockMovementReason } from '../../db/schema.js';

export interface StockChangeTag {
  reason: StockMovementReason;
  orderId?: number | null;
  /** The owner who made a manual change. */
  actorUserId?: number | null;
  note?: string;
}

export async function tagStockChanges(tx: Db, tag: StockChangeTag): Promise<void> {
  await tx.execute(sql`select
    set_config('semijoias.stock_reason', ${tag.reason}, true),
    set_config('semijoias.stock_order_id', ${tag.orderId == null ? '' : String(tag.orderId)}, true),
    set_config('semijoias.stock_actor_id', ${tag.actorUserId == null ? '' : String(tag.actorUserId)}, true),
    set_config('semijoias.stock_note', ${tag.note ?? ''}, true)`);
}
