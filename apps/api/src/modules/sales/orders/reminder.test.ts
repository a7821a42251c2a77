/**
 * The reminder before an unpaid order expires (docs/order-reminder.md), with short
 * times (UNPAID_ORDER_TTL_MINUTES=3) and a sweeper clock the tests move: not before two thirds of
 * the order's life, once at it, never for an order paid, cancelled, past its deadline or without
 * its buyer; the e-mail read off a real SMTP server (her lines with their sizes, the total, the
 * deadline, the link), and that link, opened at the reminder's time and later, shows the order and
 * answers a payment URL that takes her payment. The back office's order answers when it was sent.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@semijoias/domain/html';
import { orders, sandboxCheckouts } from '../../../db/schema.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import {
  ADDRESS,
  addToCart,
  giveAddress,
  placeOrder,
  setProduct,
  shopper,
} from '../../../../test/checkout.js';
import { sizedPiece } from '../../../../test/factories.js';
import {
  catalogTail,
  insertOrder,
  orderByReference,
  orderOutbox,
  sandboxNotification,
  testOrderSweeper,
} from '../../../../test/orders.js';
import { deadlineText, reais, useSmtpApp } from '../../../../test/smtp-sink.js';
import { STORE_NAME } from '../../mail/templates.js';
import { checkoutMargins } from '../payments/hosted-checkout.js';
import { orderMailDeps } from './emails.js';
import { remindOrder, reminderDueAt } from './reminder.js';

const TTL_MINUTES = 3;
const LIFE_MS = TTL_MINUTES * 60_000;
const PUBLIC_URL = 'http://loja.test';

const ctx = useSmtpApp({
  unpaidOrderTtlMinutes: TTL_MINUTES,
  orderSweepIntervalSeconds: 5,
  adminEmails: [...OWNER_EMAILS],
});
const delivered = () => ctx.delivered();

/** A sweeper of this app's database whose clock is `clock.now`. */
function sweeper() {
  const { sweeper, clock } = testOrderSweeper(ctx.database, ctx.config);
  return { clock, runOnce: () => sweeper.runOnce() };
}

/**
 * Moves an order's whole timeline `ms` into the past (its creation, deadline and checkout), so
 * the real clock the API reads stands where the test wants in the order's life.
 */
