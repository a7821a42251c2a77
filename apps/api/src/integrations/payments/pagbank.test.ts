/**
 * The PagBank adapter against a local fake of its Checkout API: the checkout body for each method
 * ('Criar checkout'), the PAY link, failures as one fixed text, the method read from the charges,
 * the two signatures of notifications (the token's, 'Confirmar autenticidade da notificação', and
 * the ECDSA one with PagBank's webhook key, 'Validação de autenticidade'), and a whole payment
 * through the store's webhook with PAYMENT_PROVIDER=pagbank. The fixtures are the pages' examples.
 */
import { createPublicKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

/** 'Webhooks' (API de Pedidos): the notification of an order paid by PIX, as the page shows it. */
const DOC_PAID_PIX_ORDER = {
  id: 'ORDE_F87334AC-BB8B-42E2-AA85-8579F70AA328',
  reference_id: 'ex-00001',
  created_at: '2020-11-21T23:23:22.69-03:00',
  shipping: {
    address: {
      street: 'Avenida Brigadeiro Faria Lima',
      number: '1384',
      complement: 'apto 12',
      locality: 'Pinheiros',
      city: 'São Paulo',
      region_code: 'SP',
      country: 'BRA',
      postal_code: '01452002',
    },
  },
  items: [
    { reference_id: 'referencia do item', name: 'nome do item', quantity: 1, unit_amount: 500 },
  ],
  customer: {
    name: 'Jose da Silva',
    email: 'email@test.com',
    tax_id: '12345678909',
    phones: [{ country: '55', area: '11', number: '999999999', type: 'MOBILE' }],
  },
  charges: [
    {
      id: 'CHAR_F1F10115-09F4-4560-85F5-A828D9F96300',
      reference_id: 'referencia da cobranca',
      status: 'PAID',
      created_at: '2020-11-21T23:30:22.695-03:00',
      paid_at: '2020-11-21T23:30:24.352-03:00',
      description: 'descricao da cobranca',
      amount: { value: 500, currency: 'BRL', summary: { total: 500, paid: 500, refunded: 0 } },
      payment_response: { code: '20000', message: 'SUCESSO', reference: '1606012224352' },
      payment_method: { type: 'PIX' },
      links: [
        {
          rel: 'SELF',
          href: 'https://sandbox.api.pagseguro.com/charges/CHAR_F1F10115-09F4-4560-85F5-A828D9F96300',
          media: 'application/json',
          type: 'GET',
        },
      ],
    },
  ],
  qr_codes: [
    {
      id: 'QRCO_86FE511B-E945-4FE1-BB5D-297974C0DB74',
      amount: { value: 500 },
      text: '00020101021226600016BR.COM.PAGSEGURO013686FE511B-E945-4FE1-BB5D-297974C0DB7452048999530398654045.005802BR5922Rafael Gouveia Firmino6009SAO PAULO63049879',
    },
  ],
  links: [
    {
      rel: 'SELF',
      href: 'https://sandbox.api.pagseguro.com/orders/ORDE_F87334AC-BB8B-42E2-AA85-8579F70AA328',
      media: 'application/json',
      type: 'GET',
    },
  ],
};
const DOC_PIX_RAW = JSON.stringify(DOC_PAID_PIX_ORDER);

/** The same order paid by card: the charge's `payment_method` as 'Objeto Order' describes it. */
function cardOrder(): string {
  const [charge] = DOC_PAID_PIX_ORDER.charges;
  return JSON.stringify({
    ...DOC_PAID_PIX_ORDER,
    qr_codes: undefined,
    charges: [
      {
        ...charge,
        id: 'CHAR_67D0D02B-4F1C-41C1-B47C-D52E0E2B6CA9',
        payment_method: {
          type: 'CREDIT_CARD',
          installments: 3,
          capture: true,
          card: {
            brand: 'visa',
            first_digits: '411111',
            last_digits: '1111',
            exp_month: '12',
            exp_year: '2026',
            holder: { name: 'Jose da Silva' },
          },
        },
      },
    ],
  });
}

/** 'Webhooks' (API de Checkout): the checkout object, with its `links`, as the page shows it. */
const DOC_CHECKOUT = {
  id: 'CHEC_120301FA-8B8B-4C25-B07D-A4541EB78EB5',
  reference_id: '6a45813f-2d11-4a4b-a91c-8cfe49862858',
  expiration_date: '2023-06-14T21:45:00-03:00',
  created_at: '2023-06-14T15:45:00-03:00',
  status: 'INACTIVE',
  customer: {
    name: 'joao',
    email: 'joao@joao.com',
    tax_id: '00000000000',
    phone: { country: '+55', area: '27', number: '999999999' },
  },
  customer_modifiable: true,
  items: [{ reference_id: '123', name: 'Compra Checkout Pagbank', quantity: 1, unit_amount: 500 }],
  additional_amount: 0,
  discount_amount: 0,
  redirect_url: 'https://pagseguro.uol.com.br',
  return_url: 'https://pagseguro.uol.com.br',
  notification_urls: ['https://pagseguro.uol.com.br'],
  links: [
    {
      rel: 'PAY',
      href: 'https://pagamento.pagseguro.uol.com.br/pagamento?code=xxxx',
      method: 'GET',
    },
    { rel: 'SELF', href: 'https://api.pagseguro.com/checkouts/CHEC_xxxx', method: 'GET' },
    {
      rel: 'INACTIVATE',
      href: 'https://api.pagseguro.com/checkouts/CHEC_xxxx/activate',
      method: 'POST',
    },
  ],
};

/** A notification as the webhook route hands it to the provider. */
function notice(rawBody: string, headers: Record<string, string | string[]>) {
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

/** A JSON answer for a provider's own `fetch`. */
function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
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

  it('the page offers only her method; a card carries the installments as payment_methods_configs', async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: fake.url });
    const installments = { max: 6, interestFree: 3 };
    const cases: [Partial<CheckoutRequest>, unknown][] = [
      // PIX: no card, so no installments even when the settings have them.
      [{ method: 'pix', installments }, { payment_methods: [{ type: 'PIX' }] }],
      [
        { method: 'cartao', installments },
        {
          payment_methods: [{ type: 'CREDIT_CARD' }],
          payment_methods_configs: [
            {
              type: 'CREDIT_CARD',
              config_options: [
                { option: 'INSTALLMENTS_LIMIT', value: '6' },
                { option: 'INTEREST_FREE_INSTALLMENTS', value: '3' },
              ],
            },
          ],
        },
      ],
      // No installments: PagBank's own defaults.
      [{ method: 'cartao', installments: null }, { payment_methods: [{ type: 'CREDIT_CARD' }] }],
      // Placed before the choice existed: both, as before.
      [
        { method: null, installments: null },
        { payment_methods: [{ type: 'CREDIT_CARD' }, { type: 'PIX' }] },
      ],
      [
        { method: null, installments: { max: 12, interestFree: 1 } },
        {
          payment_methods: [{ type: 'CREDIT_CARD' }, { type: 'PIX' }],
          payment_methods_configs: [
            {
              type: 'CREDIT_CARD',
              config_options: [
                { option: 'INSTALLMENTS_LIMIT', value: '12' },
                { option: 'INTEREST_FREE_INSTALLMENTS', value: '1' },
              ],
            },
          ],
        },
      ],
    ];
    for (const [overrides, expected] of cases) {
      await provider.createCheckout(request(overrides));
      const body = fake.checkoutBodies().at(-1)!;
      const { payment_methods, payment_methods_configs } = body;
      expect({ payment_methods, payment_methods_configs }, JSON.stringify(overrides)).toEqual(
        expected,
      );
      // The amounts stay as the store computed them.
      expect(body).toMatchObject({
        items: [{ reference_id: '3', name: 'Anel Solitário', quantity: 2, unit_amount: 8990 }],
        discount_amount: 1798,
        shipping: { type: 'FIXED', amount: 1290, address_modifiable: false },
      });
    }
  });

  it('closes a checkout through its INACTIVATE link; a failure is left to its expiry, never thrown', async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: fake.url });
    const checkout = await provider.createCheckout(request());
    await provider.closeCheckout!(checkout.checkoutId);
    expect(fake.checkouts.get(checkout.checkoutId)?.inactive).toBe(true);
    const last = fake.requests.at(-1);
    expect(last).toMatchObject({
      method: 'POST',
      path: `/checkouts/${checkout.checkoutId}/inactivate`,
    });
    await expect(
      createPagBankProvider({ token: TOKEN, apiUrl: 'http://127.0.0.1:1' }).closeCheckout!(
        'CHEC_X',
      ),
    ).resolves.toBeUndefined();
  });

  it("takes the PAY link of the page's checkout object (and its earlier expiration)", async () => {
    const provider = createPagBankProvider({
      token: TOKEN,
      apiUrl: 'https://sandbox.api.pagseguro.test',
      fetch: () => Promise.resolve(answer(201, DOC_CHECKOUT)),
    });
    expect(await provider.createCheckout(request())).toEqual({
      checkoutId: 'CHEC_120301FA-8B8B-4C25-B07D-A4541EB78EB5',
      paymentUrl: 'https://pagamento.pagseguro.uol.com.br/pagamento?code=xxxx',
      expiresAt: new Date('2023-06-14T21:45:00-03:00'),
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

  it('reads the status of a checkout through its order and charge, with the method paid', async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: fake.url });
    const checkout = await provider.createCheckout(request({ method: 'pix' }));
    expect(
      await provider.paymentStatus({ checkoutId: checkout.checkoutId, reference: '100042' }),
    ).toEqual({
      state: 'pending',
      paymentId: null,
      amountCents: null,
      method: null,
    });
    fake.settle(checkout.checkoutId, 'PAID');
    const status = await provider.paymentStatus({
      checkoutId: checkout.checkoutId,
      reference: '100042',
    });
    expect(status).toMatchObject({ state: 'paid', amountCents: 17472, method: 'pix' });
    expect(status.paymentId).toMatch(/^CHAR_/);

    const card = await provider.createCheckout(
      request({ method: 'cartao', installments: { max: 6, interestFree: 6 } }),
    );
    fake.settle(card.checkoutId, 'DECLINED');
    expect(
      await provider.paymentStatus({ checkoutId: card.checkoutId, reference: '100042' }),
    ).toMatchObject({ state: 'declined', method: 'cartao' });
    fake.settle(card.checkoutId, 'PAID', undefined, { newOrder: true });
    expect(
      await provider.paymentStatus({ checkoutId: card.checkoutId, reference: '100042' }),
    ).toMatchObject({ state: 'paid', amountCents: 17472, method: 'cartao' });
  });

  it('a checkout tried twice: a paid attempt wins over a declined one; only declined is declined', async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: fake.url });
    const paidLater = await provider.createCheckout(request());
    fake.settle(paidLater.checkoutId, 'DECLINED', undefined, { method: 'CREDIT_CARD' });
    expect(
      await provider.paymentStatus({ checkoutId: paidLater.checkoutId, reference: '100042' }),
    ).toMatchObject({
      state: 'declined',
      amountCents: null,
    });
    fake.settle(paidLater.checkoutId, 'PAID', undefined, { newOrder: true, method: 'PIX' });
    // A third attempt started and left pending after the payment changes nothing.
    fake.checkouts.get(paidLater.checkoutId)!.orders.push({ id: 'ORDE_LATER', charges: [] });
    const status = await provider.paymentStatus({
      checkoutId: paidLater.checkoutId,
      reference: '100042',
    });
    const paidCharge = fake.checkouts.get(paidLater.checkoutId)!.orders[1]!.charges[0]!;
    expect(status).toEqual({
      state: 'paid',
      paymentId: paidCharge.id,
      amountCents: 17472,
      method: 'pix',
    });
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

  it("reads the page's paid PIX order, a card charge and a checkout notice", async () => {
    const provider = createPagBankProvider({ token: TOKEN, apiUrl: fake.url });
    const signed = (raw: string) =>
      notice(raw, { 'x-authenticity-token': signPagBankBody(TOKEN, raw) });
    expect(await provider.verifyNotification(signed(DOC_PIX_RAW))).toEqual({
      ok: true,
      event: {
        eventKey: 'CHAR_F1F10115-09F4-4560-85F5-A828D9F96300:PAID',
        reference: 'ex-00001',
        state: 'paid',
        paymentId: 'CHAR_F1F10115-09F4-4560-85F5-A828D9F96300',
        amountCents: 500,
        method: 'pix',
      },
    });
    expect(await provider.verifyNotification(signed(cardOrder()))).toMatchObject({
      ok: true,
      event: { paymentId: 'CHAR_67D0D02B-4F1C-41C1-B47C-D52E0E2B6CA9', method: 'cartao' },
    });
    // Neither PIX nor a credit card (a boleto): no method the store offers.
    const boleto = JSON.stringify({
      ...DOC_PAID_PIX_ORDER,
      charges: [{ ...DOC_PAID_PIX_ORDER.charges[0], payment_method: { type: 'BOLETO' } }],
    });
    expect(await provider.verifyNotification(signed(boleto))).toMatchObject({
      ok: true,
      event: { state: 'paid', method: null },
    });
    expect(await provider.verifyNotification(signed(JSON.stringify(DOC_CHECKOUT)))).toEqual({
      ok: true,
      event: {
        eventKey: 'CHEC_120301FA-8B8B-4C25-B07D-A4541EB78EB5:INACTIVE',
        reference: '6a45813f-2d11-4a4b-a91c-8cfe49862858',
        state: 'pending',
        paymentId: null,
        amountCents: null,
        checkoutId: 'CHEC_120301FA-8B8B-4C25-B07D-A4541EB78EB5',
        method: null,
      },
    });
  });
});

