/**
 * Every e-mail of an order's life read off the wire: the real app with SMTP_URL on a
 * local smtp-server, orders placed through api/pay and api/pagamento, the sandbox's signed
 * notifications and the app's own sweeper. Each message is taken apart here (MIME, quoted-
 * printable, encoded-word subjects) and checked for its envelope recipient, its subject and
 * what it must say: reference, items, total, address, deadline, links on PUBLIC_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema.js';
import { post, signUpPayload } from '../../../../test/accounts.js';
import { catalogTail, orderByReference, sandboxNotification } from '../../../../test/orders.js';
import {
  deadlineText,
  expectSays,
  reais,
  useSmtpApp,
  type DeliveredMail as Mail,
} from '../../../../test/smtp-sink.js';
import {
  ADDRESS,
  addToCart,
  giveAddress,
  placeOrder,
  setProduct,
  shopper,
  stockOf,
} from '../../../../test/checkout.js';
import { STORE_NAME } from '../../mail/templates.js';

const PUBLIC_URL = 'http://loja.test';
const STORE_EMAIL = 'donas@duasirmas.test';

const ctx = useSmtpApp({ storeEmail: STORE_EMAIL });
const delivered = () => ctx.delivered();

/** The one message of `mails` to `to`. */
function to(mails: Mail[], recipient: string): Mail {
  const mine = mails.filter((m) => m.to.includes(recipient));
  expect(mine, `messages to ${recipient}: ${mails.map((m) => m.subject).join(' | ')}`).toHaveLength(
    1,
  );
  expect(mine[0]!.to).toEqual([recipient]);
  return mine[0]!;
}

/** Every link of the text part is on PUBLIC_URL; answers them. */
function linksOf(mail: Mail): string[] {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  for (const link of links)
    expect(link === PUBLIC_URL || link.startsWith(`${PUBLIC_URL}/`), link).toBe(true);
  return links;
}

// --- Shopping ---------------------------------------------------------------------------------

// Products from the end of the catalog, with a price and stock of their own.
const takeProducts = catalogTail(() => ctx.database);
async function ownProduct(priceCents: number, stock = 10) {
  const [id] = await takeProducts(1, stock);
  const { name } = await setProduct(ctx.database, id!, { priceCents });
  return { id: id!, name };
}

/** The sandbox's signed notification of `status` for an order; its delivery must be taken. */
function notification(
  reference: string,
  amountCents: number,
  status: 'paid' | 'declined',
  checkoutId: string | null,
) {
  const sent = sandboxNotification(ctx.app, reference, amountCents, status, { checkoutId });
  return {
    paymentId: sent.paymentId,
    async deliver() {
      const res = await sent.deliver();
      expect(res.statusCode, res.body).toBe(200);
    },
  };
}

// The address every order below is delivered to, as the e-mails write it.
const ADDRESS_LINES = ['Ana Souza', 'Avenida Paulista, 1000 - ap 12', 'Bela Vista - São Paulo/SP'];

