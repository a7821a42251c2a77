import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMelhorEnvio, type FakeMelhorEnvio } from '../../../test/fake-melhor-envio.js';
import {
  MELHOR_ENVIO_SERVICES,
  MelhorEnvioError,
  assertBalanceCovers,
  createMelhorEnvioClient,
  createSlidingWindowLimiter,
  decimalToCents,
  kilogramsToGrams,
  maskPersonalData,
  melhorEnvioUserAgent,
  readQuoteAnswer,
  type CartInput,
  type MelhorEnvioClient,
  type MelhorEnvioClientOptions,
  type QuoteProduct,
} from './melhor-envio.js';

const USER_AGENT = melhorEnvioUserAgent('Semijoias Loja', 'tecnico@semijoias.example');
const FROM_CEP = '01310100';

const ring: QuoteProduct = {
  id: 'anel-1',
  widthCm: 8,
  heightCm: 4,
  lengthCm: 8,
  weightGrams: 50,
  unitValueCents: 8990,
  quantity: 1,
};
/** SPEC §9's default package: 20 × 5 × 15, 0.2 kg. */
const necklace: QuoteProduct = {
  id: 'colar-1',
  widthCm: 20,
  heightCm: 5,
  lengthCm: 15,
  weightGrams: 200,
  unitValueCents: 15990,
  quantity: 1,
};

function cartInput(overrides: Partial<CartInput> = {}): CartInput {
  return {
    serviceId: MELHOR_ENVIO_SERVICES.correiosPac,
    from: {
      name: 'Semijoias Loja',
      phone: '11999990000',
      email: 'loja@semijoias.example',
      document: '52998224725',
      address: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      stateAbbr: 'SP',
      postalCode: FROM_CEP,
    },
    to: {
      name: 'Maria Cliente',
      phone: '(71) 98888-7777',
      email: 'maria@cliente.example',
      document: '111.444.777-35',
      address: 'Avenida Estados Unidos',
      number: '50',
      complement: 'apto 2',
      district: 'Comércio',
      city: 'Salvador',
      stateAbbr: 'BA',
      postalCode: '40010-000',
    },
    products: [{ name: 'Colar Ponto de Luz', quantity: 1, unitValueCents: 15990 }],
    volumes: [{ heightCm: 5, widthCm: 20, lengthCm: 15, weightGrams: 200 }],
    insuranceValueCents: 15990,
    nonCommercial: true,
    platform: 'Semijoias',
    tags: [{ tag: 'Pedido 123', url: null }],
    ...overrides,
  };
}

let fake: FakeMelhorEnvio;
let client: MelhorEnvioClient;

function clientWith(options: Partial<MelhorEnvioClientOptions> = {}) {
  return createMelhorEnvioClient({
    apiUrl: fake.url,
    token: fake.token,
    userAgent: USER_AGENT,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<MelhorEnvioError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(MelhorEnvioError);
    return err as MelhorEnvioError;
  }
  throw new Error('expected a MelhorEnvioError');
}

beforeAll(async () => {
  fake = await startFakeMelhorEnvio({ token: 'segredo-do-token-123' });
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.reset();
  client = clientWith();
});

describe('numbers', () => {
  it('reads prices exactly, as text or number', () => {
    expect(decimalToCents('23.45')).toBe(2345);
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents('1.005')).toBe(101);
    expect(decimalToCents(10.1)).toBe(1010);
    expect(decimalToCents(4.35)).toBe(435);
    expect(decimalToCents('19')).toBe(1900);
    expect(decimalToCents('12,90')).toBeNull();
    expect(decimalToCents(null)).toBeNull();
    expect(kilogramsToGrams('0.30')).toBe(300);
    expect(kilogramsToGrams(1.905)).toBe(1905);
  });

  it('masks CPFs, e-mails and long numbers', () => {
    expect(
      maskPersonalData(
        'CPF 111.444.777-35 ou 11144477735 de maria@cliente.example, tel 7133334444',
      ),
    ).toBe('CPF [documento] ou [documento] de [e-mail], tel [número]');
  });
});

