/**
 * The Mercado Pago adapter against a local fake of its API (test/fake-mercadopago.ts): the
 * preference's body (the method she chose, the installments, totals exact with a coupon and the
 * freight), the signature of notifications, the payment read and its mapping, the sweeper's search
 * by reference, failures as one fixed text, and a whole payment through the store's webhook and
 * sweeper with PAYMENT_PROVIDER=mercadopago.
 */
import { createHmac } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_NOTIFICATION_INVALID_SIGNATURE,
  PAYMENT_START_FAILED,
} from '@semijoias/domain/messages';
import { outboxEmails, paymentNotifications } from '../../db/schema.js';
import { UpstreamError } from '../../lib/errors.js';
import { orderMailDeps } from '../../modules/sales/orders/emails.js';
import { createOrderSweeper } from '../../modules/sales/sweeper.js';
import {
  startFakeMercadoPago,
  type FakeMercadoPago,
  type FakeNotification,
} from '../../../test/fake-mercadopago.js';
import { testConfig, useTestApp } from '../../../test/helpers.js';
import { insertOrder, orderByReference } from '../../../test/orders.js';
import { takeOutsideCalls } from '../../../test/outside-calls.js';
import { serviceOf, UNARRANGED_URLS } from '../../../test/outside-services.js';
import {
  brasiliaTime,
  centsOf,
  createMercadoPagoProvider,
  mercadoPagoManifest,
  signMercadoPagoNotification,
} from './mercadopago.js';
import type { CheckoutRequest, IncomingNotification, PaymentProvider } from './provider.js';

const TOKEN = 'APP_USR-fake-mercadopago-token';
const SECRET = 'fake-mercadopago-webhook-secret';
let fake: FakeMercadoPago;
const mercadopago = {
  accessToken: TOKEN as string | undefined,
  webhookSecret: SECRET as string | undefined,
  apiUrl: 'http://127.0.0.1:1',
};
beforeAll(async () => {
  fake = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET });
  mercadopago.apiUrl = fake.url;
});
afterAll(() => fake?.close());
beforeEach(() => {
  if (fake) fake.mode = 'ok';
});

const ctx = useTestApp({ paymentProvider: 'mercadopago', mercadopago });

const provider = (overrides: Partial<Parameters<typeof createMercadoPagoProvider>[0]> = {}) =>
  createMercadoPagoProvider({
    accessToken: TOKEN,
    webhookSecret: SECRET,
    apiUrl: fake.url,
    ...overrides,
  });

/** 10 March 2026, 15:30 UTC: 12:30 in Brasília. */
const EXPIRES_AT = new Date('2026-03-10T15:30:00.000Z');

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    reference: '100042',
    customer: {
      name: 'Ana Maria Souza',
      email: 'ana@exemplo.com.br',
      taxId: '529.982.247-25',
      phone: '(11) 98765-4321',
    },
    items: [
      { referenceId: '3', name: 'Anel Solitário', quantity: 2, unitAmountCents: 8990 },
      { referenceId: '7', name: 'Brinco Argola', quantity: 1, unitAmountCents: 4599 },
    ],
    shippingCents: 1290,
    discountCents: 0,
    totalCents: 2 * 8990 + 4599 + 1290,
    expiresAt: EXPIRES_AT,
    redirectUrl: 'http://loja.test/pedido/100042',
    notificationUrl: 'http://loja.test/api/webhooks/mercadopago/',
    method: null,
    installments: null,
    ...overrides,
  };
}

/** The body the fake received for the last preference. */
const lastPreference = () => {
  const sent = fake.requests.filter((r) => r.path === '/checkout/preferences').at(-1)!;
  return sent.body as Record<string, unknown> & {
    items: { unit_price: number; quantity: number }[];
    payment_methods: Record<string, unknown>;
  };
};

