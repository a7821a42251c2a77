/**
 * Carriers' quotes (issue 35, docs/carrier-quotes-contract.md) against the fake Melhor Envio:
 * POST api/calcular-frete/ answers the services for the cart's own pieces (a guest's `itens`, a
 * logged-in shopper's server cart), cheapest first, the cheapest free from R$ 600, the owners'
 * margin and days added; the same cart and CEP ask Melhor Envio once; a failing Melhor Envio
 * leaves the table's quote and no options. api/pay charges the service she chose, quoted again
 * here, and stores it on the order; a service not offered is refused and nothing is written.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHIPPING_ITEMS_INVALID, SHIPPING_OPTION_UNAVAILABLE } from '@semijoias/domain/messages';
import { quoteShipping } from '@semijoias/domain/shipping';
import { orders, products, rateLimitBuckets, shippingSettings } from '../../db/schema.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import {
  ADDRESS,
  addToCart,
  brl,
  call,
  orderCount,
  plainProducts,
  setProduct,
  shopper,
} from '../../../test/checkout.js';
import { FREIGHT_OUTAGE_PAUSE_MS } from './freight.js';
import { startFakeMelhorEnvio, type FakeMelhorEnvio } from '../../../test/fake-melhor-envio.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../test/admin.js';
import { useTestApp } from '../../../test/helpers.js';
import { orderByReference } from '../../../test/orders.js';

// Started before the app is built (its config names the fake's URL), stopped after the file.
const fake: FakeMelhorEnvio = await startFakeMelhorEnvio();
afterAll(() => fake.stop());

// Melhor Envio on by the environment, as a deployment sets it.
const ctx = useTestApp(
  {
    melhorEnvio: { apiUrl: fake.url, token: fake.token, fromCep: '01310100' },
    adminEmails: [...OWNER_EMAILS],
  },
  { mailer: memoryMailer() },
);

interface Option {
  id: number;
  transportadora: string;
  servico: string;
  valor: string;
  prazo: string;
  gratis: boolean;
}
interface Answer {
  success: true;
  frete: { valor: string; prazo: string; gratis: boolean; regiao: string; peso_total: number };
  subtotal: string;
  quantidade_itens: number;
  opcoes: Option[];
}

const product = plainProducts(5);
const calculations = () =>
  fake.requests.filter((r) => r.path.endsWith('/shipment/calculate')).length;

async function quoted(body: Record<string, unknown>, token?: string): Promise<Answer> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/calcular-frete/',
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer>();
}

const cents = (valor: string) => Math.round(Number(valor) * 100);

beforeEach(async () => {
  fake.mode = 'ok';
  // Each test starts with the account's shared count of requests empty (17 per 5 s slot, the
  // shared limiter): a test quoting several times right after another would otherwise find the
  // slot full and be quoted from the table (what the limit tests check on purpose).
  await ctx.database.db
    .delete(rateLimitBuckets)
    .where(like(rateLimitBuckets.key, 'melhor-envio:%'));
});

describe('POST /api/calcular-frete/ with Melhor Envio on', () => {
  it("quotes a guest's pieces at today's prices: the services, cheapest first, as frete", async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 4990, stock: 10 });
    const before = calculations();
    const answer = await quoted({
      cep_destino: '20040-020',
      valor_total: '1.00',
      quantidade_itens: 9,
      itens: [{ id: ring, quantidade: 2 }],
    });
    expect(calculations()).toBe(before + 1);
    // The database's figures, not the request's.
    expect(answer).toMatchObject({ subtotal: '99.80', quantidade_itens: 2 });
    expect(answer.opcoes.length).toBeGreaterThanOrEqual(2);
    // Only the services the owners offer (PAC, SEDEX, Mini Envios by default).
    expect(answer.opcoes.map((o) => o.id).every((id) => [1, 2, 17].includes(id))).toBe(true);
    const prices = answer.opcoes.map((o) => cents(o.valor));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(answer.opcoes[0]).toMatchObject({ transportadora: 'Correios', gratis: false });
    expect(answer.frete).toMatchObject({
      valor: answer.opcoes[0]!.valor,
      prazo: answer.opcoes[0]!.prazo,
      gratis: false,
      regiao: 'Sul',
    });

    // What Melhor Envio was asked: the shop's CEP to hers, the piece's parcel and price.
    const asked = fake.requests.filter((r) => r.path.endsWith('/shipment/calculate')).at(-1)!;
    expect(asked.body).toMatchObject({
      from: { postal_code: '01310100' },
      to: { postal_code: '20040020' },
      products: [expect.objectContaining({ id: String(ring), quantity: 2, insurance_value: 49.9 })],
    });

    // The same cart to the same CEP: Melhor Envio is not asked again.
    await quoted({
      cep_destino: '20040020',
      valor_total: '1.00',
      quantidade_itens: 1,
      itens: [{ id: ring, quantidade: 2 }],
    });
    expect(calculations()).toBe(before + 1);
  });

  it('makes the cheapest option free from R$ 600, and only it', async () => {
    const necklace = product();
    await setProduct(ctx.database, necklace, { priceCents: 30_000, stock: 10 });
    const answer = await quoted({
      cep_destino: '01310-100',
      valor_total: '1.00',
      quantidade_itens: 1,
      itens: [{ id: necklace, quantidade: 2 }],
    });
    expect(answer.opcoes[0]).toMatchObject({ valor: '0.00', gratis: true });
    expect(answer.opcoes.slice(1).every((o) => !o.gratis && cents(o.valor) > 0)).toBe(true);
    expect(answer.frete).toMatchObject({ valor: '0.00', gratis: true });
  });

  it("quotes a logged-in shopper's server cart", async () => {
    const s = await shopper(ctx.app, ctx.database);
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 5000, stock: 10 });
    await addToCart(ctx.app, s.token, ring, 3);
    const answer = await quoted(
      { cep_destino: '69005-010', valor_total: '1.00', quantidade_itens: 1 },
      s.token,
    );
    expect(answer).toMatchObject({ subtotal: '150.00', quantidade_itens: 3 });
    expect(answer.opcoes.length).toBeGreaterThan(0);
    expect(answer.frete.valor).toBe(answer.opcoes[0]!.valor);
  });

  it('falls back to the table, with no options, when Melhor Envio fails', async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 4990, stock: 10 });
    for (const mode of ['error', 'garbage'] as const) {
      fake.mode = mode;
      const answer = await quoted({
        cep_destino: '40010-000',
        valor_total: '49.90',
        quantidade_itens: 1,
        itens: [{ id: ring, quantidade: 1 }],
      });
      const table = quoteShipping({ cep: '40010000', subtotalCents: 4990, itemCount: 1 });
      expect(answer.opcoes).toEqual([]);
      expect(answer.frete).toMatchObject({ valor: brl(table.valor), prazo: table.prazo });
    }
  });

  it('falls back to the table when Melhor Envio hangs past the quote timeout', async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 4990, stock: 10 });
    const table = quoteShipping({ cep: '60010000', subtotalCents: 4990, itemCount: 1 });
    const body = {
      cep_destino: '60010-000',
      valor_total: '49.90',
      quantidade_itens: 1,
      itens: [{ id: ring, quantidade: 1 }],
    };
    fake.mode = 'hang';
    const started = Date.now();
    const hung = await quoted(body);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(hung.opcoes).toEqual([]);
    expect(hung.frete).toMatchObject({ valor: brl(table.valor), prazo: table.prazo });
    // She waited: for the next 30 s the table quotes alone, at once, Melhor Envio not asked.
    fake.mode = 'ok';
    const asked = calculations();
    const paused = Date.now();
    const during = await quoted({ ...body, cep_destino: '60020-000' });
    expect(Date.now() - paused).toBeLessThan(1_000);
    expect(during.opcoes).toEqual([]);
    expect(calculations()).toBe(asked);
    // After the pause Melhor Envio is asked again and heard (the failure itself was not kept).
    const realNow = Date.now.bind(Date);
    const later = vi
      .spyOn(Date, 'now')
      .mockImplementation(() => realNow() + FREIGHT_OUTAGE_PAUSE_MS + 1_000);
    try {
      expect((await quoted(body)).opcoes.length).toBeGreaterThan(0);
    } finally {
      later.mockRestore();
    }
  }, 20_000);

  it('a quick failure (a 500) pauses nothing: the next quote asks Melhor Envio again', async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 4990, stock: 10 });
    const body = {
      cep_destino: '69005-000',
      valor_total: '49.90',
      quantidade_itens: 1,
      itens: [{ id: ring, quantidade: 1 }],
    };
    fake.mode = 'error';
    expect((await quoted(body)).opcoes).toEqual([]);
    fake.mode = 'ok';
    expect((await quoted(body)).opcoes.length).toBeGreaterThan(0);
  });

  it('leaves out a service answering an error (Mini Envios past its 300 g)', async () => {
    const heavy = product();
    await setProduct(ctx.database, heavy, { priceCents: 9000, stock: 10 });
    await ctx.database.db.update(products).set({ weightGrams: 800 }).where(eq(products.id, heavy));
    const answer = await quoted({
      cep_destino: '30130-010',
      valor_total: '90.00',
      quantidade_itens: 1,
      itens: [{ id: heavy, quantidade: 1 }],
    });
    expect(answer.opcoes.map((o) => o.id).sort()).toEqual([1, 2]);
  });

  it("quotes a guest without itens from the table, as before, and refuses itens that don't parse", async () => {
    const answer = await quoted({
      cep_destino: '01310-100',
      valor_total: '50.00',
      quantidade_itens: 1,
    });
    expect(answer.opcoes).toEqual([]);
    expect(answer.frete.valor).toBe('12.90');
    for (const itens of [[], [{ id: 'x', quantidade: 1 }], [{ id: 1, quantidade: 100 }], 'a']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/calcular-frete/',
        payload: { cep_destino: '01310-100', valor_total: '50.00', quantidade_itens: 1, itens },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: SHIPPING_ITEMS_INVALID });
    }
  });

  it("adds the owners' margin and extra days, and offers only their services", async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 7000, stock: 10 });
    const body = {
      cep_destino: '50030-000',
      valor_total: '1.00',
      quantidade_itens: 1,
      itens: [{ id: ring, quantidade: 1 }],
    };
    const sedex = (await quoted(body)).opcoes.find((o) => o.id === 2)!;
    expect(sedex).toBeDefined();
    await ctx.database.db
      .insert(shippingSettings)
      .values({ id: 1, services: [{ id: 2, marginCents: 500, extraDays: 2 }] })
      .onConflictDoUpdate({
        target: shippingSettings.id,
        set: { services: [{ id: 2, marginCents: 500, extraDays: 2 }] },
      });
    try {
      const [min, max] = sedex.prazo.split('-').map(Number);
      const shifted = max === undefined ? String(min! + 2) : `${min! + 2}-${max + 2}`;
      // Heard at once on PGlite, a moment later on PostgreSQL (the settings' notification).
      await vi.waitFor(
        async () =>
          expect((await quoted(body)).opcoes).toEqual([
            { ...sedex, valor: brl(cents(sedex.valor) + 500), prazo: shifted },
          ]),
        { timeout: 2000, interval: 20 },
      );
    } finally {
      await ctx.database.db.delete(shippingSettings).where(eq(shippingSettings.id, 1));
    }
  });
});

describe('POST /api/pay/ with Melhor Envio on', () => {
  const pay = (body: unknown) => call(ctx.app, '/api/pay/', body);

  it('charges the service she chose and keeps it on the order', async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 8000, stock: 10 });
    const itens = [{ id: ring, quantidade: 1 }];
    const { opcoes } = await quoted({
      cep_destino: '20040-020',
      valor_total: '80.00',
      quantidade_itens: 1,
      itens,
    });
    const chosen = opcoes.find((o) => o.id === 2)!;
    const res = await pay({
      produtos: [{ id: ring, quantidade: 1 }],
      cep: '20040-020',
      frete_servico: 2,
      frete: '0.01',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderByReference(ctx.database, res.json<{ reference: string }>().reference);
    expect(order).toMatchObject({
      shippingServiceId: 2,
      shippingCarrier: 'Correios',
      shippingService: 'SEDEX',
      shippingCents: cents(chosen.valor),
      shippingDays: chosen.prazo,
      totalCents: 8000 + cents(chosen.valor),
    });

    // Her order page and the back office's order say the carrier and the service.
    const { reference, chave } = res.json<{ reference: string; chave: string }>();
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${reference}/?chave=${encodeURIComponent(chave)}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      frete_transportadora: 'Correios',
      frete_servico_nome: 'SEDEX',
    });
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const admin = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/pedidos/${reference}/`);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({
      pedido: {
        frete_servico_id: 2,
        frete_transportadora: 'Correios',
        frete_servico_nome: 'SEDEX',
      },
    });
  });

  it('charges the cheapest without a choice', async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 8000, stock: 10 });
    const { opcoes } = await quoted({
      cep_destino: '01310-100',
      valor_total: '80.00',
      quantidade_itens: 1,
      itens: [{ id: ring, quantidade: 1 }],
    });
    const asked = calculations();
    const res = await pay({ produtos: [{ id: ring, quantidade: 1 }], cep: '01310100' });
    expect(res.statusCode, res.body).toBe(201);
    // The quote of moments ago for this cart and CEP: Melhor Envio is not asked again.
    expect(calculations()).toBe(asked);
    const order = await orderByReference(ctx.database, res.json<{ reference: string }>().reference);
    expect(order).toMatchObject({
      shippingServiceId: opcoes[0]!.id,
      shippingCents: cents(opcoes[0]!.valor),
    });
  });

  it("charges her server cart's chosen service from the quote she saw (one call)", async () => {
    const s = await shopper(ctx.app, ctx.database);
    const [a, b] = [product(), product()];
    await setProduct(ctx.database, a, { priceCents: 3000, stock: 10 });
    await setProduct(ctx.database, b, { priceCents: 2000, stock: 10 });
    // Added in the reverse order of api/pay's lines: the same cart all the same.
    await addToCart(ctx.app, s.token, b, 1);
    await addToCart(ctx.app, s.token, a, 2);
    const { opcoes } = await quoted(
      { cep_destino: '30130-010', valor_total: '1.00', quantidade_itens: 1 },
      s.token,
    );
    const pac = opcoes.find((o) => o.id === 1)!;
    const asked = calculations();
    const res = await call(
      ctx.app,
      '/api/pay/',
      { produtos: [{ id: a, quantidade: 1 }], cep: '30130010', frete_servico: 1 },
      { token: s.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(calculations()).toBe(asked);
    expect(
      await orderByReference(ctx.database, res.json<{ reference: string }>().reference),
    ).toMatchObject({
      subtotalCents: 8000,
      shippingServiceId: 1,
      shippingService: 'PAC',
      shippingCents: cents(pac.valor),
      totalCents: 8000 + cents(pac.valor),
    });
  });

  it('refuses a service not offered for the CEP, writing nothing', async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 8000, stock: 10 });
    const before = await orderCount(ctx.database);
    for (const frete_servico of [3, 999]) {
      const res = await pay({
        produtos: [{ id: ring, quantidade: 1 }],
        cep: '01310100',
        frete_servico,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: SHIPPING_OPTION_UNAVAILABLE });
    }
    const bad = await pay({
      produtos: [{ id: ring, quantidade: 1 }],
      cep: '01310100',
      frete_servico: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(await orderCount(ctx.database)).toBe(before);
  });

  it('api/pagamento to another CEP quotes the same service there', async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 8000, stock: 10 });
    const itens = [{ id: ring, quantidade: 1 }];
    const sedexTo = async (cep: string) =>
      (
        await quoted({ cep_destino: cep, valor_total: '80.00', quantidade_itens: 1, itens })
      ).opcoes.find((o) => o.id === 2)!;
    const placed = await pay({ produtos: itens, cep: '69005-010', frete_servico: 2 });
    expect(placed.statusCode, placed.body).toBe(201);
    const { reference, chave } = placed.json<{ reference: string; chave: string }>();
    const there = await sedexTo('01310-100');
    expect(cents(there.valor)).not.toBe(cents((await sedexTo('69005-010')).valor));
    const body = (total: string) => ({
      reference,
      chave,
      shippingInfo: ADDRESS,
      totais: { total },
    });
    const stale = await call(ctx.app, '/api/pagamento/', body('0.01'));
    expect(stale.statusCode, stale.body).toBe(409);
    const total = brl(8000 + cents(there.valor));
    const ok = await call(ctx.app, '/api/pagamento/', body(total));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await orderByReference(ctx.database, reference)).toMatchObject({
      cepDestino: '01310100',
      shippingServiceId: 2,
      shippingCarrier: 'Correios',
      shippingService: 'SEDEX',
      shippingCents: cents(there.valor),
      shippingDays: there.prazo,
      totalCents: 8000 + cents(there.valor),
    });
  });

  it('keys an Idempotency-Key to the service named: the same body gets its order, another is refused', async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 8000, stock: 10 });
    const body = (frete_servico: number) => ({
      produtos: [{ id: ring, quantidade: 1 }],
      cep: '01310100',
      frete_servico,
    });
    const key = `k-frete-${ring}`;
    const first = await call(ctx.app, '/api/pay/', body(2), { key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(ctx.app, '/api/pay/', body(2), { key });
    expect(again.json<{ reference: string }>().reference).toBe(
      first.json<{ reference: string }>().reference,
    );
    const before = await orderCount(ctx.database);
    const other = await call(ctx.app, '/api/pay/', body(1), { key });
    expect(other.statusCode, other.body).toBe(409);
    expect(await orderCount(ctx.database)).toBe(before);
  });

  it('charges the table, and no carrier, when Melhor Envio fails', async () => {
    fake.mode = 'error';
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 8000, stock: 10 });
    const res = await pay({
      produtos: [{ id: ring, quantidade: 1 }],
      cep: '69005-010',
      frete_servico: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.reference, res.json<{ reference: string }>().reference));
    expect(order).toMatchObject({
      shippingServiceId: null,
      shippingCarrier: null,
      shippingCents: quoteShipping({ cep: '69005010', subtotalCents: 8000, itemCount: 1 }).valor,
    });
  });
});

// Last in the file: a 429 pauses this instance's calls for the Retry-After (60 s).
describe('POST /api/calcular-frete/ when Melhor Envio answers 429', () => {
  it('quotes from the table, with no options, and stops asking for a while', async () => {
    const ring = product();
    await setProduct(ctx.database, ring, { priceCents: 4990, stock: 10 });
    const table = quoteShipping({ cep: '80010000', subtotalCents: 4990, itemCount: 1 });
    const body = {
      cep_destino: '80010-000',
      valor_total: '49.90',
      quantidade_itens: 1,
      itens: [{ id: ring, quantidade: 1 }],
    };
    fake.rateLimitAfter(0);
    try {
      const limited = await quoted(body);
      expect(limited.opcoes).toEqual([]);
      expect(limited.frete).toMatchObject({ valor: brl(table.valor), prazo: table.prazo });
      // Paused by the Retry-After: the next quote does not even ask.
      const asked = calculations();
      expect((await quoted(body)).opcoes).toEqual([]);
      expect(calculations()).toBe(asked);
    } finally {
      fake.rateLimitAfter(null);
    }
  });
});
