/**
 * The reminder before an unpaid order expires (docs/order-reminder.md): one e-mail per
 * order when a third of its life is left (8 hours before the cancellation with the default 24),
 * run by the sweeper at each pass (sweeper.ts).
 *
 * An order is due when it awaits payment (or its payment failed), its buyer is stored (api/
 * pagamento: without her the provider cannot be asked, so no link could take her to a payment),
 * it has not been reminded, and `now` is in the last third of its life (`expires_at - (expires_at -
 * created_at) / 3 <= now < expires_at`). Each is its own transaction: one guarded statement claims
 * it (`reminder_sent_at is null`, the status, the deadline not passed), and only the statement
 * that stamped it enqueues the e-mail (dedupe key `order:<id>:reminder`). Two sweepers, two
 * instances or a restart halfway send it once; an order paid or cancelled meanwhile is not
 * stamped and gets nothing.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { UNPAID_ORDER_STATUSES } from '@semijoias/domain/orders';
import type { Db } from '../../../db/client.js';
import { orders } from '../../../db/schema.js';
import { enqueueOrderEmails, type OrderMailDeps } from './emails.js';

/** The reminder goes when this share of the order's life is left. */
export const REMINDER_LEFT_FRACTION = 1 / 3;

/**
 * When the reminder of an order is due: a third of its life (creation to deadline) before its
 * deadline. Its life is the UNPAID_ORDER_TTL_MINUTES it was placed with, so a changed setting
 * moves only the orders placed after it.
 */
export function reminderDueAt(order: { createdAt: Date; expiresAt: Date }): Date {
  const lifeMs = Math.max(0, order.expiresAt.getTime() - order.createdAt.getTime());
  return new Date(order.expiresAt.getTime() - Math.round(lifeMs * REMINDER_LEFT_FRACTION));
}

/** The SQL twin of {@link reminderDueAt}. */
const dueAt = sql`(${orders.expiresAt} - (${orders.expiresAt} - ${orders.createdAt}) / 3)`;

/** Orders read per query; each is then its own transaction. */
const BATCH_SIZE = 50;

export interface RemindResult {
  /** Reminders this pass stamped and enqueued. */
  reminded: number;
  /** Orders another sweeper reminded first, or that were paid or cancelled meanwhile. */
  gone: number;
}

/** What makes an order due at `at`, in the claim as in the scan. */
function dueWhere(at: Date) {
  return and(
    inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
    isNull(orders.reminderSentAt),
    gt(orders.expiresAt, at),
    lte(dueAt, at),
    // Her buyer's data is stored (api/pagamento): the link can start a payment.
    isNotNull(orders.email),
    isNotNull(orders.cpf),
    isNotNull(orders.nomeCompleto),
    isNotNull(orders.telefone),
  );
}

/**
 * One order's reminder, claimed by one guarded statement and mailed in the same transaction.
 * Answers whether this call sent it.
 */
export async function remindOrder(
  db: Db,
  mailDeps: OrderMailDeps,
  orderId: number,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ reminderSentAt: sql`now()` })
      .where(and(eq(orders.id, orderId), dueWhere(at)))
      .returning({ id: orders.id });
    if (!claimed) return false;
    await enqueueOrderEmails(tx, mailDeps, orderId, 'reminder');
    return true;
  });
}

/**
 * Every order due at `at` (the sweeper's clock), by id, in batches; a failure on
 * one order is reported to `onError` and the others go on.
 */
export async function remindUnpaidOrders(
  db: Db,
  mailDeps: OrderMailDeps,
  at: Date,
  options: {
    batchSize?: number;
    onError?: (err: unknown, reference: string) => void;
    stopping?: () => boolean;
  } = {},
): Promise<RemindResult> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const result: RemindResult = { reminded: 0, gone: 0 };
  let afterId = 0;
  for (;;) {
    if (options.stopping?.()) break;
    // By id: a claimed order leaves the scan, one that failed is not read again in this pass.
    const batch = await db
      .select({ id: orders.id, reference: orders.reference })
      .from(orders)
      .where(and(dueWhere(at), gt(orders.id, afterId)))
      .orderBy(asc(orders.id))
      .limit(batchSize);
    for (const order of batch) {
      if (options.stopping?.()) break;
      try {
        if (await remindOrder(db, mailDeps, order.id, at)) result.reminded += 1;
        else result.gone += 1;
      } catch (err) {
        options.onError?.(err, order.reference);
      }
    }
    if (batch.length < batchSize) break;
    afterId = batch[batch.length - 1]!.id;
  }
  return result;
}
