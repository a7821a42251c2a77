/**
 * Why a stock changes. The stock ledger (`stock_movements`) is written by a trigger on
 * `products` (migration 0006) for every change of a stock; the code says why by setting
 * transaction-local settings before the statement that changes it. They last until the end of
 * the transaction, so call this inside the transaction (`tx`), again before a change with
 * another reason.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { StockMovementReason } from '../db/schema.js';

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