async function age(orderId: number, ms: number) {
  const shift = sql.raw(`interval '${ms / 1000} seconds'`);
  const [row] = await ctx.database.db
    .update(orders)
    .set({
      createdAt: sql`${orders.createdAt} - ${shift}`,
      expiresAt: sql`${orders.expiresAt} - ${shift}`,
      paymentUrlExpiresAt: sql`${orders.paymentUrlExpiresAt} - ${shift}`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (row!.providerCheckoutId)
    await ctx.database.db
      .update(sandboxCheckouts)
      .set({ expiresAt: sql`${sandboxCheckouts.expiresAt} - ${shift}` })
      .where(eq(sandboxCheckouts.id, row!.providerCheckoutId));
  return row!;
}

/** Ages the order so that the real clock now stands `atMs` after its creation. */
async function ageTo(orderId: number, atMs: number) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  return age(orderId, row!.createdAt.getTime() - (Date.now() - atMs));
}

/** A seeded ring sold by 'Aro', its first size with stock. */
async function ring() {
  const piece = await sizedPiece(ctx.database, { axis: 'Aro', stocks: [5] });
  return { ...piece, size: piece.sizes[0]! };
}

const takeProducts = catalogTail(() => ctx.database);

const reminders = async (orderId: number) =>
  (await orderOutbox(ctx.database, orderId)).filter((m) => m.kind === 'order_reminder');

describe('the reminder before an unpaid order expires', () => {
  it("a guest's order: nothing before two thirds of its life, one e-mail at it (lines, sizes, total, deadline, her link), never again; the link shows the order and pays it", async () => {
    const piece = await ring();
    const [plainId] = await takeProducts(1);
    const plain = await setProduct(ctx.database, plainId!, { priceCents: 4_550 });
    const guest = `visitante.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const placed = await placeOrder(ctx.app, {
      produtos: [
        { id: piece.id, variacao_id: piece.size.id, quantidade: 1 },
        { id: plainId, quantidade: 2 },
      ],
      cep: '01310-100',
    });
    const { reference, chave, total } = placed;
    await giveAddress(ctx.app, placed, { shippingInfo: { ...ADDRESS, email: guest } });
    expect((await delivered()).map((m) => m.subject)).toEqual([
      `Recebemos seu pedido #${reference} - ${STORE_NAME}`,
    ]);
    let order = await orderByReference(ctx.database, reference);
    expect(order.expiresAt.getTime() - order.createdAt.getTime()).toBe(LIFE_MS);
    const due = reminderDueAt(order);
    expect(due.getTime()).toBe(order.expiresAt.getTime() - LIFE_MS / 3);

    const { clock, runOnce } = sweeper();
    clock.now = new Date(due.getTime() - 1_000);
    await runOnce();
    expect(await reminders(order.id)).toEqual([]);
    expect((await orderByReference(ctx.database, reference)).reminderSentAt).toBeNull();

    // At it (a millisecond on: the database keeps the creation's microseconds, a Date does not).
    clock.now = new Date(due.getTime() + 1);
    expect((await runOnce()).reminded).toBe(1);
    order = await orderByReference(ctx.database, reference);
    expect(order.reminderSentAt).not.toBeNull();
    expect(await reminders(order.id)).toEqual([
      { kind: 'order_reminder', recipient: guest, dedupeKey: `order:${order.id}:reminder` },
    ]);

    // Later passes, until its deadline: nothing more.
    for (const later of [1_000, 30_000, LIFE_MS / 3 - 1_000]) {
      clock.now = new Date(due.getTime() + later);
      expect((await runOnce()).reminded).toBe(0);
    }
    expect(await reminders(order.id)).toHaveLength(1);

    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual([guest]);
    expect(mail.subject).toBe(`Seu pedido #${reference} aguarda pagamento - ${STORE_NAME}`);
    const facts = [
      `#${reference}`,
      piece.name,
      `Aro ${piece.size.name}`,
      plain.name,
      'R$ 91,00', // 2 × R$ 45,50
      reais(total),
      `Pague ${deadlineText(order.expiresAt)} (horário de Brasília)`,
      'Pedidos não pagos são cancelados automaticamente após 3 minutos.',
    ];
    for (const fact of facts) {
      expect(mail.text).toContain(fact);
      expect(mail.html).toContain(escapeHtml(fact).replace('Pague ', ''));
    }
    expect(mail.text).toContain(`Total: ${reais(total)}`);
    const link = `${PUBLIC_URL}/pedido/${reference}?chave=${chave}`;
    expect(mail.text).toContain(`por este link:\n${link}`);
    expect(mail.html).toContain(`href="${link}"`);

    // Opened at the reminder's time (the order aged to it): her order, and a payment to make.
    await ageTo(order.id, (2 * LIFE_MS) / 3);
    const key = new URL(link).searchParams.get('chave')!;
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${reference}/?chave=${key}`,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ reference, status: 'Aguardando Pagamento', total });
    const pay = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${reference}/?chave=${key}`,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json<{ payment_link: string }>().payment_link).toMatch(
      /^http:\/\/loja\.test\/sandbox\/checkout\//,
    );

    // Most of the time left after it (70 % of it with a 3-minute life): still a link to pay.
    await ageTo(order.id, (2 * LIFE_MS) / 3 + 0.7 * (LIFE_MS / 3) - 3_000);
    const later = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${reference}/?chave=${key}`,
    });
    expect(later.statusCode, later.body).toBe(200);
    const url = later.json<{ payment_link: string }>().payment_link;
    const checkoutId = url.split('/').pop()!;
    const [checkout] = await ctx.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, checkoutId));
    expect(checkout!.expiresAt.getTime()).toBeGreaterThan(Date.now());

    // She pays through it: the order is paid.
    order = await orderByReference(ctx.database, reference);
    const paid = sandboxNotification(ctx.app, reference, order.totalCents, 'paid', { checkoutId });
    expect((await paid.deliver()).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, reference)).status).toBe('paid');
    expect((await delivered()).map((m) => m.subject)).toEqual([
      `Pagamento aprovado - pedido #${reference} - ${STORE_NAME}`,
      `[TESTE] Novo pedido pago #${reference} - ${STORE_NAME}`,
    ]);
  });

  it("a customer's order: her link is the order's page, which answers her a payment URL once signed in", async () => {
    const me = await shopper(ctx.app, ctx.database);
    const [id] = await takeProducts(1);
    await addToCart(ctx.app, me.token, id!, 1);
    const placed = await placeOrder(ctx.app, { cep: '01310100' }, me.token);
    const { reference } = placed;
    const email = `cliente.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await giveAddress(ctx.app, placed, { token: me.token, shippingInfo: { ...ADDRESS, email } });
    await delivered();
    const order = await ageTo(
      (await orderByReference(ctx.database, reference)).id,
      (2 * LIFE_MS) / 3,
    );

    const { runOnce } = sweeper();
    expect((await runOnce()).reminded).toBeGreaterThanOrEqual(1);
    const [mail, ...others] = (await delivered()).filter((m) => m.to.includes(email));
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(`Seu pedido #${reference} aguarda pagamento - ${STORE_NAME}`);
    const page = `${PUBLIC_URL}/pedido/${reference}`;
    expect(mail!.text).toContain(`por este link:\n${page}\n`);
    expect(mail!.text).not.toContain('chave=');

    const pay = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${reference}/`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json<{ payment_link: string }>().payment_link).toMatch(/\/sandbox\/checkout\//);
    expect((await runOnce()).reminded).toBe(0);
    expect(await reminders(order.id)).toHaveLength(1);
  });

  it('never for an order paid, cancelled, past its deadline or without her data; the back office shows when it was sent', async () => {
    const ids = await takeProducts(1);
    const make = (options: Parameters<typeof insertOrder>[1]) =>
      insertOrder(ctx.database, { productIds: ids, ttlMinutes: TTL_MINUTES, ...options });
    const waiting = await make({});
    const failed = await make({ status: 'payment_failed' });
    const paid = await make({ status: 'paid' });
    const cancelled = await make({ status: 'cancelled' });
    const noBuyer = await make({ withoutBuyer: true });
    const expired = await make({ ttlMinutes: 1 });
    await ctx.database.db
      .update(orders)
      .set({ createdAt: sql`${orders.expiresAt} - interval '3 minutes'` })
      .where(eq(orders.id, expired.order.id));

    const { clock, runOnce } = sweeper();
    // Two thirds into the 3-minute orders' life, past the 1-minute one's deadline.
    // (A millisecond after the last of them: the database keeps the creation's microseconds.)
    const dues = [waiting, failed, paid, cancelled, noBuyer].map((t) => reminderDueAt(t.order));
    clock.now = new Date(Math.max(...dues.map((d) => d.getTime())) + 1);
    const result = await runOnce();
    expect(result.reminded).toBe(2);
    expect(result.cancelled).toBeGreaterThanOrEqual(1);
    for (const t of [waiting, failed])
      expect(await reminders(t.order.id), t.order.status).toHaveLength(1);
    for (const t of [paid, cancelled, noBuyer, expired]) {
      expect(await reminders(t.order.id)).toEqual([]);
      expect((await orderByReference(ctx.database, t.order.reference)).reminderSentAt).toBeNull();
    }
    expect((await orderByReference(ctx.database, expired.order.reference)).status).toBe(
      'cancelled',
    );
    const sent = await delivered();
    const declinedMail = sent.find((m) => m.subject.includes(failed.order.reference));
    expect(declinedMail!.text).toContain('Situação do pedido: Erro no Pagamento');

    // Paid after its reminder: nothing more at the next pass.
    await ctx.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, waiting.order.id));
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect((await runOnce()).reminded).toBe(0);

    const owner = await loggedInOwner(ctx.app, ctx.database);
    const detail = async (reference: string) => {
      const res = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/pedidos/${reference}/`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ pedido: { lembrete_enviado_em: string | null } }>().pedido;
    };
    const stamped = await orderByReference(ctx.database, waiting.order.reference);
    expect((await detail(waiting.order.reference)).lembrete_enviado_em).toBe(
      stamped.reminderSentAt!.toISOString(),
    );
    expect((await detail(paid.order.reference)).lembrete_enviado_em).toBeNull();
  });
});

