/**
 * The payment side of an order: its link to the provider's hosted checkout (hosted-checkout.ts),
 * what payment-status answers, and the provider's notifications, recorded and applied to the
 * order (settlement.ts, shared with the sweeper).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  ORDER_NOT_AWAITING_PAYMENT,
  PAYMENT_NOTIFICATION_INVALID_SIGNATURE,
} from '@semijoias/domain/messages';
import { isUnpaidStatus, orderStatusText } from '@semijoias/domain/orders';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type {
  NotificationCheck,
  PaymentProvider,
} from '../../../integrations/payments/provider.js';
import { ConflictError, UnauthorizedError } from '../../../lib/errors.js';
import { recordRefusedNotification } from '../../store-health/index.js';
import type { OrderCaller } from '../orders/access.js';
import { orderById, orderByReference, statusOf } from '../orders/data.js';
import { orderMailDeps } from '../orders/emails.js';
import { switchPaymentMethod } from '../orders/transitions.js';
import type { OrdersService } from '../orders/service.js';
import { hostedCheckoutFor } from './hosted-checkout.js';
import { recordAndSettle, type SettlementOutcome } from './settlement.js';

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** Outcomes an owner should hear about (money that did not simply pay an order). */
const NOTEWORTHY = new Set<SettlementOutcome>([
  'amount_mismatch',
  'method_mismatch',
  'method_unknown',
  'refund_due',
  'paid_twice',
]);

export interface Notification {
  /** The provider named by the path (`/api/webhooks/{provider}/`). */
  provider: string;
  /** The body exactly as it came: the signature is computed over it. */
  raw: string;
  headers: Record<string, string | string[] | undefined>;
  /** The URL's query (some providers name the payment there). */
  query: Record<string, string | undefined>;
}

export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  config: Config;
  orders: OrdersService;
}) {
  const { db, provider } = deps;
  const mailDeps = orderMailDeps(deps.config);
  const checkoutDeps = { db, provider, config: deps.config };

  /** The order's one valid hosted checkout at the provider (asked for when it has none). */
  const paymentLink = (orderId: number) => hostedCheckoutFor(checkoutDeps, orderId);

  /**
   * GET /api/payment-status/{reference}/: her link to pay, or 409 with where the order stands.
   * With `method` (a retry that changes how she pays) the order is switched first, which
   * only she may do (the rule to pay it), and the link is made for its new total.
   */
  async function paymentStatus(caller: OrderCaller, reference: string, method?: PaymentMethod) {
    const order = await deps.orders.accessibleOrder(caller, reference, method ? 'pay' : 'view');
    try {
      if (method && method !== order.paymentMethod) {
        if (!isUnpaidStatus(order.status)) throw new ConflictError(ORDER_NOT_AWAITING_PAYMENT);
        const switched = await switchPaymentMethod(db, order, method);
        // Its old checkout stops taking payments (for the old amount or the other method).
        if (switched && order.providerCheckoutId && order.paymentProvider === provider.name)
          await provider.closeCheckout?.(order.providerCheckoutId);
        if (!switched) {
          // Moved meanwhile: paid or cancelled (409 below), or switched by her twin to the same
          // method (its link is hers).
          const now = await orderById(db, order.id);
          if (!now || !isUnpaidStatus(now.status) || now.paymentMethod !== method)
            throw new ConflictError(ORDER_NOT_AWAITING_PAYMENT);
        }
      }
      const { paymentUrl } = await paymentLink(order.id);
      return { payment_link: paymentUrl, status: orderStatusText(order.status) };
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      // The contract's 409 says where the order stands (paid, cancelled...).
      const now = (await statusOf(db, order.id)) ?? order.status;
      throw new ConflictError(err.message, undefined, { status: orderStatusText(now) });
    }
  }

  /**
   * A notification from the provider. One that does not verify, or names a provider this store
   * is not configured for, is counted (without its body) for the owners' health page and refused
   * with 401; nothing else changes. One that verifies is recorded and applied in one transaction;
   * the same event delivered again (or five times at once) finds its row and changes nothing.
   */
  async function receiveNotification(n: Notification, log: Log): Promise<void> {
    // Another provider's path cannot be verified at all, which is a signature's refusal too.
    const check: NotificationCheck =
      n.provider === provider.name
        ? await provider.verifyNotification({ rawBody: n.raw, headers: n.headers, query: n.query })
        : { ok: false, reason: 'assinatura' };
    if (!check.ok) {
      await recordRefusedNotification(db, { provider: n.provider, reason: check.reason }).catch(
        (err: unknown) => log.error({ err }, 'aviso de pagamento recusado não registrado'),
      );
      throw new UnauthorizedError(PAYMENT_NOTIFICATION_INVALID_SIGNATURE);
    }
    const { event } = check;
    // Signed, about something the store does not follow: nothing to record or apply.
    if (!event) return;

    const outcome = await db.transaction(async (tx) => {
      const settled = await recordAndSettle(tx, mailDeps, {
        provider: provider.name,
        eventKey: event.eventKey,
        rawBody: n.raw,
        event,
      });
      // Signed, but for an order this store never had: kept and answered 200 as before (the
      // provider must not retry it), and counted as refused, once per event.
      if (settled === 'ignored' && !(await orderByReference(tx, event.reference)))
        await recordRefusedNotification(tx, {
          provider: provider.name,
          reason: 'pedido_desconhecido',
        });
      return settled;
    });
    // The reference only: the owners find the rest in payment_notifications.
    if (outcome && NOTEWORTHY.has(outcome))
      log.warn({ reference: event.reference, outcome }, 'pagamento que pede atenção');
  }

  return { paymentLink, paymentStatus, receiveNotification };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
