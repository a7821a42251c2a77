/**
 * The e-mails of an order's life, enqueued in the transaction of the change that
 * causes them (modules/mail/outbox.ts). One call per event; each message has a dedupe key, so
 * an event seen twice (a repeated notification, a sweeper racing a webhook) mails once.
 * The words and markup are in email-templates.tsx; here the order is loaded and the messages
 * addressed.
 */
import { DEFAULT_UNPAID_ORDER_TTL_MINUTES, unpaidOrderNote } from '@semijoias/domain/orders';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { OrderRow } from '../../../db/schema.js';
import { openSealed, sealText } from '../../../lib/secrets.js';
import { enqueueEmail, type OutboxMessage } from '../../mail/index.js';
import {
  orderCancelledEmail,
  orderReceivedEmail,
  orderReminderEmail,
  orderShippedEmail,
  ownerCancelledEmail,
  paidOrderStoreNotice,
  paymentApprovedEmail,
  paymentAttentionStoreNotice,
  paymentDeclinedEmail,
  refundDueEmail,
  refundDueStoreNotice,
  type OrderMailView,
  type PaymentAttention,
} from './email-templates.js';
import { addressOf, customerOf, loadOrderView, paidWithOf, type OrderView } from './view.js';
import { variationLabel } from '@semijoias/domain/variations';

export type OrderEmailEvent =
  | 'received'
  | 'paid'
  | 'declined'
  /** A third of its time left, still unpaid (the sweeper, orders/reminder.ts). */
  | 'reminder'
  | 'cancelled'
  | 'refund_due'
  /** The owners posted it (the Correios code). */
  | 'shipped'
  /** The owners cancelled it after payment: the refund to come. */
  | 'owner_cancelled'
  /** Money the order did not take (paid twice, another amount): the owners look at it. */
  | 'payment_attention';

export interface OrderMailDeps {
  /** Base of the links (PUBLIC_URL, no trailing slash). */
  publicUrl: string;
  /** The owners' address (STORE_EMAIL): paid orders and refunds to make. */
  storeEmail: string;
  /** Opens `orders.access_key_sealed` (a guest's link secret) for the links. */
  jwtSecret: string;
  /** UNPAID_ORDER_TTL_MINUTES, for SPEC §1's note (24 hours when not given). */
  unpaidOrderTtlMinutes?: number;
}

export interface OrderEmailExtra {
  /** The guest's link secret when the caller has it in hand (api/pagamento). */
  chave?: string | null;
  /** The declined checkout (one e-mail per declined checkout). */
  checkoutId?: string | null;
  /** The payment that must be refunded (refund_due). */
  paymentId?: string | null;
  /** What came in and why the order did not take it (payment_attention). */
  attention?: PaymentAttention;
  /**
   * 'shipped' again for an order already shipped, with this new code (its label cancelled and
   * bought again): one e-mail per code, besides the first shipping e-mail.
   */
  newTrackingCode?: string;
}

/** The links and addresses of the order e-mails, from the settings. */
export function orderMailDeps(
  config: Pick<Config, 'publicUrl' | 'storeEmail' | 'jwtSecret' | 'unpaidOrderTtlMinutes'>,
): OrderMailDeps {
  return {
    publicUrl: config.publicUrl,
    storeEmail: config.storeEmail,
    jwtSecret: config.jwtSecret,
    unpaidOrderTtlMinutes: config.unpaidOrderTtlMinutes,
  };
}

const ORDER_LINK_PURPOSE = 'order-link';

/**
 * A guest order's link secret sealed for `orders.access_key_sealed` (api/pay), so the e-mails
 * sent later can carry a link that opens her order on any device.
 */
export function sealOrderChave(jwtSecret: string, chave: string): string {
  return sealText(jwtSecret, ORDER_LINK_PURPOSE, chave);
}

/** The secret {@link sealOrderChave} sealed, or null when it does not open. */
export function openOrderChave(jwtSecret: string, sealed: string): string | null {
  return openSealed(jwtSecret, ORDER_LINK_PURPOSE, sealed);
}

/**
 * Enqueues the e-mails of `event` for order `orderId` inside `tx`: to the shopper (the order's
 * e-mail, else her account's; none when neither is known) and, for a paid order or a refund to
 * make, to the store. Throws when the order does not exist, so the caller's change rolls back
 * rather than commit without its e-mail.
 */