/** A number's decimal text as centavos, without floating point: "174.72" -> 17472. */
function centsInText(n: number): number {
  const [whole, fraction = ''] = JSON.stringify(n).split('.');
  expect(fraction.length).toBeLessThanOrEqual(2);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const excluded = (body: ReturnType<typeof lastPreference>) =>
  (body.payment_methods.excluded_payment_types as { id: string }[]).map((t) => t.id);

describe('the preference', () => {
  it('PIX: her lines and the freight, PIX only, back to the return page, ending with Brasília’s offset', async () => {
    const checkout = await provider().createCheckout(request({ method: 'pix' }));
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/checkout/preferences',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastPreference()).toEqual({
      items: [
        { id: '3', title: 'Anel Solitário', quantity: 2, unit_price: 89.9, currency_id: 'BRL' },
        { id: '7', title: 'Brinco Argola', quantity: 1, unit_price: 45.99, currency_id: 'BRL' },
        { id: 'frete', title: 'Frete', quantity: 1, unit_price: 12.9, currency_id: 'BRL' },
      ],
      payer: {
        name: 'Ana',
        surname: 'Maria Souza',
        email: 'ana@exemplo.com.br',
        identification: { type: 'CPF', number: '52998224725' },
        phone: { area_code: '11', number: '987654321' },
      },
      external_reference: '100042',
      notification_url: 'http://loja.test/api/webhooks/mercadopago/?source_news=webhooks',
      back_urls: {
        success: 'http://loja.test/pedido/100042',
        pending: 'http://loja.test/pedido/100042',
        failure: 'http://loja.test/pedido/100042',
      },
      auto_return: 'approved',
      expires: true,
      expiration_date_to: '2026-03-10T12:30:00.000-03:00',
      payment_methods: {
        excluded_payment_types: [
          { id: 'credit_card' },
          { id: 'debit_card' },
          { id: 'prepaid_card' },
          { id: 'ticket' },
          { id: 'atm' },
          { id: 'digital_currency' },
          { id: 'digital_wallet' },
        ],
      },
    });
    const preference = fake.preferences.get(checkout.checkoutId)!;
    expect(preference).toBeDefined();
    // init_point, never the sandbox_init_point the answer also carries.
    expect(checkout.paymentUrl).toBe(
      `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${checkout.checkoutId}`,
    );
    expect(checkout.expiresAt.getTime()).toBe(EXPIRES_AT.getTime());
    expect(new Date(brasiliaTime(EXPIRES_AT)).getTime()).toBe(EXPIRES_AT.getTime());
  });

  it('a card: the card types only, up to the owners’ installments', async () => {
    await provider().createCheckout(
      request({ method: 'cartao', installments: { max: 6, interestFree: 3 } }),
    );
    const body = lastPreference();
    expect(excluded(body)).toEqual([
      'bank_transfer',
      'ticket',
      'atm',
      'digital_currency',
      'digital_wallet',
    ]);
    expect(body.payment_methods.installments).toBe(6);
  });

  it('closes a preference by ending its validity now; a failure is never thrown', async () => {
    const checkout = await provider().createCheckout(request({ method: 'pix' }));
    await provider().closeCheckout!(checkout.checkoutId);
    const closed = fake.preferences.get(checkout.checkoutId)!.body;
    expect(closed.expires).toBe(true);
    expect(String(closed.expiration_date_to)).toMatch(/-03:00$/);
    expect(Date.parse(String(closed.expiration_date_to))).toBeLessThanOrEqual(Date.now());
    await expect(
      provider({ apiUrl: 'http://127.0.0.1:1' }).closeCheckout!('nope'),
    ).resolves.toBeUndefined();
  });

  it('no choice (an order from before): PIX and cards both, the installments left to Mercado Pago', async () => {
    await provider().createCheckout(request({ method: null, installments: null }));
    const body = lastPreference();
    expect(excluded(body)).toEqual(['ticket', 'atm', 'digital_currency', 'digital_wallet']);
    expect(body.payment_methods).not.toHaveProperty('installments');
    // PIX chosen: no installments even when the owners set some.
    await provider().createCheckout(
      request({ method: 'pix', installments: { max: 12, interestFree: 3 } }),
    );
    expect(lastPreference().payment_methods).not.toHaveProperty('installments');
  });

  it('a coupon: one line for the order’s total, which the preference adds up to exactly', async () => {
    // Three rings and a necklace, several coupons (one centavo, a round sum, an awkward one,
    // all but a centavo), and the freight.
    const items = [
      { referenceId: '3', name: 'Anel Solitário', quantity: 3, unitAmountCents: 8990 },
      { referenceId: '9', name: 'Colar Ponto de Luz', quantity: 1, unitAmountCents: 13_333 },
    ];
    const itemsCents = 3 * 8990 + 13_333;
    for (const discountCents of [1, 4030, 7777, itemsCents - 1]) {
      const totalCents = itemsCents - discountCents + 1290;
      await provider().createCheckout(request({ items, discountCents, totalCents }));
      const body = lastPreference();
      expect(body.items).toEqual([
        {
          id: 'pedido-100042',
          title: 'Pedido #100042',
          quantity: 1,
          unit_price: totalCents / 100,
          currency_id: 'BRL',
        },
      ]);
      expect(body.items.reduce((s, i) => s + centsInText(i.unit_price) * i.quantity, 0)).toBe(
        totalCents,
      );
    }
    // Without a coupon the lines are hers, and add up to the total too.
    await provider().createCheckout(request());
    const body = lastPreference();
    expect(body.items).toHaveLength(3);
    expect(body.items.reduce((s, i) => s + centsInText(i.unit_price) * i.quantity, 0)).toBe(
      request().totalCents,
    );
    // Totals that do not add up from her lines (never expected) are sent as the one line too.
    await provider().createCheckout(request({ totalCents: request().totalCents + 1 }));
    expect(lastPreference().items).toHaveLength(1);
  });

  it('a server error, a wrong token, no answer in time, garbage or no init_point is the one fixed text', async () => {
    const cases: [FakeMercadoPago['mode'], string, number | undefined][] = [
      ['error', TOKEN, undefined],
      ['ok', 'APP_USR-outro-token', undefined],
      ['hang', TOKEN, 200],
      ['garbage', TOKEN, undefined],
      ['no-init-point', TOKEN, undefined],
    ];
    for (const [mode, accessToken, timeoutMs] of cases) {
      fake.mode = mode;
      const err = await provider({ accessToken, ...(timeoutMs ? { timeoutMs } : {}) })
        .createCheckout(request())
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpstreamError);
      expect((err as Error).message).toBe(PAYMENT_START_FAILED);
    }
  });
});

