/** POST /api/webhooks/{provider}/ (docs/checkout-contract.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';

export interface PaymentRoutesOptions {
  db: Db;
  paymentProvider: PaymentProvider;
  config: Config;
}

 
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async () => {};
