/**
 * The PagBank adapter against a local fake of its Checkout API: the checkout body, the PAY link,
 * failures as one fixed text, the signature of notifications, and a whole payment through the
 * store's webhook with PAYMENT_PROVIDER=pagbank.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_START_FAILED } from '@semijoias/domain/messages';
import { paymentNotifications } from '../../db/schema.js';
import { UpstreamError } from '../../lib/errors.js';
import { startFakePagBank, type FakePagBank } from '../../../test/fake-pagbank.js';
import { useTestApp } from '../../../test/helpers.js';
import { insertOrder, orderByReference } from '../../../test/orders.js';
import { createPagBankProvider, signPagBankBody } from './pagbank.js';
import type { CheckoutRequest } from './provider.js';

const TOKEN = 'fake-pagbank-token';
let fake: FakePagBank;
const pagbank = { token: TOKEN as string | undefined, apiUrl: 'http://127.0.0.1:1' };
beforeAll(async () => {
  fake = await startFakePagBank(TOKEN);
  pagbank.apiUrl = fake.url;
});
afterAll(() => fake?.close());

const ctx = useTestApp({ paymentProvider: 'pagbank', pagbank });

/** A notification as the webhook route hands it to the provider. */
function notice(rawBody: string, headers: Record<string, string>) {
  return { rawBody, headers, query: {} };
}

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    reference: '100042',
    customer: {
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      taxId: '52998224725',
      phone: '11987654321',
    },
    items: [{ referenceId: '3', name: 'Anel Solitário', quantity: 2, unitAmountCents: 8990 }],
    shippingCents: 1290,
    discountCents: 1798,
    totalCents: 17472,
    expiresAt: new Date(Date.now() + 3600_000),
    redirectUrl: 'http://loja.test/pedido/100042',
    notificationUrl: 'http://loja.test/api/webhooks/pagbank/',
    method: null,
    installments: null,
    ...overrides,
  };
}