describe('order e-mails over a real SMTP server', () => {
  it('sign-up: the verification link', async () => {
    const payload = signUpPayload();
    expect((await post(ctx.app, '/api/users/', payload)).statusCode).toBe(201);
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const mail = to(mails, payload.email.toLowerCase());
    expect(mail.subject).toBe(`Confirme seu e-mail - ${STORE_NAME}`);
    expect(linksOf(mail)[0]).toMatch(/^http:\/\/loja\.test\/verificar-email\?token=[\w-]+$/);
  });

  it("her order: 'received' on api/pagamento, then 'paid' to her and the owners' notice; the notification again mails nothing", async () => {
    const me = await shopper(ctx.app, ctx.database);
    const [account] = await delivered();
    expect(account!.subject).toBe(`Confirme seu e-mail - ${STORE_NAME}`);
    const email = account!.to[0]!;
    const ring = await ownProduct(8_990);
    const earrings = await ownProduct(4_550);
    await addToCart(ctx.app, me.token, ring.id, 2);
    await addToCart(ctx.app, me.token, earrings.id, 1);
    const placed = await placeOrder(ctx.app, { cep: '01310100', cupom: 'BOASVINDAS' }, me.token);
    const { reference, total } = placed;
    expect(await delivered()).toEqual([]); // nothing before she gives the address

    await giveAddress(ctx.app, placed, { token: me.token, shippingInfo: { ...ADDRESS, email } });
    const order = await orderByReference(ctx.database, reference);
    const page = `${PUBLIC_URL}/pedido/${reference}`;

    const received = to(await delivered(), email);
    expect(received.subject).toBe(`Recebemos seu pedido #${reference} - ${STORE_NAME}`);
    expectSays(
      received,
      `#${reference}`,
      ring.name,
      earrings.name,
      'R$ 179,80', // 2 × R$ 89,90
      'R$ 45,50',
      'Desconto (cupom BOASVINDAS)',
      reais(total),
      ...ADDRESS_LINES,
      'CEP 01310-100',
      deadlineText(order.expiresAt),
      'cancelados automaticamente após 24 horas',
    );
    expect(received.text).toContain(`Total: ${reais(total)}`);
    expect(received.text).toContain(`Pague ${deadlineText(order.expiresAt)}`);
    // A customer's link opens once she signs in: no secret in it.
    expect(linksOf(received)).toEqual([page]);
    expect(received.html).toContain(`href="${page}"`);

    const paid = notification(reference, order.totalCents, 'paid', order.providerCheckoutId);
    await paid.deliver();
    const mails = await delivered();
    expect(mails).toHaveLength(2);
    const approved = to(mails, email);
    expect(approved.subject).toBe(`Pagamento aprovado - pedido #${reference} - ${STORE_NAME}`);
    expectSays(approved, `#${reference}`, ring.name, earrings.name, reais(total), ...ADDRESS_LINES);
    expect(approved.text).toContain('Situação do pedido: Pedido Pago');
    expect(linksOf(approved)).toEqual([page]);

    const notice = to(mails, STORE_EMAIL);
    // Paid on the sandbox: a test order, and its notice says so.
    expect(notice.subject).toBe(`[TESTE] Novo pedido pago #${reference} - ${STORE_NAME}`);
    expectSays(notice, `#${reference}`, ring.name, earrings.name, reais(total), ...ADDRESS_LINES);
    for (const row of [
      'Cliente: Ana Souza',
      `E-mail: ${email}`,
      'Telefone: (11) 98765-4321',
      `Pagamento: ${paid.paymentId}`,
      'Provedor: Sandbox (pagamento de teste)',
    ]) {
      expect(notice.text).toContain(row);
    }

    // The provider delivers the same notification again: the order moves once, mails once.
    await paid.deliver();
    expect(await delivered()).toEqual([]);
  });

  it("a guest's order: 'received' with her chave (the link opens the order), declined with the retry link, cancelled at the deadline with the stock back, paid late with the stock gone: refund due to her and to the owners", async () => {
    const bracelet = await ownProduct(12_900, 5);
    const necklace = await ownProduct(6_490, 5);
    const guest = `visitante.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const placed = await placeOrder(ctx.app, {
      produtos: [
        { id: bracelet.id, quantidade: 1 },
        { id: necklace.id, quantidade: 2 },
      ],
      cep: '01310-100',
    });
    const { reference, chave, total } = placed;
    expect([
      await stockOf(ctx.database, bracelet.id),
      await stockOf(ctx.database, necklace.id),
    ]).toEqual([4, 3]);
    await giveAddress(ctx.app, placed, { shippingInfo: { ...ADDRESS, email: guest } });
    let order = await orderByReference(ctx.database, reference);

    // Received: the pay link carries her chave, and that link opens her order.
    const received = to(await delivered(), guest);
    expect(received.subject).toBe(`Recebemos seu pedido #${reference} - ${STORE_NAME}`);
    expectSays(
      received,
      `#${reference}`,
      bracelet.name,
      necklace.name,
      'R$ 129,80', // 2 × R$ 64,90
      reais(total),
      ...ADDRESS_LINES,
      deadlineText(order.expiresAt),
    );
    const [link] = linksOf(received);
    expect(link).toBe(`${PUBLIC_URL}/pedido/${reference}?chave=${chave}`);
    expect(received.html).toContain(`href="${link}"`);
    const fromMail = new URL(link!).searchParams.get('chave')!;
    const opened = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${reference}/?chave=${encodeURIComponent(fromMail)}`,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ reference, status: 'Aguardando Pagamento', total });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/orders/${reference}/` })).statusCode,
    ).toBe(404);

    // Declined: the retry link (the same page, her chave in it); the reservation stays.
    const declined = notification(
      reference,
      order.totalCents,
      'declined',
      order.providerCheckoutId,
    );
    await declined.deliver();
    const refused = to(await delivered(), guest);
    expect(refused.subject).toBe(`Pagamento não aprovado - pedido #${reference} - ${STORE_NAME}`);
    expectSays(refused, `#${reference}`, bracelet.name, necklace.name, reais(total));
    expect(refused.text).toContain(
      `Tente novamente ${deadlineText(order.expiresAt)} (horário de Brasília) por este link:`,
    );
    expect(refused.text).toContain('Situação do pedido: Erro no Pagamento');
    expect(linksOf(refused)).toEqual([link]);
    expect(refused.html).toContain(`href="${link}"`);
    await declined.deliver();
    expect(await delivered()).toEqual([]);

    // Its deadline passes: the app's sweeper cancels it; the stock comes back.
    await ctx.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    expect((await ctx.app.sweeper.runOnce()).cancelled).toBeGreaterThanOrEqual(1);
    order = await orderByReference(ctx.database, reference);
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect([
      await stockOf(ctx.database, bracelet.id),
      await stockOf(ctx.database, necklace.id),
    ]).toEqual([5, 5]);
    const cancelled = to(await delivered(), guest);
    expect(cancelled.subject).toBe(`Pedido #${reference} cancelado - ${STORE_NAME}`);
    expectSays(
      cancelled,
      `O pedido #${reference} não foi pago dentro do prazo (${deadlineText(order.expiresAt)}) e foi cancelado automaticamente.`,
      'Nenhum valor foi cobrado.',
      bracelet.name,
      necklace.name,
      reais(total),
    );
    expect(cancelled.text).toContain('Situação do pedido: Cancelado');
    expect(linksOf(cancelled)).toEqual([PUBLIC_URL]);
    expect(await ctx.app.sweeper.runOnce()).toMatchObject({ cancelled: 0 });
    expect(await delivered()).toEqual([]);

    // Paid late, the necklaces sold out meanwhile: a refund, never a second sale of them.
    await setProduct(ctx.database, necklace.id, { stock: 0 });
    const late = notification(reference, order.totalCents, 'paid', null);
    await late.deliver();
    expect((await orderByReference(ctx.database, reference)).status).toBe('refund_due');
    expect([
      await stockOf(ctx.database, bracelet.id),
      await stockOf(ctx.database, necklace.id),
    ]).toEqual([5, 0]);
    const mails = await delivered();
    expect(mails).toHaveLength(2);

    const refund = to(mails, guest);
    expect(refund.subject).toBe(
      `Seu pagamento será estornado - pedido #${reference} - ${STORE_NAME}`,
    );
    expectSays(
      refund,
      `vamos estornar o valor integral de ${reais(total)}`,
      `#${reference}`,
      bracelet.name,
      necklace.name,
    );
    expect(refund.text).toContain('Situação do pedido: Pagamento a estornar');
    expect(linksOf(refund)).toEqual([link]);

    const owners = to(mails, STORE_EMAIL);
    expect(owners.subject).toBe(
      `[TESTE] Pagamento a estornar - pedido #${reference} - ${STORE_NAME}`,
    );
    expectSays(owners, `Estorne o valor integral de ${reais(total)}`, bracelet.name, necklace.name);
    for (const row of [
      `Valor a estornar: ${reais(total)}`,
      `Pagamento: ${late.paymentId}`,
      `E-mail: ${guest}`,
      'Situação: Pagamento a estornar',
    ]) {
      expect(owners.text).toContain(row);
    }
    expect(linksOf(owners)).toEqual([]);

    // The same late notification again: nothing moves, nothing is mailed.
    await late.deliver();
    expect((await orderByReference(ctx.database, reference)).status).toBe('refund_due');
    expect(await delivered()).toEqual([]);
  });
});
