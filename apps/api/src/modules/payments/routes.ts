/**
 * POST /api/webhooks/{provider}/ (docs/checkout-contract.md): the payment provider's
 * notifications. The raw body is kept as it came, because the signature is computed over it.
 * A notification that does not verify, or names a provider this store is not configured for,
 * gets 401 and changes nothing (it is counted, without its body, for the owners' health page:
 * refused_payment_notifications). One that verifies is stored and applied in one transaction
 * (orders/settlement.ts, shared with the sweeper); the same event delivered again (or five
 * times at once) finds its row and changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import { UnauthorizedError } from '../../lib/errors.js';
import { orderMailDeps, recordAndSettle, type SettlementOutcome } from '../orders/settlement.js';
import { recordRefusedNotification } from '../store-health/refused-notifications.js';

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

/** Outcomes an owner should hear about (money that did not simply pay an order). */
const NOTEWORTHY = new Set<SettlementOutcome>(['amount_mismatch', 'refund_due', 'paid_twice']);

async function orderExists(tx: Db, reference: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.reference, reference));
  return found !== undefined;
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, opts) => {
  const { db, paymentProvider } = opts;
  const mailDeps = orderMailDeps(opts.config);

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
      const ours = req.params.provider === paymentProvider.name;
      const event = ours ? paymentProvider.verifyNotification(raw, req.headers) : null;
      if (!event) {
        // Counted for the owners' health page (issue 20); another provider's path cannot be
        // verified at all, which is a signature's refusal too.
        const reason = (ours && paymentProvider.refusalReason?.(raw, req.headers)) || 'assinatura';
        await recordRefusedNotification(db, { provider: req.params.provider, reason }).catch(
          (err: unknown) => req.log.error({ err }, 'aviso de pagamento recusado não registrado'),
        );
        throw new UnauthorizedError(INVALID_SIGNATURE);
      }

      const outcome = await db.transaction(async (tx) => {
        const settled = await recordAndSettle(tx, mailDeps, {
          provider: paymentProvider.name,
          eventKey: event.eventKey,
          rawBody: raw,
          event,
        });
        // Signed, but for an order this store never had: kept and answered 200 as before (the
        // provider must not retry it), and counted as refused, once per event.
        if (settled === 'ignored' && !(await orderExists(tx, event.reference)))
          await recordRefusedNotification(tx, {
            provider: paymentProvider.name,
            reason: 'pedido_desconhecido',
          });
        return settled;
      });
      if (outcome && NOTEWORTHY.has(outcome)) {
        // The reference only: the owners find the rest in payment_notifications.
        req.log.warn({ reference: event.reference, outcome }, 'pagamento que pede atenção');
      }
      return { ok: true as const };
    },
  );
};