describe('the PagBank adapter', () => {
  it('posts the checkout with the bearer and answers the PAY link', async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: fake.url });
    const req = request();
    const checkout = await provider.createCheckout(req);
    expect(checkout.checkoutId).toMatch(/^CHEC_/);
    expect(checkout.paymentUrl).toBe(
      `https://pagamento.sandbox.pagbank.test/pagamento?code=${checkout.checkoutId}`,
    );
    expect(checkout.expiresAt.getTime()).toBe(req.expiresAt.getTime());
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/checkouts',
      authorization: `Bearer ${TOKEN}`,
    });
    expect(sent.body).toEqual({
      reference_id: '100042',
      expiration_date: req.expiresAt.toISOString(),
      customer: {
        name: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        tax_id: '52998224725',
        phone: { country: '+55', area: '11', number: '987654321' },
      },
      customer_modifiable: false,
      items: [{ reference_id: '3', name: 'Anel Solitário', quantity: 2, unit_amount: 8990 }],
      discount_amount: 1798,
      shipping: { type: 'FIXED', amount: 1290, address_modifiable: false },
      payment_methods: [{ type: 'CREDIT_CARD' }, { type: 'PIX' }],
      redirect_url: 'http://loja.test/pedido/100042',
      notification_urls: ['http://loja.test/api/webhooks/pagbank/'],
      payment_notification_urls: ['http://loja.test/api/webhooks/pagbank/'],
    });
  });

  it('a server error, a wrong token, no answer in time, garbage or no PAY link is the one fixed text', async () => {
    const cases: [FakePagBank['mode'], string, number | undefined][] = [
      ['error', TOKEN, undefined],
      ['ok', 'outro-token', undefined],
      ['hang', TOKEN, 200],
      ['garbage', TOKEN, undefined],
      ['no-pay-link', TOKEN, undefined],
    ];
    for (const [mode, token, timeoutMs] of cases) {
      fake.mode = mode;
      const provider = createPagBankProvider({
        token,
        apiUrl: fake.url,
        ...(timeoutMs ? { timeoutMs } : {}),
      });
      const err = await provider.createCheckout(request()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpstreamError);
      expect((err as Error).message).toBe(PAYMENT_START_FAILED);
    }
    fake.mode = 'ok';
  });

  it('reads the status of a checkout through its order and charge', async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: fake.url });
    const checkout = await provider.createCheckout(request());
    expect(
      await provider.paymentStatus({ checkoutId: checkout.checkoutId, reference: '100042' }),
    ).toEqual({
      state: 'pending',
      paymentId: null,
      amountCents: null,
    });
    fake.settle(checkout.checkoutId, 'PAID');
    const status = await provider.paymentStatus({
      checkoutId: checkout.checkoutId,
      reference: '100042',
    });
    expect(status).toMatchObject({ state: 'paid', amountCents: 17472 });
    expect(status.paymentId).toMatch(/^CHAR_/);
  });

  it('a checkout tried twice: a paid attempt wins over a declined one; only declined is declined', async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: fake.url });
    const paidLater = await provider.createCheckout(request());
    fake.settle(paidLater.checkoutId, 'DECLINED');
    expect(
      await provider.paymentStatus({ checkoutId: paidLater.checkoutId, reference: '100042' }),
    ).toMatchObject({
      state: 'declined',
      amountCents: null,
    });
    fake.settle(paidLater.checkoutId, 'PAID', undefined, { newOrder: true });
    // A third attempt started and left pending after the payment changes nothing.
    fake.checkouts.get(paidLater.checkoutId)!.orders.push({ id: 'ORDE_LATER', charges: [] });
    const status = await provider.paymentStatus({
      checkoutId: paidLater.checkoutId,
      reference: '100042',
    });
    const paidCharge = fake.checkouts.get(paidLater.checkoutId)!.orders[1]!.charges[0]!;
    expect(status).toEqual({ state: 'paid', paymentId: paidCharge.id, amountCents: 17472 });
    // Asked the checkout, then its orders oldest first until a paid one.
    expect(fake.requests.slice(-3).map((r) => `${r.method} ${r.path.split('/')[1]}`)).toEqual([
      'GET checkouts',
      'GET orders',
      'GET orders',
    ]);

    const unknown = await provider
      .paymentStatus({ checkoutId: 'CHEC_NOPE', reference: '100042' })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(UpstreamError);
  });

  it('verifies x-authenticity-token = sha256(token-rawBody)', async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: fake.url });
    const raw = JSON.stringify({
      id: 'ORDE_1',
      reference_id: '100042',
      charges: [{ id: 'CHAR_1', status: 'PAID', amount: { value: 17472 } }],
    });
    const good = { 'x-authenticity-token': signPagBankBody(TOKEN, raw) };
    expect(await provider.verifyNotification(notice(raw, good))).toEqual({
      ok: true,
      event: {
        eventKey: 'CHAR_1:PAID',
        reference: '100042',
        state: 'paid',
        paymentId: 'CHAR_1',
        amountCents: 17472,
      },
    });
    const forged = { ok: false, reason: 'assinatura' };
    expect(await provider.verifyNotification(notice(`${raw}\n`, good))).toEqual(forged);
    expect(
      await provider.verifyNotification(
        notice(raw, { 'x-authenticity-token': signPagBankBody('x', raw) }),
      ),
    ).toEqual(forged);
    expect(await provider.verifyNotification(notice(raw, {}))).toEqual(forged);
  });
});

