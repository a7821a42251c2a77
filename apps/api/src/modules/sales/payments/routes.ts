/**
 * GET /api/payment-status/{reference}/ and POST /api/webhooks/{provider}/
 * (docs/checkout-contract.md); the rules are in service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticate } from '../../../lib/authenticate.js';
import { callerOf } from '../orders/access.js';
import { paymentStatusQuery, referenceParams } from '../orders/schemas.js';
import type { PaymentsService } from './service.js';

/** Notifications are small; anything larger is not one. */
const MAX_NOTIFICATION_BYTES = 256 * 1024;

const providerParams = z.object({ provider: z.string().max(40) }).strict();
/** A provider may name the payment in the query (Mercado Pago: `data.id`, `type`). */
const notificationQuery = z.record(z.string().max(100), z.string().max(200));
const okAnswer = z.object({ ok: z.literal(true) });
const errorAnswer = z.looseObject({ error: z.string() });

export const paymentStatusRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  authenticate: Authenticate;
}> = async (app, { payments, authenticate }) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/payment-status/:reference/',
    { schema: { params: referenceParams, querystring: paymentStatusQuery } },
    async (req) =>
      payments.paymentStatus(
        await callerOf(req, authenticate, req.query.chave),
        req.params.reference,
        req.query.forma_pagamento,
      ),
  );
};

export const webhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  // Within this plugin only (Fastify encapsulates it): every body arrives as the exact text the
  // provider signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: MAX_NOTIFICATION_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/webhooks/:provider/',
    {
      schema: {
        params: providerParams,
        querystring: notificationQuery,
        response: { 200: okAnswer, 401: errorAnswer },
      },
    },
    async (req) => {
      await payments.receiveNotification(
        {
          provider: req.params.provider,
          raw: typeof req.body === 'string' ? req.body : '',
          headers: req.headers,
          query: req.query,
        },
        req.log,
      );
      return { ok: true as const };
    },
  );
};