export async function enqueueOrderEmails(
  tx: Db,
  deps: OrderMailDeps,
  orderId: number,
  event: OrderEmailEvent,
  extra: OrderEmailExtra = {},
): Promise<void> {
  const loaded = await loadOrderView(tx, { id: orderId });
  if (!loaded) throw new Error(`order ${orderId} not found for its '${event}' e-mail`);
  const { order } = loaded;
  const view = mailView(loaded, deps, extra.chave ?? null);
  const shopper = view.customer.email;
  const key = `order:${order.id}`;
  const toShopper = (m: (v: OrderMailView, to: string) => OutboxMessage, dedupeKey: string) =>
    shopper ? enqueueEmail(tx, m(view, shopper), { dedupeKey }) : Promise.resolve(false);

  switch (event) {
    case 'received':
      await toShopper(orderReceivedEmail, `${key}:received`);
      break;
    case 'paid':
      await toShopper(paymentApprovedEmail, `${key}:paid`);
      await enqueueEmail(tx, paidOrderStoreNotice(view, deps.storeEmail), {
        dedupeKey: `${key}:paid:store`,
      });
      break;
    case 'declined':
      await toShopper(paymentDeclinedEmail, `${key}:declined:${extra.checkoutId ?? 'x'}`);
      break;
    case 'reminder':
      await toShopper(orderReminderEmail, `${key}:reminder`);
      break;
    case 'cancelled':
      await toShopper(orderCancelledEmail, `${key}:cancelled`);
      break;
    case 'refund_due': {
      const paymentId = extra.paymentId ?? order.paymentId;
      await enqueueEmail(tx, refundDueStoreNotice(view, deps.storeEmail, paymentId), {
        dedupeKey: `${key}:refund:${paymentId ?? 'x'}`,
      });
      await toShopper(refundDueEmail, `${key}:refund`);
      break;
    }
    case 'shipped':
      await toShopper(
        orderShippedEmail,
        extra.newTrackingCode ? `${key}:shipped:${extra.newTrackingCode}` : `${key}:shipped`,
      );
      break;
    case 'owner_cancelled':
      await toShopper(ownerCancelledEmail, `${key}:owner-cancelled`);
      break;
    case 'payment_attention': {
      if (!extra.attention) throw new Error('payment_attention needs the payment');
      const { kind, paymentId } = extra.attention;
      // One e-mail per payment: the webhook and the sweeper may each record it, as events of
      // their own.
      await enqueueEmail(tx, paymentAttentionStoreNotice(view, deps.storeEmail, extra.attention), {
        dedupeKey: `${key}:${kind}:${paymentId ?? 'sem-id'}`,
      });
      break;
    }
  }
}

function mailView(loaded: OrderView, deps: OrderMailDeps, chave: string | null): OrderMailView {
  const { order } = loaded;
  const customer = customerOf(order, loaded.account);
  return {
    reference: order.reference,
    status: order.status,
    lines: loaded.lines.map((l) => ({
      name: l.name,
      unitPriceCents: l.unitPriceCents,
      quantidade: l.quantidade,
      // 'Aro 16' under the product's name; null for a product without sizes.
      variation: l.variationName === null ? null : variationLabel(l.variationAxis, l.variationName),
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    pixDiscountCents: order.pixDiscountCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    couponCode: order.couponCode,
    shippingDays: order.shippingDays,
    address: addressOf(order),
    customer: {
      name: customer.name,
      firstName: customer.firstName,
      email: customer.email,
      phone: customer.phone,
    },
    expiresAt: order.expiresAt,
    paidAt: order.paidAt,
    paidWith: paidWithOf(order),
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    paymentProvider: order.paymentProvider,
    paymentId: order.paymentId,
    trackingCode: order.trackingCode,
    orderUrl: orderLink(order, deps, chave),
    publicUrl: deps.publicUrl,
    unpaidNote: unpaidOrderNote(deps.unpaidOrderTtlMinutes ?? DEFAULT_UNPAID_ORDER_TTL_MINUTES),
  };
}

/**
 * The store's return page for the order. A guest has no account to sign in to, so her link
 * carries the order's secret (`chave`): the caller's when it has it, else the sealed copy. A
 * customer's order opens once she signs in.
 */
export function orderLink(
  order: Pick<OrderRow, 'reference' | 'userId' | 'accessKeySealed'>,
  deps: Pick<OrderMailDeps, 'publicUrl' | 'jwtSecret'>,
  chave: string | null = null,
): string {
  const page = `${deps.publicUrl}/pedido/${encodeURIComponent(order.reference)}`;
  if (order.userId !== null) return page;
  const secret =
    chave ?? (order.accessKeySealed ? openOrderChave(deps.jwtSecret, order.accessKeySealed) : null);
  return secret ? `${page}?chave=${encodeURIComponent(secret)}` : page;
}
