import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CEP_ENTER_VALID,
  SHIPPING_ITEM_COUNT_INVALID,
  SHIPPING_TOTAL_INVALID,
} from '@semijoias/domain/messages';
import { FREE_SHIPPING_REASON } from '@semijoias/domain/shipping';
import { products } from '../../db/schema.js';
import { jwtKey, signAccessToken } from '../../lib/access-token.js';
import { loggedInCustomer, login, post } from '../../../test/accounts.js';
import { TEST_JWT_SECRET, useTestApp } from '../../../test/helpers.js';
import { addToCart } from '../../../test/checkout.js';

const ctx = useTestApp();

const quote = (payload: unknown, token?: string) =>
  post(ctx.app, '/api/calcular-frete/', payload, token);

/** The answer for a guest cart of `valor_total` and `quantidade_itens` to `cep`. */
async function quoted(cep: string, valorTotal: string | number, itens: number, token?: string) {
  const res = await quote(
    { cep_destino: cep, valor_total: valorTotal, quantidade_itens: itens },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    success: true;
    frete: Record<string, unknown>;
    cep_destino: string;
    subtotal: string;
    quantidade_itens: number;
  };
}

describe('POST /api/calcular-frete/ (guest)', () => {
  it.each([
    ['01310-100', '01310100', 'Sudeste', '12.90', '3-5'],
    ['20040-020', '20040020', 'Sul', '18.90', '5-7'],
    ['40010-000', '40010000', 'Nordeste', '22.90', '7-10'],
    ['50030-000', '50030000', 'Centro-Oeste', '19.90', '6-8'],
    ['69005-010', '69005010', 'Norte', '28.90', '8-12'],
    ['30130-000', '30130000', '', '15.90', '5-8'],
  ])('%s: %s quotes region "%s", R$ %s, %s days', async (cep, digits, regiao, valor, prazo) => {
    const res = await quote({ cep_destino: cep, valor_total: '123.45', quantidade_itens: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      frete: {
        valor,
        valor_frete: valor,
        prazo,
        gratis: false,
        motivo_gratis: null,
        regiao,
        peso_total: 0.6,
      },
      cep_destino: digits,
      subtotal: '123.45',
      quantidade_itens: 3,
      // Melhor Envio is off: the table quotes, nothing to choose.
      opcoes: [],
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['01000-000', 'Sudeste'],
    ['19999-999', 'Sudeste'],
    ['28999-999', 'Sul'],
    ['29000-000', ''],
    ['48999-999', 'Nordeste'],
    ['49000-000', ''],
    ['56999-999', 'Centro-Oeste'],
    ['57000-000', ''],
    ['68999-999', ''],
    ['76999-999', 'Norte'],
    ['77000-000', ''],
    ['00000-000', ''],
    ['99999-999', ''],
  ])('the table edges: %s is "%s"', async (cep, regiao) => {
    expect((await quoted(cep, '50.00', 1)).frete.regiao).toBe(regiao);
  });

  it.each([
    [5, 1, '12.90'],
    [6, 1.2, '16.40'],
    [10, 2, '16.40'],
    [11, 2.2, '19.90'],
    [16, 3.2, '23.40'],
  ])('%i items weigh %d kg: R$ %s to Sudeste', async (itens, peso, valor) => {
    const { frete } = await quoted('01310100', '200.00', itens);
    expect(frete).toMatchObject({ peso_total: peso, valor, valor_frete: valor, gratis: false });
  });

  it('is free from exactly R$ 600,00, in 3-5 days, whatever the region and weight', async () => {
    for (const total of ['600.00', 600, '600', '600,00', 'R$ 600,00']) {
      const answer = await quoted('69005-010', total, 11);
      expect(answer.frete).toEqual({
        valor: '0.00',
        valor_frete: '0.00',
        prazo: '3-5',
        gratis: true,
        motivo_gratis: FREE_SHIPPING_REASON,
        regiao: 'Norte',
        peso_total: 2.2,
      });
      expect(answer.subtotal).toBe('600.00');
    }
    expect(FREE_SHIPPING_REASON).toBe('Compra acima de R$ 600,00');
    expect((await quoted('01310-100', '1234.56', 2)).frete).toMatchObject({ gratis: true });
  });

  it('is not free at R$ 599,99', async () => {
    const answer = await quoted('69005-010', '599.99', 11);
    expect(answer.frete).toMatchObject({
      valor: '35.90',
      prazo: '8-12',
      gratis: false,
      motivo_gratis: null,
    });
    expect(answer.subtotal).toBe('599.99');
    expect((await quoted('69005-010', 599.99, 1)).frete.valor).toBe('28.90');
  });

  it('reads the total as a number or a decimal string, and answers without a trailing slash', async () => {
    expect((await quoted('01310100', 123.45, 1)).subtotal).toBe('123.45');
    expect((await quoted('01310100', '123,45', 1)).subtotal).toBe('123.45');
    expect((await quoted('01310100', 0, 1)).subtotal).toBe('0.00');
    expect((await quoted('01310100', '10', '2' as unknown as number)).quantidade_itens).toBe(2);
    const res = await post(ctx.app, '/api/calcular-frete', {
      cep_destino: ' 01310-100 ',
      valor_total: '99.9',
      quantidade_itens: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cep_destino: '01310100', subtotal: '99.90' });
  });

  const good = { cep_destino: '01310-100', valor_total: '100.00', quantidade_itens: 2 };
  it.each([
    ['a CEP of 7 digits', { ...good, cep_destino: '0131010' }, CEP_ENTER_VALID],
    ['a CEP of 9 digits', { ...good, cep_destino: '013101000' }, CEP_ENTER_VALID],
    ['a CEP with letters', { ...good, cep_destino: '01310-10a' }, CEP_ENTER_VALID],
    ['a CEP with a wrong mask', { ...good, cep_destino: '0131-0100' }, CEP_ENTER_VALID],
    ['a CEP as a number', { ...good, cep_destino: 1310100 }, CEP_ENTER_VALID],
    ['no CEP', { valor_total: '1.00', quantidade_itens: 1 }, CEP_ENTER_VALID],
    ['a bad CEP and a bad total', { ...good, cep_destino: '', valor_total: -1 }, CEP_ENTER_VALID],
    ['a body that is a list', [good], CEP_ENTER_VALID],
    ['a negative total', { ...good, valor_total: -0.01 }, SHIPPING_TOTAL_INVALID],
    ['a negative total string', { ...good, valor_total: '-5.00' }, SHIPPING_TOTAL_INVALID],
    ['an unreadable total', { ...good, valor_total: 'abc' }, SHIPPING_TOTAL_INVALID],
    ['an exponent total', { ...good, valor_total: '1e3' }, SHIPPING_TOTAL_INVALID],
    ['three decimals', { ...good, valor_total: '1.005' }, SHIPPING_TOTAL_INVALID],
    ['a null total', { ...good, valor_total: null }, SHIPPING_TOTAL_INVALID],
    ['no total', { cep_destino: '01310100', quantidade_itens: 1 }, SHIPPING_TOTAL_INVALID],
    ['an absurd total', { ...good, valor_total: '1000000.01' }, SHIPPING_TOTAL_INVALID],
    ['a huge number', { ...good, valor_total: Number.MAX_VALUE }, SHIPPING_TOTAL_INVALID],
    ['0 items', { ...good, quantidade_itens: 0 }, SHIPPING_ITEM_COUNT_INVALID],
    ['1000 items', { ...good, quantidade_itens: 1000 }, SHIPPING_ITEM_COUNT_INVALID],
    ['-1 items', { ...good, quantidade_itens: -1 }, SHIPPING_ITEM_COUNT_INVALID],
    ['1.5 items', { ...good, quantidade_itens: 1.5 }, SHIPPING_ITEM_COUNT_INVALID],
    ['"2a" items', { ...good, quantidade_itens: '2a' }, SHIPPING_ITEM_COUNT_INVALID],
    ['no item count', { cep_destino: '01310100', valor_total: '1' }, SHIPPING_ITEM_COUNT_INVALID],
  ])('refuses %s with 400 {success: false}', async (_name, payload, error) => {
    const res = await quote(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, error });
  });

  it('refuses an empty request with the CEP message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/calcular-frete/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: CEP_ENTER_VALID });
  });

  it('allows 999 items (199.8 kg)', async () => {
    const { frete } = await quoted('01310100', '10.00', 999);
    // 12.90 + 199 started kg above the first × 3.50.
    expect(frete).toMatchObject({ peso_total: 199.8, valor: '709.40' });
  });
});

