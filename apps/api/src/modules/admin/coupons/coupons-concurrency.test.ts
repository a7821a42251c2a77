/**
 * An owner lowers a coupon's usage limit while checkouts are using it: the coupon never ends with
 * more uses than its limit. On PGlite the calls interleave on one connection; with
 * TEST_DATABASE_URL they run on several PostgreSQL connections at once.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponRedemptions, coupons } from '../../../db/schema.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { useTestApp } from '../../../../test/helpers.js';
import { times } from '../../../../test/racing.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import { addToCart, call, setProduct, shopper } from '../../../../test/checkout.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });

describe('a usage limit lowered during checkouts', () => {
  for (const round of [1, 2, 3]) {
    it(`never ends above its limit (round ${round})`, async () => {
      const owner = await loggedInOwner(ctx.app, ctx.database);
      const code = `CORRIDA${process.pid % 1000}R${round}`;
      const created = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/cupons/', {
        codigo: code,
        tipo: 'percentual',
        percentual: 5,
        limite_uso: 10,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ cupom: { id: number } }>().cupom.id;
      const BUYERS = 8;
      await setProduct(ctx.database, 4, { priceCents: 5000, stock: 1000 });
      const buyers = await times(BUYERS, () => shopper(ctx.app, ctx.database));
      for (const b of buyers) await addToCart(ctx.app, b.token, 4, 1);

      // The owner's edit lands somewhere among the checkouts (round 1 first, 3 later).
      const NEW_LIMIT = 3;
      const edit = async () => {
        for (let i = 0; i < round - 1; i++) await new Promise((r) => setImmediate(r));
        return adminCall(ctx.app, owner.token, 'PUT', `/api/admin/cupons/${id}/`, {
          codigo: code,
          tipo: 'percentual',
          percentual: 5,
          limite_uso: NEW_LIMIT,
        });
      };
      const [editAnswer, ...pays] = await Promise.all([
        edit(),
        ...buyers.map((b, i) =>
          call(
            ctx.app,
            '/api/pay/',
            { cep: '01310100', cupom: code },
            { token: b.token, key: `c${round}-${i}` },
          ),
        ),
      ]);

      const [row] = await ctx.database.db.select().from(coupons).where(eq(coupons.id, id));
      const [uses] = await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, id));
      // The owner is told yes (the limit is 3) or no (more than 3 uses were already made).
      expect([200, 400], editAnswer.body).toContain(editAnswer.statusCode);
      expect(row!.usageLimit).toBe(editAnswer.statusCode === 200 ? NEW_LIMIT : 10);
      expect(row!.timesUsed).toBeLessThanOrEqual(row!.usageLimit!);
      expect(uses!.n).toBe(row!.timesUsed);
      // Every checkout was either sold with the coupon or refused with the coupon's message.
      for (const p of pays) expect([201, 400], p.body).toContain(p.statusCode);
      expect(pays.filter((p) => p.statusCode === 201)).toHaveLength(row!.timesUsed);
      for (const p of pays.filter((a) => a.statusCode === 400))
        expect(p.json<{ error: string }>().error).toBe('Cupom já utilizado.');
    });
  }
});
