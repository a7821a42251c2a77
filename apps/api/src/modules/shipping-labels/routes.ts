/**
 * The labels' calls in the guarded back-office API (docs/shipping-labels.md), registered by
 * modules/admin/routes.ts under /api/admin/ with its audit and its 'Enviado' handed in:
 *   GET  /pedidos/:reference/etiqueta/           the label's state, the services offered
 *   POST /pedidos/:reference/etiqueta/           buy (or resume) it: cart → checkout → generate
 *   POST /pedidos/:reference/etiqueta/imprimir/  {url} of Melhor Envio's printable label
 *   POST /pedidos/:reference/etiqueta/cancelar/  cancel it (refunded to the balance)
 *   POST /etiquetas/                             buy several orders' labels, one result each
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LABEL_DOCUMENT_INVALID,
  LABEL_ORDERS_REQUIRED,
  LABEL_SERVICE_UNKNOWN,
  ORDER_REFERENCE_INVALID,
} from '@semijoias/domain/messages';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireOwner, type Owner } from '../owner-access/index.js';
import { createShippingLabelsService, type LabelAuditEntry } from './service.js';

export interface ShippingLabelsRouteOptions {
  db: Db;
  config: Config;
  audit: (tx: Db, owner: Owner, entry: LabelAuditEntry) => Promise<void>;
  ship: (owner: Owner, reference: string, code: string, carrier: string) => Promise<unknown>;
}

const reference = z.string().regex(/^\d{1,18}$/, { error: ORDER_REFERENCE_INVALID });
const params = z.object({ reference }).strict();
const buyBody = z
  .object({
    servico: z.number({ error: LABEL_SERVICE_UNKNOWN }).int().positive().nullish(),
    documento: z.enum(['declaracao', 'nota_fiscal'], { error: LABEL_DOCUMENT_INVALID }).optional(),
    chave_nf: z.string().max(80).nullish(),
  })
  .strict();

export const shippingLabelsRoutes: FastifyPluginAsyncZod<ShippingLabelsRouteOptions> = async (
  app,
  opts,
) => {
  const service = createShippingLabelsService({
    db: opts.db,
    settings: () => app.shippingSettings.settings(),
    client: () => app.shippingSettings.client(),
    audit: opts.audit,
    ship: opts.ship,
    log: app.log,
  });

  app.get('/pedidos/:reference/etiqueta/', { schema: { params } }, async (req) =>
    service.state(req.params.reference),
  );

  app.post(
    '/pedidos/:reference/etiqueta/',
    { schema: { params, body: buyBody.nullish() } },
    async (req) => service.buy(requireOwner(req), req.params.reference, req.body ?? {}),
  );

  app.post('/pedidos/:reference/etiqueta/imprimir/', { schema: { params } }, async (req) =>
    service.print(req.params.reference),
  );

  app.post('/pedidos/:reference/etiqueta/cancelar/', { schema: { params } }, async (req) =>
    service.cancel(requireOwner(req), req.params.reference),
  );

  app.post(
    '/etiquetas/',
    {
      schema: {
        body: buyBody.extend({
          pedidos: z.array(reference, { error: LABEL_ORDERS_REQUIRED }).min(1).max(50, {
            error: LABEL_ORDERS_REQUIRED,
          }),
        }),
      },
    },
    async (req) => {
      const { pedidos, ...request } = req.body;
      return service.buyMany(requireOwner(req), pedidos, request);
    },
  );
};