describe('POST /api/calcular-frete/ (logged in)', () => {
  let token: string;
  let userId: number;
  let ring: { id: number };
  let necklace: { id: number };

  beforeAll(async () => {
    ({ token, userId } = await loggedInCustomer(ctx.app, ctx.database));
    const list = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .orderBy(asc(products.id))
      .limit(2);
    [ring, necklace] = [list[0]!, list[1]!];
    // Known prices, so the figures below are written out.
    await ctx.database.db
      .update(products)
      .set({ priceCents: 4990, originalPriceCents: null })
      .where(eq(products.id, ring.id));
    await ctx.database.db
      .update(products)
      .set({ priceCents: 12990, originalPriceCents: null })
      .where(eq(products.id, necklace.id));
  });

  // Through the cart's own calls, as she changes it: the instance keeps her lines between calls
  // and forgets them at her own write; a row written behind its back is heard only when
  // PostgreSQL's notification arrives, which a quote asked at once could beat.
  const setCart = async (lines: { productId: number; quantidade: number }[]) => {
    const cleared = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/cart/clear/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    for (const line of lines) await addToCart(ctx.app, token, line.productId, line.quantidade);
  };

  it('with an empty server cart, quotes the request like a guest', async () => {
    await setCart([]);
    const answer = await quoted('20040-020', '45.00', 2, token);
    expect(answer).toMatchObject({ subtotal: '45.00', quantidade_itens: 2 });
    expect(answer.frete).toMatchObject({ valor: '18.90', regiao: 'Sul', peso_total: 0.4 });
  });

  it("quotes the server cart (today's prices), ignoring the request's total and count", async () => {
    // 4 × 49.90 + 3 × 129.90 = 589.30; 7 units = 1.4 kg: 12.90 + 3.50.
    await setCart([
      { productId: ring.id, quantidade: 4 },
      { productId: necklace.id, quantidade: 3 },
    ]);
    const answer = await quoted('01310-100', '1.00', 1, token);
    expect(answer).toEqual({
      success: true,
      frete: {
        valor: '16.40',
        valor_frete: '16.40',
        prazo: '3-5',
        gratis: false,
        motivo_gratis: null,
        regiao: 'Sudeste',
        peso_total: 1.4,
      },
      cep_destino: '01310100',
      subtotal: '589.30',
      quantidade_itens: 7,
      opcoes: [],
    });

    // A browser claiming R$ 600 gets no free shipping for a cart of R$ 589,30...
    expect((await quoted('01310-100', '600.00', 7, token)).frete).toMatchObject({
      gratis: false,
      valor: '16.40',
    });

    // ...and one more ring (R$ 639,20) is free even if the browser says R$ 10.
    await setCart([
      { productId: ring.id, quantidade: 5 },
      { productId: necklace.id, quantidade: 3 },
    ]);
    const free = await quoted('01310-100', '10.00', 1, token);
    expect(free).toMatchObject({ subtotal: '639.20', quantidade_itens: 8 });
    expect(free.frete).toMatchObject({ gratis: true, valor: '0.00', peso_total: 1.6 });

    // Prices are today's: the kept cart hears the owners' change (at once on PGlite, a moment
    // later on PostgreSQL, when the notification arrives).
    await ctx.database.db
      .update(products)
      .set({ priceCents: 3990 })
      .where(eq(products.id, ring.id));
    await vi.waitFor(
      async () => expect((await quoted('01310-100', '10.00', 1, token)).subtotal).toBe('589.20'),
      { timeout: 2000, interval: 10 },
    );
    await ctx.database.db
      .update(products)
      .set({ priceCents: 4990 })
      .where(eq(products.id, ring.id));
    await vi.waitFor(
      async () => expect((await quoted('01310-100', '10.00', 1, token)).subtotal).toBe('639.20'),
      { timeout: 2000, interval: 10 },
    );
  });

  it('still validates the request body', async () => {
    await setCart([{ productId: ring.id, quantidade: 1 }]);
    const res = await quote(
      { cep_destino: '123', valor_total: '1.00', quantidade_itens: 1 },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: CEP_ENTER_VALID });
  });

  it('an invalid or expired bearer is quoted as a guest, not refused', async () => {
    await setCart([{ productId: necklace.id, quantidade: 5 }]);
    expect((await quoted('01310-100', '1.00', 1, token)).subtotal).toBe('649.50');

    const expired = await signAccessToken(
      jwtKey(TEST_JWT_SECRET),
      userId,
      Date.now() - 24 * 60 * 60 * 1000,
    );
    const foreign = await signAccessToken(jwtKey('another-secret-another-secret-012345'), userId);
    for (const bad of ['garbage', expired, foreign]) {
      const answer = await quoted('01310-100', '12.34', 2, bad);
      expect(answer).toMatchObject({ subtotal: '12.34', quantidade_itens: 2 });
      expect(answer.frete).toMatchObject({ gratis: false, valor: '12.90' });
    }
    const basic = await ctx.app.inject({
      method: 'POST',
      url: '/api/calcular-frete/',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
      payload: { cep_destino: '01310100', valor_total: '12.34', quantidade_itens: 2 },
    });
    expect(basic.statusCode).toBe(200);
    expect(basic.json()).toMatchObject({ subtotal: '12.34' });
  });
});

