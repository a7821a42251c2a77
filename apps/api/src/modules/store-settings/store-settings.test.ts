/**
 * GET /api/loja/ on the real app: the unpaid-order deadline the web states in SPEC §1's note
 * (UNPAID_ORDER_TTL_MINUTES; its 1440 default is config.test.ts's), public and cacheable for a
 * few minutes.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';

const ctx = useTestApp({ unpaidOrderTtlMinutes: 5 });

describe('GET /api/loja/', () => {
  it('answers the configured deadline to anyone, cacheable for 5 minutes', async () => {
    for (const url of ['/api/loja/', '/api/loja']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.json()).toEqual({ prazo_pagamento_minutos: 5 });
    }
  });

  it('answers the setting whatever the query string or a bearer say', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/loja/?prazo=1',
      headers: { authorization: 'Bearer nao-e-um-token' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ prazo_pagamento_minutos: 5 });
  });
});
