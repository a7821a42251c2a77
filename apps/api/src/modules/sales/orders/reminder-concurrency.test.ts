/**
 * Two sweepers sending reminders at once (docs/order-reminder.md): on PostgreSQL two
 * connection pools, as two API instances would have; on PGlite two sweepers interleaving on its
 * one connection. Each due order is stamped once and mailed once, the two passes' counts add up
 * to the orders, and a stamp is never moved by the second sweeper. With payments racing them,
 * every order left unpaid is reminded and each stamp has its e-mail.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { orders, outboxEmails, products } from '../../../db/schema.js';
import type { PaymentProvider } from '../../../integrations/payments/provider.js';
import { testConfig } from '../../../../test/helpers.js';
import { useRacingDatabase } from '../../../../test/racing.js';
import { insertOrder, testOrderSweeper, type TestOrder } from '../../../../test/orders.js';

const TTL_MINUTES = 3;
const config = testConfig({ unpaidOrderTtlMinutes: TTL_MINUTES });
/** The file's database and a second connection to it, as a second instance would have. */
const racing = useRacingDatabase();

/** No order of this file has a checkout: the provider is never asked. */
const provider: PaymentProvider = {
  name: 'sandbox',
  createCheckout: () => Promise.reject(new Error('not used')),
  paymentStatus: () => Promise.reject(new Error('not used')),
  verifyNotification: async () => ({ ok: false, reason: 'assinatura' }),
};

/** Two thirds and 10 s into a 3-minute life: every order of this file placed just now is due. */
const at = () => new Date(Date.now() + (2 / 3) * TTL_MINUTES * 60_000 + 10_000);

function sweeper(database: Database, now: Date) {
  return testOrderSweeper(database, config, { provider, now: () => now, batchSize: 10 }).sweeper;
}

async function placeOrders(n: number): Promise<TestOrder[]> {
  const [product] = await racing.database.db
    .update(products)
    .set({ stock: 1000 })
    .where(eq(products.id, 1))
    .returning({ id: products.id });
  const placed: TestOrder[] = [];
  for (let i = 0; i < n; i++)
    placed.push(
      await insertOrder(racing.database, { productIds: [product!.id], ttlMinutes: TTL_MINUTES }),
    );
  return placed;
}

const reminderMails = async (ids: number[]) =>
  racing.database.db
    .select({ key: outboxEmails.dedupeKey })
    .from(outboxEmails)
    .where(
      inArray(
        outboxEmails.dedupeKey,
        ids.map((id) => `order:${id}:reminder`),
      ),
    );

describe('two sweepers sending reminders at once', () => {
  it('remind each of 30 due orders once: one stamp, one e-mail, counts adding up', async () => {
    const placed = await placeOrders(30);
    const ids = placed.map((p) => p.order.id);
    const now = at();

    const results = await Promise.all([
      sweeper(racing.database, now).runOnce(),
      sweeper(racing.other, now).runOnce(),
    ]);
    // Only the statement that stamped an order counts it: 30 in all, whoever won which.
    expect(results[0].reminded + results[1].reminded).toBe(30);

    const rows = await racing.database.db
      .select({ id: orders.id, stamp: orders.reminderSentAt })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(rows.every((r) => r.stamp !== null)).toBe(true);
    expect(await reminderMails(ids)).toHaveLength(30);

    // Again, from both: nothing more, and no stamp moved.
    const again = await Promise.all([
      sweeper(racing.database, now).runOnce(),
      sweeper(racing.other, now).runOnce(),
    ]);
    expect(again.map((r) => r.reminded)).toEqual([0, 0]);
    const after = await racing.database.db
      .select({ id: orders.id, stamp: orders.reminderSentAt })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(new Map(after.map((r) => [r.id, r.stamp?.getTime()]))).toEqual(
      new Map(rows.map((r) => [r.id, r.stamp?.getTime()])),
    );
  });

  it('a payment racing the sweepers: every order still unpaid reminded once, each stamp with its e-mail', async () => {
    const placed = await placeOrders(20);
    const ids = placed.map((p) => p.order.id);
    const now = at();
    // Every other order is paid while the sweepers run, by its own guarded statement.
    const pay = async () => {
      for (const id of ids.filter((_, i) => i % 2 === 0))
        await racing.other.db
          .update(orders)
          .set({ status: 'paid', paidAt: sql`now()` })
          .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment')));
    };
    const results = await Promise.all([
      sweeper(racing.database, now).runOnce(),
      sweeper(racing.other, now).runOnce(),
      pay(),
    ]);
    const rows = await racing.database.db
      .select({
        id: orders.id,
        status: orders.status,
        stamp: orders.reminderSentAt,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .where(inArray(orders.id, ids));
    const mails = new Set((await reminderMails(ids)).map((m) => m.key));
    for (const r of rows) {
      // The stamp and the e-mail exist together or not at all.
      expect(mails.has(`order:${r.id}:reminder`), `order ${r.id}`).toBe(r.stamp !== null);
    }
    // Every order still unpaid was reminded, and the counts add up.
    expect(rows.filter((r) => r.status === 'awaiting_payment').every((r) => r.stamp)).toBe(true);
    expect(results[0].reminded + results[1].reminded).toBe(rows.filter((r) => r.stamp).length);
  });
});
