/**
 * The labels' calls in the guarded back-office API (docs/shipping-labels.md), registered by
 * modules/admin/routes.ts under /api/admin/. The service is the app's one (`app.shippingLabels`,
 * made in app.ts with the back office's audit and 'Enviado' handed in), shared with the sweeper's
 * pass that asks for the carriers' codes:
 *   GET  /pedidos/:reference/etiqueta/           the label's state, the services offered
 *   POST /pedidos/:reference/etiqueta/           buy (or resume) it: cart → checkout → generate
 *   POST /pedidos/:reference/etiqueta/imprimir/  {url} of Melhor Envio's printable label
 *   POST /pedidos/:reference/etiqueta/cancelar/  cancel it (refunded to the balance)
 *   POST /pedidos/:reference/etiqueta/rastreio/  ask Melhor Envio now for the carrier's code
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
import { requireOwner } from '../owner-access/index.js';
import type { ShippingLabelsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The labels (modules/shipping-labels): the back office's calls and the sweeper's pass. */
    shippingLabels: ShippingLabelsService;
  }
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

export const shippingLabelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.shippingLabels;

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

  app.post('/pedidos/:reference/etiqueta/rastreio/', { schema: { params } }, async (req) =>
    service.refreshTracking(requireOwner(req), req.params.reference),
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
