/**
 * GET /api/user/orders/, GET /api/orders/{reference}/ and GET /api/payment-status/{reference}/
 * (docs/checkout-contract.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import type { Authenticate } from '../../lib/authenticate.js';

export interface OrderRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  paymentProvider: PaymentProvider;
  config: Config;
}

 
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async () => {};
