/**
 * GET /api/loja/: the store's settings the shop window states to shoppers. Today the deadline of
 * an unpaid order (UNPAID_ORDER_TTL_MINUTES), which the checkout, the return page and 'Meus
 * Pedidos' put into SPEC §1's note. The same for every visitor and changed only by a restart, so
 * browsers and proxies may keep it for a few minutes.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';

export interface StoreSettingsRoutesOptions {
  config: Pick<Config, 'unpaidOrderTtlMinutes'>;
}

export const STORE_SETTINGS_CACHE_CONTROL = 'public, max-age=300';

const storeSettingsSchema = z.object({ prazo_pagamento_minutos: z.number().int().positive() });

export const storeSettingsRoutes: FastifyPluginAsyncZod<StoreSettingsRoutesOptions> = async (
  app,
  { config },
) => {
  const settings = { prazo_pagamento_minutos: config.unpaidOrderTtlMinutes };

  app.get('/loja/', { schema: { response: { 200: storeSettingsSchema } } }, async (_req, reply) => {
    reply.header('cache-control', STORE_SETTINGS_CACHE_CONTROL);
    return settings;
  });
};