describe("her cart's CEP on every device (GET /api/cart/cep/)", () => {
  const cepOf = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/cart/cep/',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('remembers the CEP she quoted logged in, answers it on any device, and only hers', async () => {
    const her = await loggedInCustomer(ctx.app, ctx.database);
    const other = await loggedInCustomer(ctx.app, ctx.database);
    expect((await cepOf()).statusCode).toBe(401);
    // None yet.
    const none = await cepOf(her.token);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ cep: null });
    expect(none.headers['cache-control']).toBe('no-store');

    // Quoted with the mask, remembered as 8 digits; the last one quoted wins.
    await quoted('20040-020', '45.00', 2, her.token);
    expect((await cepOf(her.token)).json()).toEqual({ cep: '20040020' });
    await quoted('01310100', '45.00', 2, her.token);
    expect((await cepOf(her.token)).json()).toEqual({ cep: '01310100' });
    // Another session of hers (another device) reads it too.
    const { access: elsewhere } = await login(ctx.app, her.email);
    expect((await cepOf(elsewhere)).json()).toEqual({ cep: '01310100' });

    // A CEP refused by the quote is not remembered; a guest's quote remembers nothing.
    const refused = await quote(
      { cep_destino: '0131', valor_total: '1.00', quantidade_itens: 1 },
      her.token,
    );
    expect(refused.statusCode).toBe(400);
    await quoted('69005-010', '45.00', 2);
    expect((await cepOf(her.token)).json()).toEqual({ cep: '01310100' });
    expect((await cepOf(other.token)).json()).toEqual({ cep: null });
  });
});
