// Every e-mail of the store, written with hostile values wherever a person types them (names,
// addresses, pieces, sizes, coupons, a browser's description, a health item's words): the HTML
// part shows them as text, never as markup; the plain-text part says what was typed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { healthAlertEmail } from '../store-health/alert-email.js';
import { cartReminderEmail } from '../marketing/email.js';
import { newBrowserEmail } from '../owner-access/new-browser-email.js';
import {
  orderCancelledEmail,
  orderReceivedEmail,
  orderReminderEmail,
  orderShippedEmail,
  ownerCancelledEmail,
  paidOrderStoreNotice,
  paymentApprovedEmail,
  paymentAttentionStoreNotice,
  paymentDeclinedEmail,
  refundDueEmail,
  refundDueStoreNotice,
  type OrderMailView,
} from '../sales/orders/email-templates.js';
import { secondFactorResetEmail } from '../second-factor/emails.js';
import { stockAlertEmail } from '../stock-alerts/email.js';
import { passwordResetEmail, verificationEmail } from './templates.js';

/** A value that breaks out of text and of a quoted attribute, and carries an entity. */
const hostile = (field: string) => `<script>alert("${field}")</script> & 'O"Neil' &amp;`;

/** The same value as HTML text: every special character an entity (' may be &#39; or &#x27;). */
function escaped(field: string): RegExp {
  const apostrophe = '&#(?:39|x27);';
  return new RegExp(
    `&lt;script&gt;alert\\(&quot;${field}&quot;\\)&lt;/script&gt; &amp; ` +
      `${apostrophe}O&quot;Neil${apostrophe} &amp;amp;`,
  );
}

const to = 'ana@exemplo.com';
const at = new Date('2025-03-04T15:30:00Z');

function view(over: Partial<OrderMailView> = {}): OrderMailView {
  return {
    reference: 'A1B2C3',
    status: 'awaiting_payment',
    lines: [
      { name: hostile('piece'), quantidade: 2, unitPriceCents: 4550, variation: hostile('size') },
    ],
    subtotalCents: 9100,
    discountCents: 500,
    pixDiscountCents: 0,
    shippingCents: 1290,
    totalCents: 9890,
    couponCode: hostile('coupon'),
    shippingDays: '3-5',
    address: {
      nomeCompleto: hostile('recipient'),
      endereco: hostile('street'),
      numero: '10',
      complemento: hostile('complement'),
      bairro: hostile('district'),
      cidade: hostile('city'),
      estado: 'SP',
      cep: '01310100',
    },
    customer: {
      name: hostile('fullName'),
      firstName: hostile('firstName'),
      email: to,
      phone: '11987654321',
    },
    expiresAt: at,
    paidAt: at,
    cancelledAt: at,
    cancelReason: 'expired',
    paymentProvider: 'pagbank',
    paymentId: 'PAY-1',
    trackingCode: 'AA123456789BR',
    orderUrl: 'http://loja.test/pedido/A1B2C3?chave=k',
    publicUrl: 'http://loja.test',
    unpaidNote: 'Pedidos não pagos são cancelados automaticamente após 24 horas.',
    ...over,
  };
}

const pieces = ['piece', 'size', 'coupon'];
const address = ['recipient', 'street', 'complement', 'district', 'city'];

/** Each e-mail and the hostile fields its HTML shows. */
const cases: [string, () => { html?: string | null; text: string }, string[]][] = [
  [
    'verification',
    () =>
      verificationEmail({ to, firstName: hostile('firstName'), publicUrl: 'http://x', token: 't' }),
    ['firstName'],
  ],
  [
    'password reset',
    () =>
      passwordResetEmail({
        to,
        firstName: hostile('firstName'),
        publicUrl: 'http://x',
        token: 't',
      }),
    ['firstName'],
  ],
  ['order received', () => orderReceivedEmail(view(), to), ['firstName', ...pieces, ...address]],
  [
    'payment approved',
    () => paymentApprovedEmail(view(), to),
    ['firstName', ...pieces, ...address],
  ],
  [
    'paid order (store)',
    () => paidOrderStoreNotice(view(), to),
    ['fullName', ...pieces, ...address],
  ],
  [
    'paid sandbox order (store)',
    () => paidOrderStoreNotice(view({ paymentProvider: 'sandbox' }), to),
    ['fullName', ...pieces, ...address],
  ],
  ['payment declined', () => paymentDeclinedEmail(view(), to), ['firstName', ...pieces]],
  ['reminder', () => orderReminderEmail(view(), to), ['firstName', ...pieces]],
  ['cancelled', () => orderCancelledEmail(view(), to), ['firstName', ...pieces]],
  ['refund due (store)', () => refundDueStoreNotice(view(), to, 'PAY-2'), ['fullName', ...pieces]],
  [
    'payment attention (store)',
    () =>
      paymentAttentionStoreNotice(view(), to, {
        kind: 'amount_mismatch',
        paymentId: 'PAY-3',
        amountCents: 100,
      }),
    ['fullName'],
  ],
  ['refund due', () => refundDueEmail(view(), to), ['firstName', ...pieces]],
  ['shipped', () => orderShippedEmail(view(), to), ['firstName', ...pieces, ...address]],
  ['cancelled by the owners', () => ownerCancelledEmail(view(), to), ['firstName', ...pieces]],
  [
    'stock alert',
    () =>
      stockAlertEmail({
        to,
        publicUrl: 'http://loja.test',
        productId: 3,
        productName: hostile('piece'),
        priceCents: 4550,
        variation: { id: 7, name: hostile('size'), axis: hostile('axis') },
      }),
    ['piece', 'size', 'axis'],
  ],
  [
    'cart reminder',
    () =>
      cartReminderEmail({
        to,
        firstName: hostile('firstName'),
        publicUrl: 'http://loja.test',
        items: view().lines,
        unsubscribeToken: 'u',
      }),
    ['firstName', 'piece', 'size'],
  ],
  [
    'second factor reset',
    () =>
      secondFactorResetEmail({
        to,
        firstName: hostile('firstName'),
        publicUrl: 'http://loja.test',
        at,
        by: hostile('owner'),
      }),
    ['firstName', 'owner'],
  ],
  [
    'new browser',
    () =>
      newBrowserEmail({
        to,
        firstName: hostile('firstName'),
        publicUrl: 'http://loja.test',
        at,
        browser: hostile('browser'),
      }),
    ['firstName', 'browser'],
  ],
  [
    'store health',
    () =>
      healthAlertEmail(
        {
          title: hostile('title'),
          from: 'verde',
          verdict: { estado: 'vermelho', detalhe: hostile('detail'), o_que_fazer: hostile('todo') },
          at,
          publicUrl: 'http://loja.test',
        },
        to,
      ),
    ['title', 'detail', 'todo'],
  ],
];

describe('every e-mail escapes what people typed', () => {
  it.each(cases)('%s', (_name, write, fields) => {
    const mail = write();
    const html = mail.html ?? '';
    expect(html).toMatch(/^<!doctype html><html lang="pt-BR">/);
    expect(html).not.toMatch(/<script|<\/script/i);
    // No value closes a quoted attribute: every '"' inside a tag opens or closes one.
    expect(html).not.toMatch(/O"Neil/);
    for (const field of fields) {
      expect(html, field).toMatch(escaped(field));
      expect(mail.text, field).toContain(hostile(field));
    }
  });

  it('lets no e-mail bypass that escaping', () => {
    const modules = fileURLToPath(new URL('..', import.meta.url));
    const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx$/.test(file))
      .map((file) => readFileSync(join(modules, file), 'utf8'));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).not.toContain('dangerouslySetInnerHTML');
  });
});
