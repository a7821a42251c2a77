/**
 * Sweepers racing (docs/orders-lifecycle.md): two instances on one database — on PostgreSQL two
 * connection pools, as two API processes would have — cancel each expired order once and give
 * each unit back once; a notification racing the sweeper leaves every order paid with its stock
 * taken once, whichever wins.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { orders, outboxEmails } from '../../db/schema.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import { testConfig } from '../../../test/helpers.js';
import { useRacingDatabase } from '../../../test/racing.js';
import {
  insertOrder,
  pastDeadline,
  testOrderSweeper,
  ofOrders,
  withSandboxCheckout,
  type TestOrder,
} from '../../../test/orders.js';
import { orderMailDeps } from './orders/emails.js';
import { recordAndSettle } from './payments/settlement.js';
import { stockAndSales } from '../../../test/checkout.js';

const config = testConfig({ unpaidOrderTtlMinutes: 2 });
/** The file's database and a second connection to it, as a second instance would have. */
const racing = useRacingDatabase();

/**
 * Every checkout is still pending; the answer takes 0-4 ms, like a network call, so the two
 * sweepers drift apart and one often reaches an order the other has just cancelled.
 */
const slowProvider: PaymentProvider = {
  name: 'sandbox',
  createCheckout: () => Promise.reject(new Error('not used')),
  paymentStatus: async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
    return { state: 'pending', paymentId: null, amountCents: null };
  },
  verifyNotification: async () => ({ ok: false, reason: 'assinatura' }),
};

function sweeper(database: Database) {
  return testOrderSweeper(database, config, {
    provider: slowProvider,
    now: pastDeadline(2),
    batchSize: 10,
  }).sweeper;
}

describe('two sweepers at once', () => {
  it('cancel each of 30 expired orders once and give each unit back once', async () => {
    const { database, other } = racing;
    const ids = [1, 2, 3];
    const placed: TestOrder[] = [];
    for (let i = 0; i < 30; i++)
      placed.push(await insertOrder(database, { productIds: ids, ttlMinutes: 1 + (i % 2) }));
    await withSandboxCheckout(database, placed);
    const before = await stockAndSales(database, ids);

    const results = await Promise.all([sweeper(database).runOnce(), sweeper(other).runOnce()]);
    expect(results[0].cancelled + results[1].cancelled).toBe(30);

    const rows = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(ofOrders(placed));
    expect(rows.every((r) => r.status === 'cancelled')).toBe(true);
    // Every order holds 2 units of the first product and 1 of each other.
    const after = await stockAndSales(database, ids);
    expect(after.map((p) => p.stock)).toEqual([
      before[0]!.stock + 60,
      before[1]!.stock + 30,
      before[2]!.stock + 30,
    ]);
    // The 'cancelled' e-mail: one per order.
    const [mails] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'order_cancelled'));
    expect(mails!.n).toBe(30);
    expect(await Promise.all([sweeper(database).runOnce(), sweeper(other).runOnce()])).toEqual([
      { cancelled: 0, settled: 0, skipped: 0, reminded: 0 },
      { cancelled: 0, settled: 0, skipped: 0, reminded: 0 },
    ]);
  });

  it('a paid notification racing the sweeper: every order ends paid, its stock taken once', async () => {
    const { database, other } = racing;
    const ids = [4, 6];
    const placed: TestOrder[] = [];
    for (let i = 0; i < 10; i++)
      placed.push(await insertOrder(database, { productIds: ids, ttlMinutes: 1 }));
    const before = await stockAndSales(database, ids);
    const settle = (o: TestOrder) =>
      other.db.transaction((tx) =>
        recordAndSettle(tx, orderMailDeps(config), {
          provider: 'sandbox',
          eventKey: randomUUID(),
          rawBody: '{}',
          event: {
            eventKey: 'x',
            reference: o.order.reference,
            state: 'paid',
            paymentId: `SBX_${o.order.reference}`,
            amountCents: o.order.totalCents,
          },
        }),
      );
    const [, ...outcomes] = await Promise.all([sweeper(database).runOnce(), ...placed.map(settle)]);
    for (const outcome of outcomes) expect(['paid', 'paid_late']).toContain(outcome);

    const rows = await database.db
      .select({ status: orders.status, paymentId: orders.paymentId })
      .from(orders)
      .where(ofOrders(placed));
    expect(rows.every((r) => r.status === 'paid')).toBe(true);
    // insertOrder took no stock: paid at once leaves it, cancelled then revived gives it back
    // and takes it again; either way each order's units are counted sold once.
    const after = await stockAndSales(database, ids);
    expect(after.map((p) => p.stock)).toEqual(before.map((p) => p.stock));
    expect(after.map((p) => p.sales)).toEqual([before[0]!.sales + 20, before[1]!.sales + 10]);
    const [orphans] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, 'cancelled'));
    expect(orphans!.n).toBe(30); // the first test's, none of these
  });
});
