/**
 * Every call of selling (docs/checkout-contract.md): the order and its payment (api/pay,
 * api/pagamento), her orders and the return page, payment-status, the provider's notifications.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../lib/authenticate.js';
import { checkoutRoutes } from './checkout/routes.js';
import { orderRoutes } from './orders/routes.js';
import { paymentStatusRoutes, webhookRoutes } from './payments/routes.js';
import type { Sales } from './sales.js';

export const salesRoutes: FastifyPluginAsync<{ sales: Sales; authenticate: Authenticate }> = async (
  app,
  { sales, authenticate },
) => {
  await app.register(checkoutRoutes, { checkout: sales.checkout, authenticate });
  await app.register(orderRoutes, { orders: sales.orders, authenticate });
  await app.register(paymentStatusRoutes, { payments: sales.payments, authenticate });
  await app.register(webhookRoutes, { payments: sales.payments });
};
