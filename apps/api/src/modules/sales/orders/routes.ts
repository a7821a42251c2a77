/**
 * GET /api/user/orders/ and GET /api/orders/{reference}/ (docs/checkout-contract.md). Her
 * orders only: the user id comes from the token; an order is also reached with the secret
 * (`chave`) of its return link (access.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId, type Authenticate } from '../../../lib/authenticate.js';
import { callerOf } from './access.js';
import { chaveQuery, referenceParams, userOrdersQuery } from './schemas.js';
import type { OrdersService } from './service.js';

export interface OrderRoutesOptions {
  orders: OrdersService;
  authenticate: Authenticate;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, opts) => {
  const { orders, authenticate } = opts;

  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/user/orders/',
    { onRequest: authenticate, schema: { querystring: userOrdersQuery } },
    async (req) => orders.herOrders(requireUserId(req)),
  );

  app.get(
    '/orders/:reference/',
    { schema: { params: referenceParams, querystring: chaveQuery } },
    async (req) =>
      orders.orderPage(await callerOf(req, authenticate, req.query.chave), req.params.reference),
  );
};
