/**
 * GET /api/loja/ on the real app: the unpaid-order deadline the web states in SPEC §1's note
 * (UNPAID_ORDER_TTL_MINUTES; its 1440 default is config.test.ts's) and the owners' payment
 * settings, public, revalidated by browsers and proxies (the owners may change the settings).
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';

const ctx = useTestApp({ unpaidOrderTtlMinutes: 5 });

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
      expect(res.json()).toEqual({ prazo_pagamento_minutos: 5, pagamentos: SEEDED_PAYMENTS });
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
    expect(res.json()).toEqual({ prazo_pagamento_minutos: 5, pagamentos: SEEDED_PAYMENTS });
  });
});
