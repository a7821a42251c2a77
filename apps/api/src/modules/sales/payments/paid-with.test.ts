/**
 * How she paid (issue 34 item 4): the method and, for a card, the installments the provider
 * reported with the payment are kept on the order (migration 0023) and shown where she and the
 * owners look: her order, the owners' order, the paid e-mails. Paid through the sandbox's own page
 * as a shopper pays, its notification going through the webhook like a provider's.
 */
import { and, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminCall,
  loggedInOwner,
  OWNER_EMAILS,
  type OwnerSession,
} from '../../../../test/admin.js';
import { useTestApp } from '../../../../test/helpers.js';
import { insertOrder, orderByReference } from '../../../../test/orders.js';
import { outboxEmails } from '../../../db/schema.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] });
let owner: OwnerSession;

beforeAll(async () => {
  owner = await loggedInOwner(ctx.app, ctx.database);
});

/** An order priced for `method` (a card allowing 6 installments) and its sandbox page. */
async function checkoutOf(method: 'pix' | 'cartao') {
  const placed = await insertOrder(ctx.database, {
    columns: {
      paymentMethod: method,
      ...(method === 'cartao'
        ? { maxInstallments: 6, interestFreeInstallments: 3, minInstallmentCents: 500 }
        : {}),
    },
  });
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/payment-status/${placed.order.reference}/?chave=${placed.chave}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const paymentUrl = res.json<{ payment_link: string }>().payment_link;
  return { ...placed, path: new URL(paymentUrl).pathname };
}

async function payByCard(path: string, parcelas: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${path}/card`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: '4111 1111 1111 1111',
      holder: 'ANA',
      expiry: '12/30',
      cvv: '123',
      parcelas,
    }).toString(),
  });
  expect(res.statusCode).toBe(303);
}

/** Her order as her return page reads it, and as the owners' order page reads it. */
async function seenBy(reference: string, chave: string) {
  const hers = await ctx.app.inject({
    method: 'GET',
    url: `/api/orders/${reference}/?chave=${encodeURIComponent(chave)}`,
  });
  expect(hers.statusCode, hers.body).toBe(200);
  const owners = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/pedidos/${reference}/`);
  expect(owners.statusCode, owners.body).toBe(200);
  return {
    hers: hers.json<{ pago_com: unknown }>().pago_com,
    owners: owners.json<{ pedido: { pago_com: unknown } }>().pedido.pago_com,
  };
}

/** The paid e-mails of an order (hers and the store's), their text and HTML. */
function paidEmails(orderId: number) {
  return ctx.database.db
    .select({ kind: outboxEmails.kind, text: outboxEmails.textBody, html: outboxEmails.htmlBody })
    .from(outboxEmails)
    .where(
      and(
        like(outboxEmails.dedupeKey, `order:${orderId}:%`),
        inArray(outboxEmails.kind, ['order_paid', 'order_paid_store']),
      ),
    );
}

describe('how she paid', () => {
  it('a card in 3x: kept on the order, shown to her and to the owners, named in both e-mails', async () => {
    const { order, chave, path } = await checkoutOf('cartao');
    const before = await seenBy(order.reference, chave);
    expect(before).toEqual({ hers: null, owners: null });

    await payByCard(path, '3');
    const paid = await orderByReference(ctx.database, order.reference);
    expect(paid.status).toBe('paid');
    expect({ method: paid.paidMethod, installments: paid.paidInstallments }).toEqual({
      method: 'cartao',
      installments: 3,
    });
    const paidWith = { forma: 'cartao', parcelas: 3 };
    expect(await seenBy(order.reference, chave)).toEqual({ hers: paidWith, owners: paidWith });

    const emails = await paidEmails(order.id);
    expect(emails.map((e) => e.kind).sort()).toEqual(['order_paid', 'order_paid_store']);
    for (const email of emails) {
      expect(email.text).toContain('Cartão de crédito em 3x');
      expect(email.html).toContain('Cartão de crédito em 3x');
    }
  });

  it('PIX is named PIX; a card paid at once is "à vista"; installments past the offer are not kept', async () => {
    const pix = await checkoutOf('pix');
    const paidByPix = await ctx.app.inject({ method: 'POST', url: `${pix.path}/pix` });
    expect(paidByPix.statusCode).toBe(303);
    expect((await seenBy(pix.order.reference, pix.chave)).hers).toEqual({
      forma: 'pix',
      parcelas: null,
    });

    const once = await checkoutOf('cartao');
    await payByCard(once.path, '1');
    expect((await seenBy(once.order.reference, once.chave)).hers).toEqual({
      forma: 'cartao',
      parcelas: 1,
    });
    const emails = await paidEmails(once.order.id);
    expect(emails.find((e) => e.kind === 'order_paid')?.text).toContain(
      'Forma de pagamento: Cartão de crédito à vista',
    );

    // A form asking for more than the page offered (6) is held to the offer.
    const greedy = await checkoutOf('cartao');
    await payByCard(greedy.path, '12');
    const row = await orderByReference(ctx.database, greedy.order.reference);
    expect(row.paidInstallments).toBe(6);
  });
});
