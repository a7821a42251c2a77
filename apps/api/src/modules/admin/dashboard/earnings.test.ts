/**
 * The Painel's "what it earns" (docs/admin/dashboard-stock-audit.md): over the last
 * 30 days, orders paid after their reminder, pieces sold to shoppers who had asked 'Avise-me' for
 * them, and carts recovered. The tables are filled by other features; here rows are written
 * straight into them, each case beside the cases that must not count.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifiedUser, verifiedUserId } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { useTestApp } from '../../../../test/helpers.js';
import { insertOrder, type TestOrder } from '../../../../test/orders.js';
import {
  cartReminders,
  orderItems,
  products,
  productVariations,
  stockAlerts,
  users,
  type OrderRow,
} from '../../../db/schema.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import { hashToken } from '../../../lib/secrets.js';
import type { DashboardJson } from './schemas.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

let owner: { token: string };
beforeAll(async () => {
  owner = await loggedInOwner(ctx.app, ctx.database);
});

async function figures(): Promise<DashboardJson['retorno_30_dias']> {
  const res = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/painel/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardJson>().retorno_30_dias;
}

/** An order with its status and dates as the test says (lines of products 1 and 2 by default). */
async function order(
  values: Partial<Pick<OrderRow, 'status' | 'paidAt' | 'reminderSentAt' | 'email' | 'userId'>> & {
    createdAt?: Date;
    productIds?: number[];
  },
): Promise<TestOrder> {
  return insertOrder(ctx.database, {
    status: values.status ?? 'paid',
    userId: values.userId ?? null,
    ...(values.productIds ? { productIds: values.productIds } : {}),
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    columns: {
      paidAt: values.paidAt ?? null,
      reminderSentAt: values.reminderSentAt ?? null,
      ...(values.email ? { email: values.email } : {}),
    },
  });
}

const delta = (
  before: DashboardJson['retorno_30_dias'],
  after: DashboardJson['retorno_30_dias'],
) => ({
  pagos_apos_lembrete: {
    pedidos: after.pagos_apos_lembrete.pedidos - before.pagos_apos_lembrete.pedidos,
    total_cents: after.pagos_apos_lembrete.total_cents - before.pagos_apos_lembrete.total_cents,
  },
  vendidos_avise_me: {
    unidades: after.vendidos_avise_me.unidades - before.vendidos_avise_me.unidades,
    total_cents: after.vendidos_avise_me.total_cents - before.vendidos_avise_me.total_cents,
  },
  carrinhos_recuperados: {
    pedidos: after.carrinhos_recuperados.pedidos - before.carrinhos_recuperados.pedidos,
    total_cents: after.carrinhos_recuperados.total_cents - before.carrinhos_recuperados.total_cents,
  },
});

