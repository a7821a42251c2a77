/** POST api/pay/ and POST api/pagamento/ (docs/checkout-contract.md). */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import type { Authenticate } from '../../lib/authenticate.js';
import { idempotencyKeyFrom } from '../../lib/idempotency.js';
import type { ShippingQuoter } from '../shipping/quote.js';
import { createCheckoutService, type CallInput } from './service.js';

export interface CheckoutRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  quoter: ShippingQuoter;
  paymentProvider: PaymentProvider;
  config: Config;
}

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, opts) => {
  const checkout = createCheckoutService(opts);

  // The bearer is optional: absent, the caller is a guest; present, it must be valid (401
  // before the body is read).
  app.addHook('onRequest', async (req) => {
    if (req.headers.authorization !== undefined) await opts.authenticate(req);
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const input = (req: FastifyRequest): CallInput => ({
    userId: req.userId,
    body: req.body,
    idempotencyKey: idempotencyKeyFrom(req.headers['idempotency-key']),
  });
  // Bodies are read by the service (each refusal with the contract's text).
  const schema = { body: z.unknown() };

  app.post('/pay/', { schema }, async (req, reply) => {
    const answer = await checkout.pay(input(req));
    return reply.code(answer.statusCode).send(answer.body);
  });

  app.post('/pagamento/', { schema }, async (req, reply) => {
    const answer = await checkout.pagamento(input(req));
    return reply.code(answer.statusCode).send(answer.body);
  });
};
