/**
 * The order's status changes caused by the payment provider. Each is one guarded statement
 * (`... where status in (<expected>)`), so a notification delivered twice, or racing another,
 * moves the order once: the second finds nothing to change.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatusCode } from '@semijoias/domain/orders';
import type { Db } from '../../db/client.js';
import { orderItems, orders, products } from '../../db/schema.js';

const PAYABLE: OrderStatusCode[] = ['awaiting_payment', 'payment_failed'];

export type TransitionOutcome = 'paid' | 'declined' | 'ignored' | 'amount_mismatch';

/**
 * awaiting payment / payment failed -> paid, when the amount paid is the order's total. The units
 * sold count for the best sellers in the same transaction (`tx`).
 */
export async function markPaid(
  tx: Db,
  event: { reference: string; paymentId: string | null; amountCents: number | null },
): Promise<TransitionOutcome> {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.reference, event.reference));
  if (!order) return 'ignored';
  if (event.amountCents !== null && event.amountCents !== order.totalCents)
    return 'amount_mismatch';
  const [moved] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      paymentId: event.paymentId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, order.id), inArray(orders.status, PAYABLE)))
    .returning({ id: orders.id });
  if (!moved) return 'ignored';
  await tx
    .update(products)
    .set({ salesCount: sql`${products.salesCount} + ${orderItems.quantidade}` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(products.id, orderItems.productId)));
  return 'paid';
}

/**
 * awaiting payment -> payment failed. Her reservation stays until the deadline so she can try
 * again; the declined checkout's link is dropped so the retry gets a new one.
 */
export async function markDeclined(
  tx: Db,
  event: { reference: string; paymentId: string | null },
): Promise<TransitionOutcome> {
  const [moved] = await tx
    .update(orders)
    .set({
      status: 'payment_failed',
      paymentId: event.paymentId,
      paymentUrl: null,
      paymentUrlExpiresAt: null,
      providerCheckoutId: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.reference, event.reference), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  return moved ? 'declined' : 'ignored';
}
