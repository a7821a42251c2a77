/**
 * The provider's hosted checkout for an order: the one still valid, or a new one. Used by
 * api/pagamento and GET /api/payment-status/{reference}/.
 *
 * The provider is asked outside any transaction (a network call must not hold a row lock, and
 * the embedded database has one connection), then the link is stored by one guarded statement:
 * only while the order is payable and still has no valid link. A call that lost that race
 * answers the winner's link, so the shopper is always sent to the one checkout the order keeps;
 * the loser's checkout at the provider is never shown to anyone and expires unpaid.
 */
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { isUnpaidStatus, UNPAID_ORDER_STATUSES } from '@semijoias/domain/orders';
import { interestFreeInstallments } from '@semijoias/domain/payment-terms';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { orders, type OrderRow } from '../../../db/schema.js';
import type { CheckoutRequest, PaymentProvider } from '../../../integrations/payments/provider.js';
import {
  ORDER_NOT_AWAITING_PAYMENT,
  ORDER_NOT_FOUND,
  PAYMENT_START_FAILED,
} from '@semijoias/domain/messages';
import { ConflictError, NotFoundError, UpstreamError } from '../../../lib/errors.js';
import { linesOf, orderById } from '../orders/data.js';

/** A link that expires sooner than this is not handed out: she needs time to pay. */
const LINK_MIN_REMAINING_MS = 2 * 60 * 1000;
/** The provider's checkout closes this long before the order's deadline. */
const CHECKOUT_ENDS_BEFORE_DEADLINE_MS = 5 * 60 * 1000;

/**
 * Both margins for one order, scaled down for a short life (UNPAID_ORDER_TTL_MINUTES=3 in a
 * demo): the checkout ends at most a twentieth of the order's life before its deadline, and a
 * link is handed out while more than a twentieth of its life remains. So the checkout always
 * closes before the order is cancelled, whatever the setting, and the link in the reminder
 * (sent with a third of the life left, orders/reminder.ts) opens a payment for most of the time
 * after it: 70 % of that time for a short life, all but the last 7 minutes of 8 hours for the
 * default 24 (docs/order-reminder.md). A fixed share would not do: a link that stopped at 35 % of
 * the life left (as it once did) stopped before a short order's reminder even went out.
 */
export function checkoutMargins(order: Pick<OrderRow, 'createdAt' | 'expiresAt'>): {
  endsBeforeDeadlineMs: number;
  minRemainingMs: number;
} {
  const lifeMs = Math.max(0, order.expiresAt.getTime() - order.createdAt.getTime());
  return {
    endsBeforeDeadlineMs: Math.min(CHECKOUT_ENDS_BEFORE_DEADLINE_MS, Math.round(lifeMs / 20)),
    minRemainingMs: Math.min(LINK_MIN_REMAINING_MS, Math.round(lifeMs / 20)),
  };
}

export interface HostedCheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  config: Config;
}

export async function hostedCheckoutFor(
  deps: HostedCheckoutDeps,
  orderId: number,
): Promise<{ paymentUrl: string }> {
  const { db, provider, config } = deps;
  const order = await orderById(db, orderId);
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  if (!isUnpaidStatus(order.status)) throw new ConflictError(ORDER_NOT_AWAITING_PAYMENT);
  const margins = checkoutMargins(order);
  const valid = validLink(order, provider.name, margins.minRemainingMs);
  if (valid) return { paymentUrl: valid };

  const expiresAt = new Date(order.expiresAt.getTime() - margins.endsBeforeDeadlineMs);
  if (expiresAt.getTime() - Date.now() <= margins.minRemainingMs) {
    // Too close to the deadline to pay: the order is about to be cancelled.
    throw new ConflictError(ORDER_NOT_AWAITING_PAYMENT);
  }
  if (!order.email || !order.cpf || !order.nomeCompleto || !order.telefone) {
    // api/pagamento stores the buyer first; without her the provider cannot be asked.
    throw new ConflictError(PAYMENT_START_FAILED);
  }
  const items = await linesOf(db, [order.id]);
  const request: CheckoutRequest = {
    reference: order.reference,
    customer: {
      name: order.nomeCompleto,
      email: order.email,
      taxId: order.cpf,
      phone: order.telefone,
    },
    items: items.map((i) => ({
      referenceId: String(i.productId),
      name: i.name,
      quantity: i.quantidade,
      unitAmountCents: i.unitPriceCents,
    })),
    shippingCents: order.shippingCents,
    // The coupon's and the PIX discount together: what the products' prices lose.
    discountCents: order.discountCents + order.pixDiscountCents,
    totalCents: order.totalCents,
    expiresAt,
    redirectUrl: `${config.publicUrl}/pedido/${order.reference}`,
    notificationUrl: `${config.publicUrl}/api/webhooks/${provider.name}/`,
    ...paymentTermsOf(order),
  };
  let checkout;
  try {
    checkout = await provider.createCheckout(request);
  } catch {
    throw new UpstreamError(PAYMENT_START_FAILED);
  }
  const [stored] = await db
    .update(orders)
    .set({
      paymentProvider: provider.name,
      providerCheckoutId: checkout.checkoutId,
      paymentUrl: checkout.paymentUrl,
      paymentUrlExpiresAt: checkout.expiresAt,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
        or(
          isNull(orders.paymentUrlExpiresAt),
          lt(orders.paymentUrlExpiresAt, new Date(Date.now() + margins.minRemainingMs)),
          ne(orders.paymentProvider, provider.name),
        ),
      ),
    )
    .returning({ paymentUrl: orders.paymentUrl });
  if (stored?.paymentUrl) return { paymentUrl: stored.paymentUrl };
  // Another call stored a link first, or the order stopped being payable meanwhile.
  const now = await orderById(db, order.id);
  const winner =
    now && isUnpaidStatus(now.status)
      ? validLink(now, provider.name, margins.minRemainingMs)
      : null;
  if (winner) return { paymentUrl: winner };
  throw new ConflictError(ORDER_NOT_AWAITING_PAYMENT);
}

/**
 * What the provider's page offers for this order: only what she chose at checkout. A
 * PIX order: PIX, at its discounted total. A card order: the card, with the installments the
 * owners' settings gave the order (interest-free as many as its total allows, the smallest
 * installment respected, at most their maximum). An order placed before the choice existed:
 * both, with the provider's own installments.
 */
export function paymentTermsOf(
  order: Pick<
    OrderRow,
    | 'paymentMethod'
    | 'totalCents'
    | 'maxInstallments'
    | 'interestFreeInstallments'
    | 'minInstallmentCents'
  >,
): Pick<CheckoutRequest, 'method' | 'installments'> {
  if (order.paymentMethod === 'pix') return { method: 'pix', installments: null };
  if (order.maxInstallments === null || order.interestFreeInstallments === null)
    return { method: order.paymentMethod, installments: null };
  const free = interestFreeInstallments(order.totalCents, {
    interestFreeInstallments: order.interestFreeInstallments,
    minInstallmentCents: order.minInstallmentCents ?? 0,
  });
  return {
    method: order.paymentMethod,
    installments: { max: order.maxInstallments, interestFree: free?.count ?? 1 },
  };
}

function validLink(order: OrderRow, providerName: string, minRemainingMs: number): string | null {
  const ok =
    order.paymentUrl &&
    order.paymentProvider === providerName &&
    order.paymentUrlExpiresAt &&
    order.paymentUrlExpiresAt.getTime() - Date.now() > minRemainingMs;
  return ok ? order.paymentUrl : null;
}
