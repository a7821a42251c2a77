/** POST api/pay/ and POST api/pagamento/ (docs/checkout-contract.md); the rules are in service.ts. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Authenticate } from '../../../lib/authenticate.js';
import { idempotencyKeyFrom } from '../../../lib/idempotency.js';
import { deviceIdFrom } from '../../owner-access/index.js';
import type { Visitor } from '../../purchase-limits/index.js';
import {
  checkoutErrorAnswer,
  contractRefusal,
  PAGAMENTO_REFUSAL,
  pagamentoBody,
  payBody,
  paymentStartAnswer,
  placedOrderAnswer,
} from './schemas.js';
import type { CheckoutService } from './service.js';

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  authenticate: Authenticate;
}

/** What each call can refuse with (the error handler writes them; these say their shape). */
const payRefusals = {
  400: checkoutErrorAnswer,
  401: checkoutErrorAnswer,
  409: checkoutErrorAnswer,
};
const pagamentoRefusals = { ...payRefusals, 404: checkoutErrorAnswer, 502: checkoutErrorAnswer };

/** A refused body answers the contract's text (schemas.ts), not the generic 'Dados inválidos'. */
function refuseInvalidBody(
  req: FastifyRequest,
  always?: Parameters<typeof contractRefusal>[1],
): void {
  if (req.validationError) throw contractRefusal(req.validationError.validation, always);
}

/** Her browser (the web app's X-Dispositivo) and her address, as the limits count them. */
const visitorOf = (req: FastifyRequest): Visitor => ({
  deviceId: deviceIdFrom(req.headers['x-dispositivo']),
  ip: req.ip,
});

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, opts) => {
  const { checkout } = opts;

  // The bearer is optional: absent, the caller is a guest; present, it must be valid (401
  // before the body is read).
  app.addHook('onRequest', async (req) => {
    if (req.headers.authorization !== undefined) await opts.authenticate(req);
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/pay/',
    {
      attachValidation: true,
      schema: { body: payBody, response: { 201: placedOrderAnswer, ...payRefusals } },
    },
    async (req, reply) => {
      refuseInvalidBody(req);
      const placed = await checkout.pay({
        userId: req.userId,
        request: req.body,
        idempotencyKey: idempotencyKeyFrom(req.headers['idempotency-key']),
        visitor: visitorOf(req),
      });
      return reply.code(201).send(placed);
    },
  );

  app.post(
    '/pagamento/',
    {
      attachValidation: true,
      schema: { body: pagamentoBody, response: { 200: paymentStartAnswer, ...pagamentoRefusals } },
    },
    async (req) => {
      refuseInvalidBody(req, PAGAMENTO_REFUSAL);
      return checkout.pagamento({
        userId: req.userId,
        request: req.body,
        idempotencyKey: idempotencyKeyFrom(req.headers['idempotency-key']),
        visitor: visitorOf(req),
      });
    },
  );
};
