/** POST api/pay/ and POST api/pagamento/ (docs/checkout-contract.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import type { Authenticate } from '../../lib/authenticate.js';
import type { ShippingQuoter } from '../shipping/quote.js';

export interface CheckoutRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  quoter: ShippingQuoter;
  paymentProvider: PaymentProvider;
  config: Config;
}

 
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async () => {};