describe('notifications signed either way', () => {
  /** Its own fake PagBank (its key rotates) and a clock the test moves. */
  let keyed: FakePagBank;
  let clock: number;
  beforeEach(async () => {
    keyed = await startFakePagBank(TOKEN);
    clock = 1_000_000;
  });
  afterEach(() => keyed.close());

  // Requests for the key 20 ms apart: the clock the test moves does not wait for real time.
  const provider = (options: { timeoutMs?: number; now?: () => number } = {}) =>
    createPagBankProvider({
      token: TOKEN,
      apiUrl: keyed.url,
      now: () => clock,
      keyRefetchIntervalMs: 20,
      ...options,
    });
  const keyRequests = () => keyed.requests.filter((r) => r.path === '/public-keys');
  const reason = async (
    p: ReturnType<typeof provider>,
    raw: string,
    headers: Record<string, string | string[]>,
  ) => {
    const check = await p.verifyNotification(notice(raw, headers));
    return check.ok ? 'aceita' : check.reason;
  };
  /** Signed by someone who is not PagBank: a key of its own. */
  const forger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  const forged = (raw: string) =>
    sign('sha256', Buffer.from(raw), { key: forger, dsaEncoding: 'der' }).toString('base64');
  const token = (raw: string) => signPagBankBody(TOKEN, raw);

  it('the token signature alone, the ECDSA one alone, or both', async () => {
    const p = provider();
    expect(await reason(p, DOC_PIX_RAW, { 'x-authenticity-token': token(DOC_PIX_RAW) })).toBe(
      'aceita',
    );
    // The token's needs no key.
    expect(keyRequests()).toEqual([]);
    expect(
      await reason(p, DOC_PIX_RAW, { 'x-payload-signature': keyed.signPayload(DOC_PIX_RAW) }),
    ).toBe('aceita');
    expect(keyRequests()).toEqual([
      {
        method: 'GET',
        path: '/public-keys',
        query: 'type=webhook',
        authorization: `Bearer ${TOKEN}`,
        body: null,
      },
    ]);
    expect(
      await reason(p, DOC_PIX_RAW, {
        'x-authenticity-token': token(DOC_PIX_RAW),
        'x-payload-signature': keyed.signPayload(DOC_PIX_RAW),
      }),
    ).toBe('aceita');
    // Header names in any case (as a test or a proxy may write them).
    expect(
      await reason(p, DOC_PIX_RAW, { 'X-Payload-Signature': keyed.signPayload(DOC_PIX_RAW) }),
    ).toBe('aceita');
    // The key was kept.
    expect(keyRequests()).toHaveLength(1);
  });

  it('a wrong signature of either kind, or none, is refused', async () => {
    const p = provider();
    const other = `${DOC_PIX_RAW}\n`;
    const refused: Record<string, string | string[]>[] = [
      {},
      { 'x-authenticity-token': signPagBankBody('outro-token', DOC_PIX_RAW) },
      { 'x-authenticity-token': token(other) },
      { 'x-payload-signature': forged(DOC_PIX_RAW) },
      // PagBank's key, another body.
      { 'x-payload-signature': keyed.signPayload(other) },
      { 'x-payload-signature': 'não é base64!' },
      { 'x-payload-signature': '' },
      {
        'x-authenticity-token': signPagBankBody('outro-token', DOC_PIX_RAW),
        'x-payload-signature': forged(DOC_PIX_RAW),
      },
    ];
    for (const headers of refused)
      expect(await reason(p, DOC_PIX_RAW, headers), JSON.stringify(headers)).toBe('assinatura');
  });

  it('several values: one good among bad ones, joined by commas or as repeated headers', async () => {
    const p = provider();
    const good = keyed.signPayload(DOC_PIX_RAW);
    const bad = forged(DOC_PIX_RAW);
    expect(await reason(p, DOC_PIX_RAW, { 'x-payload-signature': `${bad}, ${good}` })).toBe(
      'aceita',
    );
    expect(await reason(p, DOC_PIX_RAW, { 'x-payload-signature': [bad, good] })).toBe('aceita');
    expect(await reason(p, DOC_PIX_RAW, { 'x-payload-signature': [`${bad},${bad}`, good] })).toBe(
      'aceita',
    );
    expect(
      await reason(p, DOC_PIX_RAW, {
        'x-authenticity-token': [signPagBankBody('x', DOC_PIX_RAW), token(DOC_PIX_RAW)],
      }),
    ).toBe('aceita');
    expect(
      await reason(p, DOC_PIX_RAW, {
        'x-authenticity-token': `${signPagBankBody('x', DOC_PIX_RAW)},${token(DOC_PIX_RAW)}`,
      }),
    ).toBe('aceita');
    expect(await reason(p, DOC_PIX_RAW, { 'x-payload-signature': [bad, `${bad},${bad}`] })).toBe(
      'assinatura',
    );
  });

  it('a rotated key: what the kept key refuses makes it ask PagBank again, once, and accept', async () => {
    const p = provider();
    expect(
      await reason(p, DOC_PIX_RAW, { 'x-payload-signature': keyed.signPayload(DOC_PIX_RAW) }),
    ).toBe('aceita');
    expect(keyRequests()).toHaveLength(1);
    clock += 3600_000;
    keyed.rotateKey();
    const card = cardOrder();
    // Five at once (PagBank retrying): one request, all taken.
    const rotated = await Promise.all(
      Array.from({ length: 5 }, () =>
        reason(p, card, { 'x-payload-signature': keyed.signPayload(card) }),
      ),
    );
    expect(rotated).toEqual(Array(5).fill('aceita'));
    expect(keyRequests()).toHaveLength(2);
    // The new key is kept: the next notice needs no request.
    expect(
      await reason(p, DOC_PIX_RAW, { 'x-payload-signature': keyed.signPayload(DOC_PIX_RAW) }),
    ).toBe('aceita');
    expect(keyRequests()).toHaveLength(2);
  });

  it('an answer without a usable key keeps the key kept', async () => {
    const answers = [{ public_key: keyed.publicKey(), created_at: 1 }, { created_at: 2 }];
    let asked = 0;
    const p = createPagBankProvider({
      token: TOKEN,
      apiUrl: 'https://sandbox.api.pagseguro.test',
      now: () => clock,
      fetch: () => Promise.resolve(answer(200, answers[asked++])),
    });
    const before = keyed.signPayload(DOC_PIX_RAW);
    expect(await reason(p, DOC_PIX_RAW, { 'x-payload-signature': before })).toBe('aceita');
    clock += 3600_000;
    expect(await reason(p, DOC_PIX_RAW, { 'x-payload-signature': forged(DOC_PIX_RAW) })).toBe(
      'assinatura',
    );
    expect(asked).toBe(2);
    // Still verifies with the kept key, within the minute that allows no new request.
    expect(await reason(p, DOC_PIX_RAW, { 'x-payload-signature': before })).toBe('aceita');
    expect(asked).toBe(2);
  });

  it('a forged notice just before a rotation does not get the real one refused (the store as configured)', async () => {
    // The real clock and the default interval between requests for the key.
    const p = createPagBankProvider({ token: TOKEN, apiUrl: keyed.url });
    const raw = DOC_PIX_RAW;
    expect(await reason(p, raw, { 'x-payload-signature': keyed.signPayload(raw) })).toBe('aceita');
    expect(keyRequests()).toHaveLength(1);
    // A forgery makes the store ask for the key again...
    expect(await reason(p, raw, { 'x-payload-signature': forged(raw) })).toBe('assinatura');
    // ...and PagBank rotates its key just after: its next notice, signed with the new key, is
    // taken, with a key asked for after it arrived.
    keyed.rotateKey();
    const card = cardOrder();
    const started = Date.now();
    expect(await reason(p, card, { 'x-payload-signature': keyed.signPayload(card) })).toBe(
      'aceita',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(keyRequests()).toHaveLength(3);
  });

  it('a flood of forged notices: one request for the key at a time, the interval apart, and the real notice taken', async () => {
    const interval = 100;
    const p = createPagBankProvider({
      token: TOKEN,
      apiUrl: keyed.url,
      keyRefetchIntervalMs: interval,
    });
    const raw = DOC_PIX_RAW;
    expect(await reason(p, raw, { 'x-payload-signature': keyed.signPayload(raw) })).toBe('aceita');
    const started = Date.now();
    const flood: Promise<string>[] = [];
    let real: Promise<string> | null = null;
    // 400 forgeries over about a second, 20 at a time; PagBank rotates its key in the middle and
    // sends its real notice among them.
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 20; i++)
        flood.push(reason(p, raw, { 'x-payload-signature': forged(raw) }));
      if (round === 10) {
        keyed.rotateKey();
        const card = cardOrder();
        real = reason(p, card, { 'x-payload-signature': keyed.signPayload(card) });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await real).toBe('aceita');
    expect(new Set(await Promise.all(flood))).toEqual(new Set(['assinatura']));
    const elapsed = Date.now() - started;
    // One request at a time, at least the interval apart (the first one's request before).
    expect(keyRequests().length).toBeLessThanOrEqual(2 + Math.ceil(elapsed / interval));
    expect(keyed.requests.filter((r) => r.path !== '/public-keys')).toEqual([]);
    // The new key is kept: a genuine notice needs no request.
    const before = keyRequests().length;
    expect(await reason(p, raw, { 'x-payload-signature': keyed.signPayload(raw) })).toBe('aceita');
    expect(keyRequests()).toHaveLength(before);
  });

  it('PagBank not answering the key: refused, never thrown; the token still verifies', async () => {
    for (const mode of ['error', 'hang'] as const) {
      keyed.mode = mode;
      clock += 3600_000;
      const p = provider({ timeoutMs: 200 });
      const started = Date.now();
      expect(
        await reason(p, DOC_PIX_RAW, { 'x-payload-signature': keyed.signPayload(DOC_PIX_RAW) }),
      ).toBe('assinatura');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await reason(p, DOC_PIX_RAW, { 'x-authenticity-token': token(DOC_PIX_RAW) })).toBe(
        'aceita',
      );
    }
    keyed.mode = 'ok';
  });

  it('a key of another kind than ECDSA answered: refused, never thrown', async () => {
    const ed = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
    const p = createPagBankProvider({
      token: TOKEN,
      apiUrl: 'https://sandbox.api.pagseguro.test',
      fetch: () => Promise.resolve(answer(200, { public_key: ed.toString('base64') })),
    });
    expect(
      await reason(p, DOC_PIX_RAW, { 'x-payload-signature': keyed.signPayload(DOC_PIX_RAW) }),
    ).toBe('assinatura');
  });

  it('the key as a PEM is read too', async () => {
    const pem = createPublicKey({
      key: Buffer.from(keyed.publicKey(), 'base64'),
      format: 'der',
      type: 'spki',
    }).export({ format: 'pem', type: 'spki' });
    const p = createPagBankProvider({
      token: TOKEN,
      apiUrl: 'https://sandbox.api.pagseguro.test',
      fetch: () => Promise.resolve(answer(200, { public_key: pem })),
    });
    expect(
      await reason(p, DOC_PIX_RAW, { 'x-payload-signature': keyed.signPayload(DOC_PIX_RAW) }),
    ).toBe('aceita');
  });

  it('tells a bad signature from a signed body it cannot read, whichever signed it', async () => {
    const p = provider();
    const junk = 'não é json';
    expect(await reason(p, junk, { 'x-authenticity-token': token(junk) })).toBe('invalida');
    expect(await reason(p, junk, { 'x-payload-signature': keyed.signPayload(junk) })).toBe(
      'invalida',
    );
    expect(await reason(p, junk, { 'x-payload-signature': forged(junk) })).toBe('assinatura');
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

  it('a notice signed only with the ECDSA key (as the sandbox may send it) pays the order', async () => {
    const placed = await insertOrder(ctx.database);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment-status/${placed.order.reference}/?chave=${placed.chave}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await orderByReference(ctx.database, placed.order.reference);
    const { raw, headers } = fake.settle(stored.providerCheckoutId!, 'PAID', undefined, {
      signedWith: 'ecdsa',
    });
    expect(headers).not.toHaveProperty('x-authenticity-token');
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/pagbank/',
      headers,
      payload: raw,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await orderByReference(ctx.database, placed.order.reference)).status).toBe('paid');

    const forgedHook = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/pagbank/',
      headers: { ...headers, 'x-payload-signature': fake.signPayload(`${raw} `) },
      payload: raw,
    });
    expect(forgedHook.statusCode).toBe(401);
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

describe('the health page asks PagBank whether it answers', () => {
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
});