describe('quote', () => {
  it('sends the documented body with the token and the User-Agent, and reads exact cents', async () => {
    const result = await client.quote({
      fromCep: FROM_CEP,
      toCep: '40010-000',
      products: [ring, { ...necklace, quantity: 2 }],
    });
    const request = fake.requests[0]!;
    expect(request.path).toBe('/api/v2/me/shipment/calculate');
    expect(request.authorization).toBe('Bearer segredo-do-token-123');
    expect(request.userAgent).toBe('Semijoias Loja (tecnico@semijoias.example)');
    expect(request.body).toEqual({
      from: { postal_code: FROM_CEP },
      to: { postal_code: '40010000' },
      products: [
        {
          id: 'anel-1',
          width: 8,
          height: 4,
          length: 8,
          weight: 0.05,
          insurance_value: 89.9,
          quantity: 1,
        },
        {
          id: 'colar-1',
          width: 20,
          height: 5,
          length: 15,
          weight: 0.2,
          insurance_value: 159.9,
          quantity: 2,
        },
      ],
      options: { receipt: false, own_hand: false },
    });
    // 450 g from São Paulo to Salvador: PAC 23,65 for 300 g + 2 × 0,85.
    const pac = result.options.find((o) => o.serviceId === 1)!;
    expect(pac).toMatchObject({
      carrier: 'Correios',
      service: 'PAC',
      priceCents: 2535,
      customPriceCents: 2535,
      days: { min: 6, max: 7 },
    });
    expect(pac.packages[0]).toMatchObject({
      weightGrams: 450,
      insuranceValueCents: 8990 + 2 * 15990,
      dimensions: { heightCm: 14, widthCm: 20, lengthCm: 15 },
    });
    const prices = result.options.map((o) => o.customPriceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('keeps a service that cannot carry the parcel apart, with its error for the log', async () => {
    const ringOnly = await client.quote({ fromCep: FROM_CEP, toCep: '20040020', products: [ring] });
    expect(ringOnly.options.map((o) => o.service)).toContain('Mini Envios');

    // A necklace box is 5 cm high: Mini Envios takes 4. Jadlog .Com does not go to Manaus.
    const result = await client.quote({
      fromCep: FROM_CEP,
      toCep: '69005010',
      products: [necklace],
    });
    expect(result.options.map((o) => o.serviceId).sort()).toEqual([1, 2, 3]);
    expect(result.unservable).toEqual([
      {
        serviceId: 17,
        carrier: 'Correios',
        service: 'Mini Envios',
        error: 'Dimensões excedem o limite permitido pela transportadora.',
      },
      {
        serviceId: 4,
        carrier: 'Jadlog',
        service: '.Com',
        error: 'Transportadora não atende este trecho.',
      },
    ]);
  });

  it('asks only for the services given', async () => {
    const result = await client.quote({
      fromCep: FROM_CEP,
      toCep: '40010000',
      products: [ring],
      services: [1, 2],
    });
    expect((fake.requests[0]!.body as { services: string }).services).toBe('1,2');
    expect(result.options.map((o) => o.service).sort()).toEqual(['PAC', 'SEDEX']);
  });

  it("uses the owners' custom price and days", async () => {
    const other = await startFakeMelhorEnvio({ customMarkupCents: 150, customExtraDays: 2 });
    try {
      const c = createMelhorEnvioClient({
        apiUrl: other.url,
        token: other.token,
        userAgent: USER_AGENT,
      });
      const result = await c.quote({
        fromCep: FROM_CEP,
        toCep: '40010000',
        products: [ring],
        services: [1],
      });
      expect(result.options[0]).toMatchObject({
        priceCents: 2365,
        customPriceCents: 2515,
        carrierDays: { min: 6, max: 7 },
        days: { min: 8, max: 9 },
      });
    } finally {
      await other.stop();
    }
  });

  it('reads a documented answer: string prices, an error entry, Jadlog packages without a price', () => {
    const result = readQuoteAnswer([
      {
        id: 1,
        name: 'PAC',
        company: { id: 1, name: 'Correios' },
        error: 'Transportadora não atende este trecho.',
      },
      {
        id: 3,
        name: '.Package',
        price: '16.91',
        custom_price: '16.91',
        delivery_range: { min: 5, max: 6 },
        custom_delivery_range: { min: 5, max: 6 },
        packages: [
          {
            format: 'box',
            weight: '0.30',
            insurance_value: '0.00',
            dimensions: { height: 4, width: 12, length: 17 },
          },
        ],
        company: { id: 2, name: 'Jadlog' },
      },
      { id: 9, name: 'Estranho', price: 'grátis', company: { id: 5, name: 'X' } },
    ]);
    expect(result.options).toHaveLength(1);
    expect(result.options[0]).toMatchObject({ priceCents: 1691, carrierId: 2 });
    expect(result.options[0]!.packages[0]!.priceCents).toBeNull();
    expect(result.unservable.map((u) => u.serviceId)).toEqual([1, 9]);
  });
});

describe('the label, step by step', () => {
  it('cart → checkout → generate → print → tracking, the balance debited once', async () => {
    const before = await client.balance();
    expect(before.balanceCents).toBe(50_000);

    const item = await client.addToCart(cartInput());
    expect(item).toMatchObject({ serviceId: 1, status: 'pending', priceCents: 2365 });
    const cartRequest = fake.requests.at(-1)!;
    expect(cartRequest.path).toBe('/api/v2/me/cart');
    expect(cartRequest.body).toMatchObject({
      service: 1,
      to: { document: '11144477735', phone: '71988887777', postal_code: '40010000' },
      volumes: [{ height: 5, width: 20, length: 15, weight: 0.2 }],
      options: { insurance_value: 159.9, non_commercial: true, platform: 'Semijoias' },
    });
    expect((cartRequest.body as { options: object }).options).not.toHaveProperty('invoice');

    await assertBalanceCovers(client, item.priceCents!);
    const purchase = await client.checkout([item.id]);
    expect(purchase).toMatchObject({ status: 'paid', totalCents: 2365 });
    expect(purchase.orders).toEqual([expect.objectContaining({ id: item.id, status: 'released' })]);
    expect((await client.balance()).balanceCents).toBe(50_000 - 2365);

    // A second click buys nothing more.
    const again = await failure(client.checkout([item.id]));
    expect(again.kind).toBe('validacao');
    expect((await client.balance()).balanceCents).toBe(50_000 - 2365);

    expect(await client.generate([item.id])).toEqual([
      { id: item.id, generated: true, message: 'Envio gerado com sucesso' },
    ]);
    const { url } = await client.print([item.id]);
    expect(url).toMatch(new RegExp(`^${fake.url}/imprimir/`));
    expect((await fetch(url)).headers.get('content-type')).toBe('application/pdf');

    const [tracked] = await client.tracking([item.id]);
    expect(tracked).toMatchObject({ id: item.id, status: 'released' });
    expect(tracked!.tracking).toMatch(/^AA\d+BR$/);
    expect(tracked!.generatedAt).not.toBeNull();

    fake.advance(item.id, 'posted');
    expect((await client.tracking([item.id]))[0]!.status).toBe('posted');
    const late = await failure(client.cancel(item.id, 'Pedido cancelado pela cliente'));
    expect(late.kind).toBe('validacao');
  });

  it('sends the invoice key for a commercial shipment, and refuses to send both or neither', async () => {
    const key = '3'.repeat(44);
    await client.addToCart(cartInput({ nonCommercial: false, invoiceKey: key }));
    expect(fake.requests.at(-1)!.body).toMatchObject({
      options: { non_commercial: false, invoice: { key } },
    });
    await expect(client.addToCart(cartInput({ invoiceKey: key }))).rejects.toThrow(RangeError);
    await expect(client.addToCart(cartInput({ nonCommercial: false }))).rejects.toThrow(RangeError);
  });

  it('cancels a paid label and the balance comes back', async () => {
    const item = await client.addToCart(cartInput());
    await client.checkout([item.id]);
    expect(await client.cancel(item.id, 'Endereço errado')).toEqual({
      id: item.id,
      canceled: true,
    });
    expect(fake.requests.at(-1)!.body).toEqual({
      order: { id: item.id, reason_id: '2', description: 'Endereço errado' },
    });
    expect((await client.balance()).balanceCents).toBe(50_000);
    expect((await client.tracking([item.id]))[0]!.status).toBe('canceled');
  });

  it('says saldo insuficiente before buying, and when the checkout is refused for it', async () => {
    fake.balanceCents = 1000;
    const item = await client.addToCart(cartInput());
    const early = await failure(assertBalanceCovers(client, item.priceCents!));
    expect(early.kind).toBe('saldo-insuficiente');
    expect(early.message).toMatch(/saldo insuficiente/i);
    expect(early.fallback).toBe(false);

    const refused = await failure(client.checkout([item.id]));
    expect(refused.kind).toBe('saldo-insuficiente');
    expect(fake.orders.get(item.id)!.status).toBe('pending');
    expect(fake.balanceCents).toBe(1000);
  });
});

describe('failures', () => {
  it('401: token inválido, and the token is in no message or reason', async () => {
    const wrong = clientWith({ token: 'token-errado-secreto' });
    const err = await failure(
      wrong.quote({ fromCep: FROM_CEP, toCep: '40010000', products: [ring] }),
    );
    expect(err).toMatchObject({ kind: 'token-invalido', status: 401, fallback: true });
    expect(err.message).toMatch(/token inválido/);
    const everything = `${err.message} ${err.reason} ${String(err.stack)} ${JSON.stringify(err)}`;
    expect(everything).not.toContain('token-errado-secreto');
    expect(everything).not.toContain('segredo-do-token-123');
  });

  it('422: validation with the field messages, personal data masked', async () => {
    const err = await failure(
      client.addToCart(
        cartInput({
          to: { ...cartInput().to, document: '12345678900', email: 'sem-arroba' },
        }),
      ),
    );
    expect(err).toMatchObject({ kind: 'validacao', status: 422, fallback: false });
    expect(err.fieldErrors).toEqual({
      'to.document': ['O campo to.document não é um CPF válido.'],
      'to.email': ['O campo to.email deve ser um endereço de e-mail válido.'],
    });
    expect(err.message).toMatch(/^Melhor Envio recusou os dados do envio\. to\.document: /);
    expect(err.message).not.toContain('12345678900');
  });

  it('a recipient a service cannot reach is refused by the cart', async () => {
    const err = await failure(
      client.addToCart(
        cartInput({
          serviceId: MELHOR_ENVIO_SERVICES.jadlogCom,
          to: { ...cartInput().to, postalCode: '69005010' },
        }),
      ),
    );
    expect(err.fieldErrors).toEqual({ service: ['Transportadora não atende este trecho.'] });
  });

  it('429: limite de requisições, and the limiter holds back the next calls', async () => {
    fake.rateLimitAfter(1);
    await client.quote({ fromCep: FROM_CEP, toCep: '40010000', products: [ring] });
    const err = await failure(
      client.quote({ fromCep: FROM_CEP, toCep: '40010000', products: [ring] }),
    );
    expect(err).toMatchObject({
      kind: 'limite',
      status: 429,
      retryAfterSeconds: 60,
      fallback: true,
    });
    expect(err.message).toMatch(/limite de requisições/);
    const sent = fake.requests.length;
    const held = await failure(client.balance());
    expect(held.kind).toBe('limite');
    expect(held.status).toBeUndefined();
    expect(fake.requests.length).toBe(sent);
  });

  it('5xx, a timeout, no connection and a garbled answer: indisponível, fall back', async () => {
    const input = { fromCep: FROM_CEP, toCep: '40010000', products: [ring] };
    fake.mode = 'error';
    expect(await failure(client.quote(input))).toMatchObject({
      kind: 'indisponivel',
      status: 500,
      fallback: true,
    });
    fake.mode = 'garbage';
    expect((await failure(client.quote(input))).kind).toBe('indisponivel');
    fake.mode = 'hang';
    const slow = clientWith({ quoteTimeoutMs: 200 });
    const started = Date.now();
    const timedOut = await failure(slow.quote(input));
    expect(timedOut).toMatchObject({
      kind: 'indisponivel',
      reason: 'POST shipment/calculate: timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    fake.mode = 'ok';
    fake.delayMs = 400;
    expect((await failure(slow.quote(input))).reason).toMatch(/timeout/);
    const gone = await startFakeMelhorEnvio();
    await gone.stop();
    const closed = createMelhorEnvioClient({
      apiUrl: gone.url,
      token: 'x',
      userAgent: USER_AGENT,
    });
    const refused = await failure(closed.balance());
    expect(refused.kind).toBe('indisponivel');
    expect(refused.reason).toMatch(/^GET balance: network error/);
  });

  it('refuses a User-Agent without the contact e-mail before any call', () => {
    expect(() => clientWith({ userAgent: 'Semijoias' })).toThrow(RangeError);
  });
});

describe('the limiter', () => {
  it('keeps a burst under the limit: never more than `limit` calls in a window', async () => {
    const limited = await startFakeMelhorEnvio({ rateLimit: { limit: 5, windowMs: 400 } });
    try {
      const c = createMelhorEnvioClient({
        apiUrl: limited.url,
        token: limited.token,
        userAgent: USER_AGENT,
        // The client's window is longer than the service's: requests arrive some milliseconds
        // after they start (DEFAULT_LIMIT keeps a margin under 250). 200 ms here: on a busy test
        // machine a request started on time once arrived over 50 ms late, and the fake counted
        // six in its window.
        limiter: createSlidingWindowLimiter({ limit: 5, windowMs: 600, maxWaitMs: 2_000 }),
      });
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          c.quote({ fromCep: FROM_CEP, toCep: '40010000', products: [ring], services: [1] }),
        ),
      );
      expect(results).toHaveLength(12);
      expect(limited.requests).toHaveLength(12);
      expect(limited.maxInWindow).toBeLessThanOrEqual(5);
      // 12 calls at 5 per 600 ms: the last ones wait two windows.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_100);
    } finally {
      await limited.stop();
    }
  });

  it('fails at once, without calling, when the next turn is further than it may wait', async () => {
    let now = 0;
    const limiter = createSlidingWindowLimiter({
      limit: 2,
      windowMs: 60_000,
      maxWaitMs: 1_000,
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    });
    await limiter.take();
    await limiter.take();
    const err = await failure(limiter.take());
    expect(err).toMatchObject({ kind: 'limite', retryAfterSeconds: 60 });
    now = 59_500;
    await limiter.take(); // waits 500 ms for the first turn to leave the window
    expect(now).toBe(60_000);
  });
});