describe('PAYMENT_PROVIDER=pagbank', () => {
  it('payment-status gives the PagBank link; its signed notification pays the order once', async () => {
    const placed = await insertOrder(ctx.database);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${placed.order.reference}/?chave=${placed.chave}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json<{ payment_link: string }>().payment_link;
    expect(link).toMatch(/^https:\/\/pagamento\.sandbox\.pagbank\.test\//);
    const stored = await orderByReference(ctx.database, placed.order.reference);
    expect(stored.paymentProvider).toBe('pagbank');
    const body = fake.checkouts.get(stored.providerCheckoutId!)!.body;
    expect(body.notification_urls).toEqual(['http://loja.test/api/webhooks/pagbank/']);

    const { raw, headers } = fake.settle(stored.providerCheckoutId!, 'PAID');
    for (let i = 0; i < 2; i++) {
      const hook = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/pagbank/',
        headers,
        payload: raw,
      });
      expect(hook.statusCode, hook.body).toBe(200);
    }
    const paid = await orderByReference(ctx.database, placed.order.reference);
    expect(paid.status).toBe('paid');
    expect(paid.paymentId).toMatch(/^CHAR_/);
    const rows = await ctx.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, placed.order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'pagbank', outcome: 'paid' });
  });

  it('a sandbox notification is refused and the sandbox page is not served', async () => {
    const raw = JSON.stringify({ event_id: randomUUID(), reference: '1', status: 'paid' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox/',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'sha256=00' },
      payload: raw,
    });
    expect(res.statusCode).toBe(401);
    const page = await ctx.app.inject({ method: 'GET', url: `/sandbox/checkout/${randomUUID()}` });
    expect(page.statusCode).toBe(404);
  });

  it('the provider failing answers 502 with the fixed text and stores no link', async () => {
    const placed = await insertOrder(ctx.database);
    fake.mode = 'error';
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${placed.order.reference}/?chave=${placed.chave}`,
    });
    fake.mode = 'ok';
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: PAYMENT_START_FAILED });
    expect((await orderByReference(ctx.database, placed.order.reference)).paymentUrl).toBeNull();
  });
});

describe('the health page asks PagBank whether it answers (issue 20)', () => {
  /**
   * A server answering only `GET /public-keys/card` ('Consultar chave pública') as PagBank does:
   * the key with the right bearer, 401 without it; or a 503, or no answer at all.
   */
  async function publicKeyServer(mode: 'ok' | 'down' | 'hang') {
    const seen: { method: string; path: string; authorization?: string }[] = [];
    const hanging = new Set<ServerResponse>();
    const server = createServer((req, res) => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
      });
      if (mode === 'hang') return void hanging.add(res);
      res.setHeader('content-type', 'application/json');
      if (mode === 'down') return void res.writeHead(503).end('{}');
      if (req.headers.authorization !== `Bearer ${TOKEN}`)
        return void res.writeHead(401).end('{"error_messages":[{"code":"UNAUTHORIZED"}]}');
      if (req.method === 'GET' && req.url === '/public-keys/card')
        return void res.writeHead(200).end('{"public_key":"MIIBIjANBg...","created_at":1}');
      res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      seen,
      close: () =>
        new Promise<void>((resolve) => {
          for (const res of hanging) res.destroy();
          server.close(() => resolve());
        }),
    };
  }

  it('ok with the right token; refused with a wrong one; unreachable when down, silent or gone', async () => {
    const up = await publicKeyServer('ok');
    try {
      expect(
        await createPagBankProvider({ token: TOKEN, apiUrl: up.url }).checkReachability!(),
      ).toBe('ok');
      expect(up.seen).toEqual([
        { method: 'GET', path: '/public-keys/card', authorization: `Bearer ${TOKEN}` },
      ]);
      expect(
        await createPagBankProvider({ token: 'revogado', apiUrl: up.url }).checkReachability!(),
      ).toBe('credentials_refused');
    } finally {
      await up.close();
    }
    const down = await publicKeyServer('down');
    try {
      expect(
        await createPagBankProvider({ token: TOKEN, apiUrl: down.url }).checkReachability!(),
      ).toBe('unreachable');
    } finally {
      await down.close();
    }
    const silent = await publicKeyServer('hang');
    try {
      const started = Date.now();
      const provider = createPagBankProvider({
        token: TOKEN,
        apiUrl: silent.url,
        reachabilityTimeoutMs: 300,
      });
      expect(await provider.checkReachability!()).toBe('unreachable');
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await silent.close();
    }
    // Nothing listens there any more.
    expect(
      await createPagBankProvider({ token: TOKEN, apiUrl: silent.url }).checkReachability!(),
    ).toBe('unreachable');
  });

  it('tells a bad signature from a signed body it cannot read', async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: 'http://127.0.0.1:1' });
    const junk = 'não é json';
    const reason = async (headers: Record<string, string>) => {
      const check = await provider.verifyNotification(notice(junk, headers));
      return check.ok ? 'aceita' : check.reason;
    };
    expect(await reason({ 'x-authenticity-token': signPagBankBody(TOKEN, junk) })).toBe('invalida');
    expect(await reason({ 'x-authenticity-token': signPagBankBody('x', junk) })).toBe('assinatura');
    expect(await reason({})).toBe('assinatura');
  });
});
