/**
 * The back office's Pedidos calls (docs/admin/orders.md): the list with its filters,
 * one order, and the owners' actions on it — 'Em andamento', 'Enviado' with the Correios code,
 * 'Entregue', cancelling a paid order (its refund to make) and noting the refund made. The guard
 * of /api/admin/ has already checked the owner; each action is one guarded transaction
 * (service.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOwner } from '../../owner-access/index.js';
import { adminErrors } from '../schemas.js';
import type { AdminRouteOptions } from '../options.js';
import {
  cancelBody,
  orderAnswer,
  ordersAnswer,
  ordersQuery,
  referenceParams,
  shipBody,
} from './schemas.js';
import { createAdminOrdersService } from './service.js';

export const adminOrdersRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const service = createAdminOrdersService(opts);
  const action = { params: referenceParams, response: { 200: orderAnswer, ...adminErrors } };

  app.get(
    '/pedidos/',
    { schema: { querystring: ordersQuery, response: { 200: ordersAnswer, ...adminErrors } } },
    async (req) => service.list(req.query),
  );

  app.get('/pedidos/:reference/', { schema: action }, async (req) => ({
    pedido: await service.detail(req.params.reference),
  }));

  app.post('/pedidos/:reference/em-andamento/', { schema: action }, async (req) => ({
    pedido: await service.markInProgress(requireOwner(req), req.params.reference),
  }));

  app.post(
    '/pedidos/:reference/enviado/',
    { schema: { ...action, body: shipBody } },
    async (req) => ({
      pedido: await service.ship(requireOwner(req), req.params.reference, req.body.codigo_rastreio),
    }),
  );

  app.post('/pedidos/:reference/entregue/', { schema: action }, async (req) => ({
    pedido: await service.markDelivered(requireOwner(req), req.params.reference),
  }));

  app.post(
    '/pedidos/:reference/cancelar/',
    { schema: { ...action, body: cancelBody } },
    async (req) => ({
      pedido: await service.cancel(requireOwner(req), req.params.reference, req.body.motivo),
    }),
  );

  // An unpaid order's units back on the shelf (docs/purchase-limits.md); the reason is kept.
  app.post(
    '/pedidos/:reference/liberar-estoque/',
    { schema: { ...action, body: cancelBody } },
    async (req) => ({
      pedido: await service.releaseStock(requireOwner(req), req.params.reference, req.body.motivo),
    }),
  );

  app.post('/pedidos/:reference/estorno-feito/', { schema: action }, async (req) => ({
    pedido: await service.markRefunded(requireOwner(req), req.params.reference),
  }));
};
