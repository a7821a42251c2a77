/**
 * The order's status changes caused by the payment provider. Each is one guarded statement
 * (`... where status in (<expected>)`), so a notification delivered twice, or racing another,
 * moves the order once: the second finds nothing to change.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isUnpaidStatus, UNPAID_ORDER_STATUSES } from '@semijoias/domain/orders';
import type { Db } from '../../db/client.js';
import { orderItems, orders, products } from '../../db/schema.js';

export type TransitionOutcome = 'paid' | 'declined' | 'ignored' | 'amount_mismatch';

/**
 * awaiting payment / payment failed -> paid, only when the amount paid is the order's total (the
 * guard says so too). The units sold count for the best sellers in the same transaction (`tx`).
 * A payment without an amount is not taken as paying the order.
 */
export async function markPaid(
  tx: Db,
  event: { reference: string; paymentId: string | null; amountCents: number | null },
): Promise<TransitionOutcome> {
  if (event.amountCents === null) return 'amount_mismatch';
  const [moved] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      paymentId: event.paymentId,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.reference, event.reference),
        inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
        eq(orders.totalCents, event.amountCents),
      ),
    )
    .returning({ id: orders.id });
  if (!moved) {
    // Nothing moved: tell a wrong amount on a payable order apart from a repeat or a late one.
    const [order] = await tx
      .select({ status: orders.status, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.reference, event.reference));
    return order && isUnpaidStatus(order.status) && order.totalCents !== event.amountCents
      ? 'amount_mismatch'
      : 'ignored';
  }
  await tx
    .update(products)
    .set({ salesCount: sql`${products.salesCount} + ${orderItems.quantidade}` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, moved.id), eq(products.id, orderItems.productId)));
  return 'paid';
}

/**
 * awaiting payment -> payment failed. Her reservation stays until the deadline so she can try
 * again; the declined checkout's link is dropped so the retry gets a new one. An order already
 * failed whose current checkout (the one named by the event) is declined loses that link too.
 */
export async function markDeclined(
  tx: Db,
  event: { reference: string; checkoutId?: string | null },
): Promise<TransitionOutcome> {
  let which: SQL | undefined = eq(orders.status, 'awaiting_payment');
  if (event.checkoutId) {
    which = or(
      which,
      and(eq(orders.status, 'payment_failed'), eq(orders.providerCheckoutId, event.checkoutId)),
    );
  }
  const [moved] = await tx
    .update(orders)
    .set({
      status: 'payment_failed',
      paymentUrl: null,
      paymentUrlExpiresAt: null,
      providerCheckoutId: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.reference, event.reference), which))
    .returning({ id: orders.id });
  return moved ? 'declined' : 'ignored';
}