describe("the Painel's 'what it earns'", () => {
  it('orders paid after their reminder: only those, paid in the last 30 days, with their totals', async () => {
    const before = await figures();
    const counted = await order({ paidAt: ago(1), reminderSentAt: ago(1.2) });
    const alsoCounted = await order({
      status: 'shipped',
      paidAt: ago(20),
      reminderSentAt: ago(21),
    });
    // Not: paid before the reminder, no reminder, cancelled, refunded, paid 40 days ago, unpaid.
    await order({ paidAt: ago(2), reminderSentAt: ago(1) });
    await order({ paidAt: ago(1) });
    await order({ status: 'cancelled', paidAt: null, reminderSentAt: ago(1) });
    await order({ status: 'refund_due', paidAt: ago(1), reminderSentAt: ago(2) });
    await order({ paidAt: ago(40), reminderSentAt: ago(41) });
    await order({ status: 'awaiting_payment', reminderSentAt: ago(0.1) });

    const got = delta(before, await figures());
    expect(got.pagos_apos_lembrete).toEqual({
      pedidos: 2,
      total_cents: counted.order.totalCents + alsoCounted.order.totalCents,
    });
    expect(got.vendidos_avise_me.unidades).toBe(0);
    expect(got.carrinhos_recuperados.pedidos).toBe(0);
  });

  it("pieces sold to shoppers who asked 'Avise-me': the piece (and the size) she asked for, served before her payment", async () => {
    // A plain piece, another plain piece, and a piece sold by size with two sizes.
    const plain = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, 1));
    const [sized] = await ctx.database.db
      .select({ id: productVariations.productId })
      .from(productVariations)
      .limit(1);
    const sizes = await ctx.database.db
      .select({ id: productVariations.id })
      .from(productVariations)
      .where(eq(productVariations.productId, sized!.id))
      .orderBy(productVariations.position)
      .limit(2);
    const [a, b] = [plain[0]!.id, 2];
    const email = `Maria.${Date.now()}@Exemplo.com.br`;
    const hash = hashToken(email.toLowerCase());
    const alert = (values: Partial<typeof stockAlerts.$inferInsert> & { productId: number }) =>
      ctx.database.db.insert(stockAlerts).values({
        emailHash: hash,
        email: null,
        servedAt: ago(3),
        backInStockAt: ago(3),
        createdAt: ago(10),
        ...values,
      });
    const before = await figures();

    // Her order, paid yesterday: 2 units of A (asked for, served 3 days ago), 1 of B (asked, but
    // served after her payment), 1 of the sized piece in a size she did not ask for.
    const hers = await order({
      paidAt: ago(1),
      email: email.toLowerCase(),
      productIds: [a, b, sized!.id],
    });
    const inSize = (o: TestOrder, size: number) =>
      ctx.database.db
        .update(orderItems)
        .set({ variationId: size })
        .where(and(eq(orderItems.orderId, o.order.id), eq(orderItems.productId, sized!.id)));
    await inSize(hers, sizes[1]!.id);
    // Her second order, paid 2 days ago: the sized piece in the size she asked for.
    const second = await order({
      paidAt: ago(2),
      email: email.toLowerCase(),
      productIds: [sized!.id],
    });
    await inSize(second, sizes[0]!.id);
    await alert({ productId: a });
    await alert({ productId: b, servedAt: ago(0.5), backInStockAt: ago(0.5) });
    await alert({ productId: sized!.id, variationId: sizes[0]!.id });
    // Requests still waiting, or someone else's: nothing.
    await ctx.database.db.insert(stockAlerts).values({
      productId: b,
      email: 'outra@exemplo.com.br',
      emailHash: hashToken('outra@exemplo.com.br'),
    });
    // The same address, an order not paid: nothing.
    await order({ status: 'awaiting_payment', email: email.toLowerCase(), productIds: [a] });

    const lineA = hers.lines.find((l) => l.productId === a)!;
    const lineSized = second.lines[0]!;
    let got = delta(before, await figures());
    expect(got.vendidos_avise_me).toEqual({
      unidades: lineA.quantidade + lineSized.quantidade,
      total_cents:
        lineA.quantidade * lineA.unitPriceCents + lineSized.quantidade * lineSized.unitPriceCents,
    });

    // A customer who asked with her account's address and gave another at checkout: hers too.
    const customer = await verifiedUser(ctx.app, ctx.database);
    const [user] = await ctx.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, customer.email.toLowerCase()));
    await ctx.database.db.insert(stockAlerts).values({
      productId: b,
      emailHash: hashToken(user!.email.toLowerCase()),
      servedAt: ago(5),
      backInStockAt: ago(5),
      userId: user!.id,
    });
    const theirs = await order({
      paidAt: ago(2),
      userId: user!.id,
      email: 'outro.endereco@exemplo.com.br',
      productIds: [b],
    });
    const units = got.vendidos_avise_me.unidades;
    got = delta(before, await figures());
    expect(got.vendidos_avise_me.unidades).toBe(units + theirs.lines[0]!.quantidade);
    expect(got.pagos_apos_lembrete.pedidos).toBe(0);
  });

  it('carts recovered: a paid order of hers within 7 days after a cart e-mail sent in the last 30 days, counted once', async () => {
    const before = await figures();
    const user = () => verifiedUserId(ctx.app, ctx.database);
    const reminder = (userId: number, sentAt: Date) =>
      ctx.database.db
        .insert(cartReminders)
        .values({ userId, cartChangedAt: new Date(sentAt.getTime() - DAY), sentAt });
    const [u1, u2, u3, u4, u5] = [
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
    ];

    // Two e-mails, then her order two days after the second, paid: one cart recovered.
    await reminder(u1, ago(6));
    await reminder(u1, ago(4));
    const recovered = await order({ userId: u1, createdAt: ago(2), paidAt: ago(2) });
    // Placed 10 days after the e-mail; placed and never paid; e-mail 40 days ago; placed before
    // the e-mail.
    await reminder(u2, ago(20));
    await order({ userId: u2, createdAt: ago(10), paidAt: ago(10) });
    await reminder(u3, ago(3));
    await order({ userId: u3, status: 'cancelled', createdAt: ago(2) });
    await reminder(u4, ago(40));
    await order({ userId: u4, createdAt: ago(38), paidAt: ago(38) });
    await reminder(u5, ago(3));
    await order({ userId: u5, createdAt: ago(4), paidAt: ago(4) });

    const got = delta(before, await figures());
    expect(got.carrinhos_recuperados).toEqual({
      pedidos: 1,
      total_cents: recovered.order.totalCents,
    });
    expect(got.pagos_apos_lembrete.pedidos).toBe(0);
    const ids = [u1, u2, u3, u4, u5];
    expect(
      await ctx.database.db.select().from(cartReminders).where(inArray(cartReminders.userId, ids)),
    ).toHaveLength(6);
  });

  it('hashes e-mails in SQL as hashToken does (lower_email_sha256, migration 0032)', async () => {
    // Accents travel as their UTF-8 bytes; a backslash is one byte, not an escape of bytea's.
    for (const email of ['joão.Teste@Exemplo.com.br', 'Maria\\Silva@exemplo.com.br', 'a@b.co']) {
      const { rows } = (await ctx.database.db.execute(
        sql`select lower_email_sha256(${email}) as h`,
      )) as unknown as { rows: { h: string }[] };
      expect(rows[0]!.h, email).toBe(hashToken(email.toLowerCase()));
    }
  });
});
