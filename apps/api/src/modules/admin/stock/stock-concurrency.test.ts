/**
 * Owners' adjustments racing shoppers' checkouts on one product: every call answers 201 or 409
 * (never a 500 from the table's check), the stock ends at initial + Σ accepted adjustments −
 * units sold, never below zero, and the ledger's deltas add up to it. On PGlite the calls
 * interleave on one connection; with TEST_DATABASE_URL they run on several PostgreSQL
 * connections at once, which is the case that matters.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { useTestApp } from '../../../../test/helpers.js';
import { catalogTail } from '../../../../test/orders.js';
import { stockMovements } from '../../../db/schema.js';
import { call, stockOf } from '../../../../test/checkout.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });
const take = catalogTail(() => ctx.database);

describe('stock adjustments racing checkouts', () => {
  it('leave stock = initial + Σ accepted adjustments − sold, never negative', async () => {
    const INITIAL = 4;
    const [id] = await take(1, INITIAL);
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const [mark] = await ctx.database.db
      .select({ last: sql<number>`coalesce(max(${stockMovements.id}), 0)::int` })
      .from(stockMovements);

    // More units asked for than there are: some checkouts and removals must be refused.
    const deltas = [-2, 3, -2, -2, 2, -3, -2, 1];
    const checkouts = 10;
    const calls = [
      ...deltas.map((quantidade) => async () => ({
        kind: 'adjustment' as const,
        delta: quantidade,
        res: await adminCall(ctx.app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
          produto_id: id,
          quantidade,
          nota: 'Teste de concorrência',
        }),
      })),
      ...Array.from({ length: checkouts }, () => async () => ({
        kind: 'sale' as const,
        delta: -1,
        res: await call(ctx.app, '/api/pay/', {
          produtos: [{ id, quantidade: 1 }],
          cep: '01310100',
        }),
      })),
    ];
    // All at once, in a fixed shuffle (7 is prime to 18) so adjustments and sales interleave.
    expect(calls.length).toBe(18);
    const answers = await Promise.all(calls.map((_, i) => calls[(i * 7) % calls.length]!()));

    for (const a of answers)
      expect([201, 409], `${a.kind}: ${a.res.body}`).toContain(a.res.statusCode);
    const accepted = answers.filter((a) => a.res.statusCode === 201);
    const adjusted = accepted
      .filter((a) => a.kind === 'adjustment')
      .reduce((sum, a) => sum + a.delta, 0);
    const sold = accepted.filter((a) => a.kind === 'sale').length;
    expect(answers.some((a) => a.res.statusCode === 409)).toBe(true);

    const final = await stockOf(ctx.database, id!);
    expect(final).toBe(INITIAL + adjusted - sold);
    expect(final).toBeGreaterThanOrEqual(0);

    const movements = await ctx.database.db
      .select({ delta: stockMovements.delta, stockAfter: stockMovements.stockAfter })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, id!), gt(stockMovements.id, mark!.last)));
    expect(movements.length).toBe(accepted.length);
    expect(movements.reduce((sum, m) => sum + m.delta, 0)).toBe(final - INITIAL);
    expect(movements.every((m) => m.stockAfter >= 0)).toBe(true);
  });
});
