/**
 * GET /api/loja/: the unpaid-order deadline the web states in SPEC §1's note, cacheable for a few
 * minutes. On a bare Fastify with the app's zod compilers, the plugin mounted under /api as the
 * app mounts its routes.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers.js';
import { storeSettingsRoutes } from './routes.js';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function storeWith(unpaidOrderTtlMinutes?: number) {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const config = testConfig(unpaidOrderTtlMinutes === undefined ? {} : { unpaidOrderTtlMinutes });
  await app.register(storeSettingsRoutes, { prefix: '/api', config });
  return app;
}

describe('GET /api/loja/', () => {
  it('answers the unpaid-order deadline of the configuration, cacheable for 5 minutes', async () => {
    const app = await storeWith(5);
    const res = await app.inject({ method: 'GET', url: '/api/loja/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.json()).toEqual({ prazo_pagamento_minutos: 5 });
  });

  it('the default setting is SPEC §1’s 24 hours', async () => {
    const app = await storeWith();
    const res = await app.inject({ method: 'GET', url: '/api/loja' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ prazo_pagamento_minutos: 1440 });
  });

  it('answers the setting as given, whatever the query string says', async () => {
    const app = await storeWith(90);
    const res = await app.inject({ method: 'GET', url: '/api/loja/?prazo=1' });
    expect(res.json()).toEqual({ prazo_pagamento_minutos: 90 });
  });
});
