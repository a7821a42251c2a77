/**
 * GET /api/loja/: the store's settings the shop window states to shoppers: the deadline of an
 * unpaid order (UNPAID_ORDER_TTL_MINUTES), which the checkout, the return page and 'Meus Pedidos'
 * put into SPEC §1's note, and the owners' payment settings, from which every price
 * shows its installments and its PIX price. The owners change those in the back office and every
 * price must follow at once, so browsers and proxies revalidate (an ETag makes that cheap).
 * It also answers the store's WhatsApp in use (issue 37, docs/whatsapp.md), from which every
 * page draws its chat links.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sendCached, type CatalogCache } from '../catalog/index.js';
import { paymentSettingsJson, readPaymentSettings } from '../payment-settings/index.js';
import { readFeedBrand } from '../product-feeds/index.js';
import { readStoreWhatsapp } from '../sales-channels/index.js';

export interface StoreSettingsRoutesOptions {
  db: Db;
  config: Pick<Config, 'unpaidOrderTtlMinutes' | 'whatsappNumber'>;
  /**
   * Where the answer is kept between calls: the catalog's cache, dropped when the payment
   * settings or the sales channels' settings change (their triggers notify the catalog's
   * channel, migrations 0010 and 0031). Every page
   * and every shopper at checkout asks for it (1,000 calls in the rehearsal's drop).
   */
  cache: CatalogCache;
}

const storeSettingsSchema = z.object({
  prazo_pagamento_minutos: z.number().int().positive(),
  pagamentos: z.object({
    parcelas_max: z.number().int(),
    parcelas_sem_juros: z.number().int(),
    parcela_minima: z.string(),
    desconto_pix_percentual: z.string(),
  }),
  /** The brand the store's pieces carry (issue 37: 'Canais de venda', else the store's name). */
  marca: z.string(),
  /** DDD and number, digits only ('11974523180'); null: the store shows no WhatsApp. */
  whatsapp: z
    .string()
    .regex(/^[1-9][0-9]{9,10}$/)
    .nullable(),
});

export const storeSettingsRoutes: FastifyPluginAsyncZod<StoreSettingsRoutesOptions> = async (
  app,
  { db, config, cache },
) => {
  app.get(
    '/loja/',
    { schema: { response: { 200: storeSettingsSchema, 304: z.null() } } },
    async (req, reply) => {
      // Shows no stock: a sale leaves it kept (docs/catalog-cache.md).
      const answer = await cache.memo(
        'api:loja',
        async () =>
          JSON.stringify(
            storeSettingsSchema.parse({
              prazo_pagamento_minutos: config.unpaidOrderTtlMinutes,
              pagamentos: paymentSettingsJson(await readPaymentSettings(db)),
              marca: await readFeedBrand(db),
              whatsapp: await readStoreWhatsapp(db, config),
            }),
          ),
        { shows: [] },
      );
      return sendCached(req, reply, answer, 'application/json; charset=utf-8');
    },
  );
};
