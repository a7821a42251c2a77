/**
 * POST /api/webhooks/{provider}/ (docs/checkout-contract.md): the payment provider's
 * notifications. The raw body is kept as it came, because the signature is computed over it.
 * A notification that does not verify, or names a provider this store is not configured for,
 * gets 401 and changes nothing. One that verifies is stored and applied in one transaction;
 * the same event delivered again (or five times at once) finds its row and changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { orders, paymentNotifications } from '../../db/schema.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import { UnauthorizedError } from '../../lib/errors.js';
import { markDeclined, markPaid, type TransitionOutcome } from '../orders/transitions.js';

export interface PaymentRoutesOptions {
  db: Db;
  paymentProvider: PaymentProvider;
  config: Config;
}

export const INVALID_SIGNATURE = 'Assinatura inválida.';
/** Notifications are small; anything larger is not one. */
const MAX_NOTIFICATION_BYTES = 256 * 1024;

const params = z.object({ provider: z.string().max(40) }).strict();
const okAnswer = z.object({ ok: z.literal(true) });
const errorAnswer = z.looseObject({ error: z.string() });

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, opts) => {
  const { db, paymentProvider } = opts;

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
    { schema: { params, response: { 200: okAnswer, 401: errorAnswer } } },
    async (req) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const event =
        req.params.provider === paymentProvider.name
          ? paymentProvider.verifyNotification(raw, req.headers)
          : null;
      if (!event) throw new UnauthorizedError(INVALID_SIGNATURE);

      await db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.reference, event.reference));
        const [fresh] = await tx
          .insert(paymentNotifications)
          .values({
            provider: paymentProvider.name,
            eventKey: event.eventKey,
            orderId: order?.id ?? null,
            outcome: 'pending',
            rawBody: raw,
          })
          .onConflictDoNothing({
            target: [paymentNotifications.provider, paymentNotifications.eventKey],
          })
          .returning({ id: paymentNotifications.id });
        if (!fresh) return; // Delivered before: already applied.
        let outcome: TransitionOutcome | 'pending' = 'ignored';
        if (!order) outcome = 'ignored';
        else if (event.state === 'paid') outcome = await markPaid(tx, event);
        else if (event.state === 'declined') outcome = await markDeclined(tx, event);
        else outcome = 'pending';
        if (outcome === 'amount_mismatch') {
          req.log.warn({ notification: fresh.id }, 'pagamento com valor diferente do pedido');
        }
        await tx
          .update(paymentNotifications)
          .set({ outcome })
          .where(eq(paymentNotifications.id, fresh.id));
      });
      return { ok: true as const };
    },
  );
};
