/**
 * GET /api/loja/: the store's settings the shop window states to shoppers: the deadline of an
 * unpaid order (UNPAID_ORDER_TTL_MINUTES), which the checkout, the return page and 'Meus Pedidos'
 * put into SPEC §1's note, and the owners' payment settings, from which every price
 * shows its installments and its PIX price. The owners change those in the back office and every
 * price must follow at once, so browsers and proxies revalidate (an ETag makes that cheap).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { paymentSettingsJson, readPaymentSettings } from '../payment-settings/index.js';

export interface StoreSettingsRoutesOptions {
  db: Db;
  config: Pick<Config, 'unpaidOrderTtlMinutes'>;
}

export const STORE_SETTINGS_CACHE_CONTROL = 'public, no-cache';

const storeSettingsSchema = z.object({
  prazo_pagamento_minutos: z.number().int().positive(),
  pagamentos: z.object({
    parcelas_max: z.number().int(),
    parcelas_sem_juros: z.number().int(),
    parcela_minima: z.string(),
    desconto_pix_percentual: z.string(),
  }),
});

export const storeSettingsRoutes: FastifyPluginAsyncZod<StoreSettingsRoutesOptions> = async (
  app,
  { db, config },
) => {
  app.get(
    '/loja/',
    { schema: { response: { 200: storeSettingsSchema, 304: z.null() } } },
    async (req, reply) => {
      const settings = {
        prazo_pagamento_minutos: config.unpaidOrderTtlMinutes,
        pagamentos: paymentSettingsJson(await readPaymentSettings(db)),
      };
      const etag = `"${createHash('sha256').update(JSON.stringify(settings)).digest('base64url').slice(0, 16)}"`;
      reply.header('cache-control', STORE_SETTINGS_CACHE_CONTROL).header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return settings;
    },
  );
};
