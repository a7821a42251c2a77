/**
 * 'Avise-me' under concurrency: two sweeps (two instances) racing over the same
 * stamped requests mail each one once; requests racing the restock that brings the piece back are
 * either refused (409: it is back) or stamped by it, never left waiting for a piece in stock.
 * On PGlite the calls interleave on one connection; with TEST_DATABASE_URL they run on several
 * PostgreSQL connections at once, which is the case that matters.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OWNER_EMAILS } from '../../../test/admin.js';
import { restock } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { catalogTail } from '../../../test/orders.js';
import { outboxEmails, stockAlerts } from '../../db/schema.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { confirmStockAlert, stockAlertConfirmToken } from '../../../test/stock-alerts.js';
import { createStockAlertSweep } from './service.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });
const take = catalogTail(() => ctx.database);
const silent = { info: () => undefined, error: () => undefined };

function ask(produto_id: number, email: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/avise-me/', payload: { produto_id, email } });
}

/** Each address opens its e-mailed confirmation link (double opt-in). */
async function confirmAll(addresses: string[]) {
  for (const email of addresses) await confirmStockAlert(ctx.app, ctx.database, email);
}

async function rowsOf(productId: number) {
  return ctx.database.db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId));
}

describe('two sweeps racing', () => {
  it('mail each stamped request once', async () => {
    const [id] = await take(1, 0);
    const addresses = Array.from({ length: 12 }, (_, i) => `corrida${i}@exemplo.com`);
    for (const email of addresses) expect((await ask(id!, email)).statusCode).toBe(201);
    await confirmAll(addresses);
    await restock(ctx.app, ctx.database, id!, 4);

    const other = createStockAlertSweep({
      db: ctx.database.db,
      log: silent,
      publicUrl: 'http://loja.test',
      batchSize: 5,
    });
    const at = new Date();
    const [a, b] = await Promise.all([ctx.app.stockAlerts.runOnce(at), other.runOnce(at)]);
    // Each request is served by exactly one of them.
    expect(a.served + b.served).toBe(addresses.length);

    const rows = await rowsOf(id!);
    expect(rows.every((r) => r.servedAt !== null && r.email === null)).toBe(true);
    const mails = await ctx.database.db
      .select({ to: outboxEmails.recipient, key: outboxEmails.dedupeKey })
      .from(outboxEmails)
      .where(
        inArray(
          outboxEmails.dedupeKey,
          rows.map((r) => `stock-alert:${r.id}`),
        ),
      );
    expect(mails.map((m) => m.to).sort()).toEqual([...addresses].sort());

    // Later sweeps find nothing left to do.
    const again = await Promise.all([ctx.app.stockAlerts.runOnce(at), other.runOnce(at)]);
    expect(again.map((r) => r.served)).toEqual([0, 0]);
  });
});

describe('requests racing the restock', () => {
  it('are refused as available or stamped by it: none waits for a piece in stock', async () => {
    const [id] = await take(1, 0);
    const addresses = Array.from({ length: 10 }, (_, i) => `chegando${i}@exemplo.com`);
    const calls = [
      ...addresses.map((email) => async () => ({
        kind: 'ask' as const,
        res: await ask(id!, email),
      })),
      async () => ({ kind: 'restock' as const, res: await restock(ctx.app, ctx.database, id!, 3) }),
    ];
    // The restock in the middle of the requests.
    const answers = await Promise.all(calls.map((_, i) => calls[(i * 5) % calls.length]!()));
    const restocked = answers.find((a) => a.kind === 'restock')!;
    expect(restocked.res.statusCode, restocked.res.body).toBe(201);
    const asked = answers.filter((a) => a.kind === 'ask');
    for (const a of asked) expect([201, 409], a.res.body).toContain(a.res.statusCode);

    const rows = await rowsOf(id!);
    expect(rows.length).toBe(asked.filter((a) => a.res.statusCode === 201).length);
    expect(rows.filter((r) => r.backInStockAt === null)).toEqual([]);
    await confirmAll(rows.map((r) => r.email!));
    expect((await ctx.app.stockAlerts.runOnce(new Date())).served).toBe(rows.length);
  });
});

describe('the confirmation link pressed several times at once', () => {
  it('confirms once: one 200, the others 400', async () => {
    const [id] = await take(1, 0);
    const email = 'cliques@exemplo.com';
    expect((await ask(id!, email)).statusCode).toBe(201);
    const token = (await stockAlertConfirmToken(ctx.database, email))!;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.app.inject({ method: 'POST', url: `/api/avise-me/confirmar/?t=${token}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    const [row] = await rowsOf(id!);
    expect(row!.confirmedAt).not.toBeNull();
    expect(row!.confirmTokenHash).toBeNull();
  });
});