/** What the sweeper asks about: the order's reference (the preference's id is not needed). */
const ref = (reference: string) => ({ checkoutId: 'pref-irrelevante', reference });

/** A notification as the webhook route hands it to the provider. */
const incoming = (n: FakeNotification): IncomingNotification => ({
  rawBody: n.rawBody,
  headers: n.headers,
  query: n.query,
});

async function paidPayment(options: Parameters<FakeMercadoPago['pay']>[1] = {}) {
  const checkout = await provider().createCheckout(request({ reference: '100777' }));
  return fake.pay(checkout.checkoutId, options);
}

describe('the signature of a notification', () => {
  it('is the HMAC-SHA256 of the documented manifest, alphanumeric ids lower-cased', () => {
    // The docs' example: an id in capitals is signed in lower case.
    const parts = {
      dataId: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
      requestId: '2066ca19-c6f1-498a-be75-1923005edd06',
      ts: '1742505638683',
    };
    const manifest =
      'id:ord01jq4s4ky8hwq6na5pxb65b3d3;request-id:2066ca19-c6f1-498a-be75-1923005edd06;ts:1742505638683;';
    expect(mercadoPagoManifest(parts)).toBe(manifest);
    expect(signMercadoPagoNotification('segredo', parts)).toBe(
      createHmac('sha256', 'segredo').update(manifest).digest('hex'),
    );
    // A part absent from the notification is left out of the manifest.
    expect(mercadoPagoManifest({ dataId: '123', ts: '1' })).toBe('id:123;ts:1;');
    expect(mercadoPagoManifest({ requestId: 'r', ts: '1' })).toBe('request-id:r;ts:1;');
  });

  it('a signed notification for a payment reads the payment: its reference, status, amount and method', async () => {
    const payment = await paidPayment({ method: 'pix' });
    const before = fake.requests.length;
    const check = await provider().verifyNotification(incoming(fake.notification(payment.id)));
    expect(check).toEqual({
      ok: true,
      event: {
        eventKey: `mp:${payment.id}:approved`,
        reference: '100777',
        state: 'paid',
        paymentId: String(payment.id),
        amountCents: request().totalCents,
        method: 'pix',
      },
    });
    expect(fake.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/payments/${payment.id}`,
    ]);
    expect(fake.requests.at(-1)!.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('a wrong secret, a changed ts, data.id or x-request-id, or no x-signature: refused, nothing asked', async () => {
    const payment = await paidPayment();
    const good = fake.notification(payment.id);
    const ts = /ts=(\d+)/.exec(good.headers['x-signature']!)![1]!;
    const forged: FakeNotification[] = [
      fake.notification(payment.id, { secret: 'outro-segredo' }),
      {
        ...good,
        headers: {
          ...good.headers,
          'x-signature': good.headers['x-signature']!.replace(`ts=${ts}`, `ts=${Number(ts) + 1}`),
        },
      },
      { ...good, query: { ...good.query, 'data.id': String(payment.id + 1) } },
      { ...good, headers: { ...good.headers, 'x-request-id': 'outro-pedido' } },
      // Signed with its x-request-id, delivered without it.
      { ...good, headers: { 'x-signature': good.headers['x-signature']! } },
      { ...good, headers: { 'content-type': 'application/json' } },
      { ...good, headers: { ...good.headers, 'x-signature': 'v1=abc' } },
      { ...good, headers: { ...good.headers, 'x-signature': `ts=${ts}` } },
    ];
    const before = fake.requests.length;
    for (const n of forged)
      expect(await provider().verifyNotification(incoming(n))).toEqual({
        ok: false,
        reason: 'assinatura',
      });
    expect(fake.requests.length).toBe(before);
    expect((await provider().verifyNotification(incoming(good))).ok).toBe(true);
  });

  it('parts absent from the notification are absent from the manifest', async () => {
    const payment = await paidPayment();
    // No x-request-id: the manifest is `id:…;ts:…;`, and it verifies.
    const noRequestId = fake.notification(payment.id, { requestId: null });
    expect(noRequestId.headers).not.toHaveProperty('x-request-id');
    expect((await provider().verifyNotification(incoming(noRequestId))).ok).toBe(true);
    // No data.id: signed as `request-id:…;ts:…;`, it verifies, but names no payment to read.
    const good = fake.notification(payment.id);
    const ts = /ts=(\d+)/.exec(good.headers['x-signature']!)![1]!;
    const requestId = good.headers['x-request-id']!;
    const noDataId: IncomingNotification = {
      rawBody: good.rawBody,
      headers: {
        'x-request-id': requestId,
        'x-signature': `ts=${ts},v1=${signMercadoPagoNotification(SECRET, { requestId, ts })}`,
      },
      query: { type: 'payment' },
    };
    expect(await provider().verifyNotification(noDataId)).toEqual({
      ok: false,
      reason: 'invalida',
    });
  });

  it('signed, but about another topic: accepted and left alone (Mercado Pago would retry forever)', async () => {
    const payment = await paidPayment();
    const before = fake.requests.length;
    const other = fake.notification(payment.id, { type: 'topic_merchant_order_wh' });
    expect(await provider().verifyNotification(incoming(other))).toEqual({
      ok: true,
      event: null,
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe('the payment read', () => {
  it.each([
    ['approved', 'pix', 'paid', 'pix'],
    ['approved', 'cartao', 'paid', 'cartao'],
    ['rejected', 'cartao', 'declined', 'cartao'],
    ['cancelled', 'pix', 'declined', 'pix'],
    ['pending', 'pix', 'pending', 'pix'],
    ['in_process', 'cartao', 'pending', 'cartao'],
  ] as const)('%s by %s is %s', async (status, method, state, readMethod) => {
    const payment = await paidPayment({ status, method, amountCents: 17_472 });
    const check = await provider().verifyNotification(incoming(fake.notification(payment.id)));
    expect(check).toEqual({
      ok: true,
      event: {
        eventKey: `mp:${payment.id}:${status}`,
        reference: '100777',
        state,
        paymentId: String(payment.id),
        amountCents: 17_472,
        method: readMethod,
        ...(readMethod === 'cartao' ? { installments: 1 } : {}),
      },
    });
  });

  it('reais become centavos exactly; anything else is no amount', () => {
    expect([0.1, 0.29, 1.15, 19.9, 174.72, 100, 0, 1_000_000.01].map(centsOf)).toEqual([
      10, 29, 115, 1990, 17_472, 10_000, 0, 100_000_001,
    ]);
    for (const n of [1.005, -1, Number.NaN, 1e21, '174.72', null, undefined])
      expect(centsOf(n)).toBeNull();
  });

  it('a payment without a store’s reference reads as no order’s', async () => {
    const payment = await paidPayment();
    payment.external_reference = null;
    const check = await provider().verifyNotification(incoming(fake.notification(payment.id)));
    expect(check.ok && check.event?.reference).toBe('');
  });

  it('Mercado Pago down, silent, refusing the token, or not knowing the payment: UpstreamError, so it is delivered again', async () => {
    const payment = await paidPayment();
    const notice = incoming(fake.notification(payment.id));
    const cases: [FakeMercadoPago['mode'], Partial<Parameters<typeof provider>[0]>][] = [
      ['error', {}],
      ['hang', { timeoutMs: 200 }],
      ['garbage', {}],
      ['ok', { accessToken: 'APP_USR-revogado' }],
    ];
    for (const [mode, options] of cases) {
      fake.mode = mode;
      const err = await provider(options)
        .verifyNotification(notice)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpstreamError);
      expect((err as Error).message).toBe(PAYMENT_START_FAILED);
    }
    fake.mode = 'ok';
    // An answer about another payment than the one asked for is not read either.
    const other = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ ...payment, id: payment.id + 1 }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    await expect(provider({ fetch: other }).verifyNotification(notice)).rejects.toThrow(
      PAYMENT_START_FAILED,
    );
    const unknown = fake.notification(payment.id + 1_000);
    const err = await provider()
      .verifyNotification(incoming(unknown))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
  });
});

describe('the status the sweeper asks for: the payments of the order’s reference', () => {
  it('none yet: pending; the search is by external_reference, newest first', async () => {
    expect(await provider().paymentStatus(ref('200001'))).toEqual({
      state: 'pending',
      paymentId: null,
      amountCents: null,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/payments/search',
      query: { external_reference: '200001', sort: 'date_created', criteria: 'desc' },
      authorization: `Bearer ${TOKEN}`,
    });
  });

  it('an approved one among rejected ones (and a pending one after it) pays the order', async () => {
    const checkout = await provider().createCheckout(request({ reference: '200002' }));
    fake.pay(checkout.checkoutId, { status: 'rejected', method: 'cartao' });
    const approved = fake.pay(checkout.checkoutId, { status: 'approved', method: 'cartao' });
    fake.pay(checkout.checkoutId, { status: 'rejected', method: 'cartao' });
    fake.pay(checkout.checkoutId, { status: 'pending', method: 'pix' });
    // Another order's approved payment is not hers.
    const other = await provider().createCheckout(request({ reference: '2000020' }));
    fake.pay(other.checkoutId, { status: 'approved' });
    expect(await provider().paymentStatus(ref('200002'))).toEqual({
      state: 'paid',
      paymentId: String(approved.id),
      amountCents: request().totalCents,
      method: 'cartao',
      // The installments she chose (the fake pays in one).
      installments: 1,
    });
  });

  it('none approved: the newest decides (declined, or pending again)', async () => {
    const checkout = await provider().createCheckout(request({ reference: '200003' }));
    fake.pay(checkout.checkoutId, { status: 'rejected', method: 'cartao' });
    const newest = fake.pay(checkout.checkoutId, { status: 'cancelled', method: 'pix' });
    expect(await provider().paymentStatus(ref('200003'))).toEqual({
      state: 'declined',
      paymentId: String(newest.id),
      amountCents: null,
    });
    const retry = fake.pay(checkout.checkoutId, { status: 'pending', method: 'pix' });
    expect(await provider().paymentStatus(ref('200003'))).toEqual({
      state: 'pending',
      paymentId: String(retry.id),
      amountCents: null,
    });
  });

  it('two approved (paid twice): the first one paid the order', async () => {
    const checkout = await provider().createCheckout(request({ reference: '200004' }));
    const first = fake.pay(checkout.checkoutId, { status: 'approved', method: 'pix' });
    fake.pay(checkout.checkoutId, { status: 'approved', method: 'cartao' });
    expect(await provider().paymentStatus(ref('200004'))).toMatchObject({
      state: 'paid',
      paymentId: String(first.id),
      method: 'pix',
    });
  });

  it('only payments of exactly her reference count, whatever the search answers', async () => {
    const answer = {
      paging: { total: 2, limit: 50, offset: 0 },
      results: [
        { id: 9001, status: 'approved', external_reference: '2000050', transaction_amount: 10 },
        { id: 9000, status: 'rejected', external_reference: '200005', transaction_amount: 10 },
      ],
    };
    const canned = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    expect(await provider({ fetch: canned }).paymentStatus(ref('200005'))).toEqual({
      state: 'declined',
      paymentId: '9000',
      amountCents: null,
    });
  });

  it('Mercado Pago failing: UpstreamError (the sweeper leaves the order for the next round)', async () => {
    for (const mode of ['error', 'garbage'] as const) {
      fake.mode = mode;
      await expect(provider().paymentStatus(ref('200001'))).rejects.toThrow(PAYMENT_START_FAILED);
    }
  });
});

describe('the health page asks Mercado Pago whether it answers (GET /users/me)', () => {
  it('ok with the right token; refused with a wrong one; unreachable when down or gone', async () => {
    expect(await provider().checkReachability!()).toBe('ok');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/users/me',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(await provider({ accessToken: 'APP_USR-revogado' }).checkReachability!()).toBe(
      'credentials_refused',
    );
    fake.mode = 'error';
    expect(await provider().checkReachability!()).toBe('unreachable');
  });

  it('testConfig() leaves Mercado Pago unarranged: a call there is refused and named', async () => {
    expect(testConfig().mercadopago.apiUrl).toBe(UNARRANGED_URLS.mercadopago);
    const unarranged = provider({ apiUrl: UNARRANGED_URLS.mercadopago });
    expect(await unarranged.checkReachability!()).toBe('unreachable');
    await expect(unarranged.paymentStatus(ref('1'))).rejects.toThrow(PAYMENT_START_FAILED);
    // Taken here, so this test does not fail for them (test/outside-calls.ts).
    expect(takeOutsideCalls()).toEqual([
      { service: 'Mercado Pago', url: `${UNARRANGED_URLS.mercadopago}/users/me` },
      {
        service: 'Mercado Pago',
        url: `${UNARRANGED_URLS.mercadopago}/v1/payments/search?external_reference=1&sort=date_created&criteria=desc&limit=50`,
      },
    ]);
    expect(serviceOf(new URL('https://api.mercadopago.com/v1/payments/1'))).toBe('Mercado Pago');
  });

  it('a silent server is unreachable within the short limit', async () => {
    const hanging = new Set<ServerResponse>();
    const server = createServer((_req, res) => void hanging.add(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      expect(await provider({ apiUrl: url, reachabilityTimeoutMs: 300 }).checkReachability!()).toBe(
        'unreachable',
      );
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(await provider({ apiUrl: url }).checkReachability!()).toBe('unreachable');
  });
});

describe('PAYMENT_PROVIDER=mercadopago', () => {
  /** Her link to pay (the preference's init_point), asked as the return page does. */
  async function linkOf(reference: string, chave: string) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${reference}/?chave=${chave}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ payment_link: string }>().payment_link;
  }

  const deliver = (n: FakeNotification) =>
    ctx.app.inject({ method: 'POST', url: n.url, headers: n.headers, payload: n.rawBody });

  const notesOf = (orderId: number) =>
    ctx.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, orderId));

  it('payment-status gives the Checkout Pro page; its signed notification pays the order once', async () => {
    const placed = await insertOrder(ctx.database);
    const link = await linkOf(placed.order.reference, placed.chave);
    const stored = await orderByReference(ctx.database, placed.order.reference);
    expect(stored.paymentProvider).toBe('mercadopago');
    expect(link).toBe(
      `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${stored.providerCheckoutId}`,
    );
    const body = fake.preferences.get(stored.providerCheckoutId!)!.body;
    expect(body).toMatchObject({
      external_reference: placed.order.reference,
      notification_url: 'http://loja.test/api/webhooks/mercadopago/?source_news=webhooks',
    });

    const payment = fake.pay(stored.providerCheckoutId!, { status: 'approved', method: 'pix' });
    const n = fake.notification(payment.id);
    expect(n.url).toBe(
      `/api/webhooks/mercadopago/?source_news=webhooks&data.id=${payment.id}&type=payment`,
    );
    for (let i = 0; i < 2; i++) {
      const hook = await deliver(n);
      expect(hook.statusCode, hook.body).toBe(200);
    }
    const paid = await orderByReference(ctx.database, placed.order.reference);
    expect(paid.status).toBe('paid');
    expect(paid.paymentId).toBe(String(payment.id));
    const rows = await notesOf(placed.order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'mercadopago',
      eventKey: `mp:${payment.id}:approved`,
      outcome: 'paid',
    });
  });

  it('a PIX order paid from the account balance (no known method) is not paid: the owners check it', async () => {
    const placed = await insertOrder(ctx.database, { columns: { paymentMethod: 'pix' } });
    await linkOf(placed.order.reference, placed.chave);
    const stored = await orderByReference(ctx.database, placed.order.reference);
    const balance = fake.pay(stored.providerCheckoutId!, {
      status: 'approved',
      method: 'account_money',
    });
    const res = await deliver(fake.notification(balance.id));
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe(
      'awaiting_payment',
    );
    expect(await notesOf(placed.order.id)).toMatchObject([{ outcome: 'method_unknown' }]);
    const notices = await ctx.database.db
      .select({ text: outboxEmails.textBody })
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.kind, 'order_method_unknown_store'),
          eq(outboxEmails.dedupeKey, `order:${placed.order.id}:method_unknown:${balance.id}`),
        ),
      );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('não o informou como PIX');
    // Paid by PIX, it is paid.
    const pix = fake.pay(stored.providerCheckoutId!, { status: 'approved', method: 'pix' });
    expect((await deliver(fake.notification(pix.id))).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe('paid');
  });

  it('a card order (full price) paid from the account balance is paid', async () => {
    const placed = await insertOrder(ctx.database, { columns: { paymentMethod: 'cartao' } });
    await linkOf(placed.order.reference, placed.chave);
    const stored = await orderByReference(ctx.database, placed.order.reference);
    const balance = fake.pay(stored.providerCheckoutId!, { method: 'account_money' });
    expect((await deliver(fake.notification(balance.id))).statusCode).toBe(200);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe('paid');
  });

  it('a forged notification answers 401 and changes nothing; Mercado Pago is not even asked', async () => {
    const placed = await insertOrder(ctx.database);
    await linkOf(placed.order.reference, placed.chave);
    const stored = await orderByReference(ctx.database, placed.order.reference);
    const payment = fake.pay(stored.providerCheckoutId!, { status: 'approved' });
    const before = fake.requests.length;
    const forged = fake.notification(payment.id, { secret: 'adivinhado' });
    const res = await deliver(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: PAYMENT_NOTIFICATION_INVALID_SIGNATURE });
    expect(fake.requests.length).toBe(before);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe(
      'awaiting_payment',
    );
    expect(await notesOf(placed.order.id)).toEqual([]);
  });

  it('Mercado Pago down when the payment is read: 502, nothing recorded; delivered again, it pays', async () => {
    const placed = await insertOrder(ctx.database);
    await linkOf(placed.order.reference, placed.chave);
    const stored = await orderByReference(ctx.database, placed.order.reference);
    const payment = fake.pay(stored.providerCheckoutId!, { status: 'approved', method: 'cartao' });
    const n = fake.notification(payment.id);
    fake.mode = 'error';
    const down = await deliver(n);
    fake.mode = 'ok';
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ error: PAYMENT_START_FAILED });
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe(
      'awaiting_payment',
    );
    expect(await notesOf(placed.order.id)).toEqual([]);
    const again = await deliver(n);
    expect(again.statusCode, again.body).toBe(200);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe('paid');
  });

  it('the sweeper finds a payment whose notification never came and settles the order', async () => {
    const config = testConfig();
    const placed = await insertOrder(ctx.database, { ttlMinutes: 2 });
    const unpaid = await insertOrder(ctx.database, { ttlMinutes: 2 });
    await linkOf(placed.order.reference, placed.chave);
    await linkOf(unpaid.order.reference, unpaid.chave);
    const checkout = (await orderByReference(ctx.database, placed.order.reference))
      .providerCheckoutId!;
    // A card declined, then PIX paid; no notification reaches the store.
    fake.pay(checkout, { status: 'rejected', method: 'cartao' });
    const payment = fake.pay(checkout, { status: 'approved', method: 'pix' });

    const clock = { now: new Date() };
    const sweeper = createOrderSweeper({
      db: ctx.database.db,
      provider: provider() satisfies PaymentProvider,
      config,
      log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      mailDeps: orderMailDeps(config),
      now: () => clock.now,
    });
    clock.now = new Date(Date.now() + 3 * 60_000);
    const result = await sweeper.runOnce();
    expect(result).toMatchObject({ settled: 1 });
    const order = await orderByReference(ctx.database, placed.order.reference);
    expect(order.status).toBe('paid');
    expect(order.paymentId).toBe(String(payment.id));
    expect((await orderByReference(ctx.database, unpaid.order.reference)).status).toBe('cancelled');
    const [note] = await notesOf(order.id);
    expect(note).toMatchObject({ provider: 'mercadopago', eventKey: `sweeper:${checkout}:paid` });
  });
});
