/**
 * GET /api/loja/ on the real app: the unpaid-order deadline the web states in SPEC §1's note
 * (UNPAID_ORDER_TTL_MINUTES; its 1440 default is config.test.ts's) and the owners' payment
 * settings, public, revalidated by browsers and proxies (the owners may change the settings).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { STORE_INFO } from '@semijoias/domain/store-info';
import { salesChannelSettings } from '../../db/schema.js';
import { useTestApp, type TestApp } from '../../../test/helpers.js';

const ctx = useTestApp({ unpaidOrderTtlMinutes: 5 });
/** A store whose environment names a WhatsApp (WHATSAPP_NUMBER). */
const withEnv = useTestApp({ whatsappNumber: '11974523180' });

/** The payment settings the migration seeds. */
const SEEDED_PAYMENTS = {
  parcelas_max: 6,
  parcelas_sem_juros: 6,
  parcela_minima: '20.00',
  desconto_pix_percentual: '5.0',
};

describe('GET /api/loja/', () => {
  it('answers the configured deadline and the payment settings to anyone, revalidated each time', async () => {
    for (const url of ['/api/loja/', '/api/loja']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('public, no-cache');
      expect(res.json()).toEqual({
        prazo_pagamento_minutos: 5,
        pagamentos: SEEDED_PAYMENTS,
        marca: STORE_INFO.name,
        whatsapp: null,
      });
      const same = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
    }
  });

  it('answers the setting whatever the query string or a bearer say', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/loja/?prazo=1',
      headers: { authorization: 'Bearer nao-e-um-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      prazo_pagamento_minutos: 5,
      pagamentos: SEEDED_PAYMENTS,
      marca: STORE_INFO.name,
      whatsapp: null,
    });
  });

  it("answers the brand the owners saved in 'Canais de venda' at once, the store's name without one", async () => {
    const brand = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/loja/' })).json<{ marca: string }>().marca;
    expect(await brand()).toBe(STORE_INFO.name);
    await ctx.database.db
      .insert(salesChannelSettings)
      .values({ id: 1, brand: 'Ateliê Duas Irmãs' })
      .onConflictDoUpdate({ target: salesChannelSettings.id, set: { brand: 'Ateliê Duas Irmãs' } });
    await vi.waitFor(async () => expect(await brand()).toBe('Ateliê Duas Irmãs'));
    await ctx.database.db
      .update(salesChannelSettings)
      .set({ brand: null })
      .where(eq(salesChannelSettings.id, 1));
    await vi.waitFor(async () => expect(await brand()).toBe(STORE_INFO.name));
  });
});

async function storeWhatsapp(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/loja/' });
  expect(res.statusCode).toBe(200);
  return { whatsapp: res.json<{ whatsapp: string | null }>().whatsapp, etag: res.headers.etag };
}

/**
 * Saves the row as 'Canais de venda' does and waits until the app's cache heard its trigger's
 * notification (with the query's answer on PGlite; a moment later on PostgreSQL), 5 s at most.
 */
async function save(t: TestApp, whatsappNumber: string | null) {
  const heard = t.app.catalogCache.heard;
  await t.database.db
    .insert(salesChannelSettings)
    .values({ id: 1, whatsappNumber })
    .onConflictDoUpdate({ target: salesChannelSettings.id, set: { whatsappNumber } });
  const started = Date.now();
  while (t.app.catalogCache.heard === heard && Date.now() - started < 5_000) {
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("GET /api/loja/'s whatsapp (issue 37)", () => {
  it('no saved settings and no WHATSAPP_NUMBER: no WhatsApp', async () => {
    expect((await storeWhatsapp(ctx.app)).whatsapp).toBeNull();
  });

  it("no saved settings: the environment's WHATSAPP_NUMBER", async () => {
    expect((await storeWhatsapp(withEnv.app)).whatsapp).toBe('11974523180');
  });

  it("the owners' number, off ('') or back to the default (null), each answered at once", async () => {
    const first = await storeWhatsapp(withEnv.app);
    // Kept: the same answer again until something changes.
    expect(await storeWhatsapp(withEnv.app)).toEqual(first);

    await save(withEnv, '21987654321');
    const saved = await storeWhatsapp(withEnv.app);
    expect(saved.whatsapp).toBe('21987654321');
    expect(saved.etag).not.toBe(first.etag);

    await save(withEnv, '');
    expect((await storeWhatsapp(withEnv.app)).whatsapp).toBeNull();

    await save(withEnv, null);
    expect((await storeWhatsapp(withEnv.app)).whatsapp).toBe('11974523180');

    // A landline (10 digits) is a number too.
    await save(withEnv, '1132345678');
    expect((await storeWhatsapp(withEnv.app)).whatsapp).toBe('1132345678');
  });

  it('a number saved where the environment names none', async () => {
    await save(ctx, '11974523180');
    expect((await storeWhatsapp(ctx.app)).whatsapp).toBe('11974523180');
    await save(ctx, null);
    expect((await storeWhatsapp(ctx.app)).whatsapp).toBeNull();
  });
});