describe('the claim (one guarded statement)', () => {
  it('stamps nothing and mails nothing for an order paid or cancelled after the scan, or already reminded', async () => {
    const ids = await takeProducts(1);
    const deps = orderMailDeps(ctx.config);
    const due = async (status: 'paid' | 'cancelled' | 'awaiting_payment') => {
      const { order } = await insertOrder(ctx.database, {
        productIds: ids,
        ttlMinutes: TTL_MINUTES,
      });
      // Found due by the scan, then moved by a payment or a cancellation before the claim.
      await ctx.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      return { order, at: new Date(reminderDueAt(order).getTime() + 1_000) };
    };
    for (const status of ['paid', 'cancelled'] as const) {
      const { order, at } = await due(status);
      expect(await remindOrder(ctx.database.db, deps, order.id, at)).toBe(false);
      expect(await reminders(order.id)).toEqual([]);
    }
    const { order, at } = await due('awaiting_payment');
    expect(await remindOrder(ctx.database.db, deps, order.id, at)).toBe(true);
    expect(await remindOrder(ctx.database.db, deps, order.id, at)).toBe(false);
    expect(await reminders(order.id)).toHaveLength(1);
    // Past its deadline: the sweeper cancels it, never reminds it.
    const late = await due('awaiting_payment');
    const after = new Date(late.order.expiresAt.getTime() + 1);
    expect(await remindOrder(ctx.database.db, deps, late.order.id, after)).toBe(false);
    await delivered();
  });
});

describe("the pay link's margins leave room after the reminder", () => {
  it.each([1, 3, 60, 24 * 60, 7 * 24 * 60])(
    'UNPAID_ORDER_TTL_MINUTES=%i: a link is handed out from the reminder through 70 % of the time left',
    (ttl) => {
      const createdAt = new Date('2026-11-20T12:00:00Z');
      const order = { createdAt, expiresAt: new Date(createdAt.getTime() + ttl * 60_000) };
      const due = reminderDueAt(order);
      const { endsBeforeDeadlineMs, minRemainingMs } = checkoutMargins(order);
      // A new checkout closes `endsBeforeDeadlineMs` before the deadline and is handed out while
      // more than `minRemainingMs` of it remains.
      const handedOutUntil = order.expiresAt.getTime() - endsBeforeDeadlineMs - minRemainingMs;
      const window = order.expiresAt.getTime() - due.getTime();
      expect(endsBeforeDeadlineMs).toBeGreaterThan(0);
      expect(handedOutUntil - due.getTime()).toBeGreaterThanOrEqual(0.7 * window);
    },
  );
});
