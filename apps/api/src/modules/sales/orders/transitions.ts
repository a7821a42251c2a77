/**
 * The order's status changes caused by the payment provider and by the clock. Each is one
 * guarded statement (`... where status in (<expected>)`), so a notification delivered twice, a
 * sweeper racing a webhook or another sweeper, moves the order once: the second finds nothing to
 * change, and whatever rides on the change (stock, sales, the coupon) is done only by the one
 * statement that moved it.
 *
 * Rows are locked in one order everywhere: the order, then its lines' stock as the stock module
 * moves it (modules/stock: by product, its own row before its sizes), then the coupon. Two
 * transactions touching the same products never wait in a circle.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { isUnpaidStatus, UNPAID_ORDER_STATUSES } from '@semijoias/domain/orders';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import type { Db } from '../../../db/client.js';
import { orderItems, orders, products, type OrderRow } from '../../../db/schema.js';
import { release } from '../../coupons/index.js';
import {
  giveBackForOrder,
  takeAgainForOrder,
  type GiveBackBy,
  type StockLine,
} from '../../stock/index.js';
import { orderTotals } from './totals.js';

export type TransitionOutcome = 'paid' | 'declined' | 'ignored' | 'amount_mismatch';

/** Locks the products of an order's lines, in id order, before their rows are written. */
export async function lockProductsOf(tx: Db, orderId: number): Promise<void> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        tx
          .select({ id: orderItems.productId })
          .from(orderItems)
          .where(eq(orderItems.orderId, orderId)),
      ),
    )
    .orderBy(asc(products.id))
    .for('no key update');
}

/** Counts an order's units as sold (the best sellers), in the transaction that pays it. */
export async function countSales(tx: Db, orderId: number): Promise<void> {
  await lockProductsOf(tx, orderId);
  await tx
    .update(products)
    .set({ salesCount: sql`${products.salesCount} + ${orderItems.quantidade}` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(products.id, orderItems.productId)));
}

/** How she paid, as the provider told it with the payment (both optional: not every one says). */
export interface PaidWith {
  method?: PaymentMethod | null;
  installments?: number | null;
}

/** The order's record of how she paid: a card's installments only with a card. */
function paidWith(event: PaidWith) {
  const method = event.method ?? null;
  return {
    paidMethod: method,
    paidInstallments: method === 'cartao' ? (event.installments ?? null) : null,
  };
}

/**
 * awaiting payment / payment failed -> paid, only when the amount paid is the order's total (the
 * guard says so too). A payment without an amount is not taken as paying the order. The caller
 * counts the sales (countSales) in the same transaction, as its last write: that locks the
 * product rows, which every checkout of those pieces waits for.
 */
export async function markPaid(
  tx: Db,
  event: { reference: string; paymentId: string | null; amountCents: number | null } & PaidWith,
): Promise<TransitionOutcome> {
  if (event.amountCents === null) return 'amount_mismatch';
  const [moved] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      paymentId: event.paymentId,
      ...paidWith(event),
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

/**
 * awaiting payment / payment failed -> cancelled (`reason`), when `also` holds too. Only the
 * statement that moves the order gives its stock (the ledger names `by` when the owners did it)
 * and its coupon use back, so a second call gives nothing back twice. The payment link is
 * dropped; the checkout id stays, naming the checkout a late payment could still come from.
 */
async function cancelUnpaid(
  tx: Db,
  orderId: number,
  reason: 'expired' | 'released',
  also: SQL | undefined,
  by?: GiveBackBy,
): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      cancelledAt: sql`now()`,
      cancelReason: reason,
      paymentUrl: null,
      paymentUrlExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...UNPAID_ORDER_STATUSES]), also))
    .returning({ id: orders.id });
  if (!moved) return false;
  await givePiecesBack(tx, orderId, by);
  await release(tx, orderId);
  return true;
}

/** Unpaid at its deadline (`expires_at` at or before `now`): the sweeper's cancellation. */
export function cancelExpired(tx: Db, orderId: number, now: Date): Promise<boolean> {
  return cancelUnpaid(tx, orderId, 'expired', lte(orders.expiresAt, now));
}

/**
 * The owners give an unpaid order's units back to the shelf before its deadline
 * (docs/purchase-limits.md: a hoarder, or a shopper who asked). A payment that still comes is
 * treated as a late one.
 */
export function releaseByOwner(
  tx: Db,
  orderId: number,
  by: { ownerId: number; reason: string },
): Promise<boolean> {
  return cancelUnpaid(tx, orderId, 'released', undefined, {
    actorUserId: by.ownerId,
    note: by.reason,
  });
}

/**
 * Cancellations a payment arriving later may still revive (its stock taken again): the deadline
 * passed, or the owners released the stock. Not the owners' cancel of a paid order.
 */
export const REVIVABLE_CANCEL_REASONS = ['expired', 'released'] as const;

/** An order's lines as the stock moves them (modules/stock puts them in its lock order). */
function stockLinesOf(tx: Db, orderId: number): Promise<StockLine[]> {
  return tx
    .select({
      productId: orderItems.productId,
      variationId: orderItems.variationId,
      quantity: orderItems.quantidade,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/**
 * Puts an order's units back on the shelf, each line to its own size (the stock ledger says
 * 'cancellation', and who and why when it is the owners).
 */
export async function givePiecesBack(tx: Db, orderId: number, by?: GiveBackBy): Promise<void> {
  await giveBackForOrder(tx, orderId, await stockLinesOf(tx, orderId), by);
}

/** A line of an order whose stock is no longer there (a late payment cannot revive it). */
export class StockGoneError extends Error {
  constructor(readonly productId: number) {
    super(`stock gone for product ${productId}`);
    this.name = 'StockGoneError';
  }
}

/**
 * Takes an order's units off the stock again (a late payment reviving a cancelled order), each
 * line from its own size: one guarded statement per line (`stock >= n`). Throws StockGoneError at
 * the first line short; the caller runs it in a savepoint and rolls the lines before back.
 */
export async function reserveStockAgain(tx: Db, orderId: number): Promise<void> {
  const refused = await takeAgainForOrder(tx, orderId, await stockLinesOf(tx, orderId));
  if (refused) throw new StockGoneError(refused.line.productId);
}

/**
 * cancelled ('expired' or 'released') -> paid: a late payment of the right amount for an order whose stock
 * was taken again (reserveStockAgain, same savepoint). Counts the sales like markPaid.
 */
export async function markPaidLate(
  tx: Db,
  orderId: number,
  event: { paymentId: string | null; amountCents: number } & PaidWith,
): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      paymentId: event.paymentId,
      ...paidWith(event),
      cancelledAt: null,
      cancelReason: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'cancelled'),
        inArray(orders.cancelReason, [...REVIVABLE_CANCEL_REASONS]),
        eq(orders.totalCents, event.amountCents),
      ),
    )
    .returning({ id: orders.id });
  if (!moved) return false;
  await countSales(tx, orderId);
  return true;
}

/**
 * cancelled -> refund due: money came for an order the store had cancelled and can no longer
 * fill (its stock is gone). The payment id says which payment the owners must give back.
 */
export async function markRefundDue(
  tx: Db,
  orderId: number,
  event: { paymentId: string | null },
): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({ status: 'refund_due', paymentId: event.paymentId, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled')))
    .returning({ id: orders.id });
  return moved !== undefined;
}

// The owners' transitions (the back office's Pedidos). Each moves the order only from
// the statuses it names, in one statement, and answers whether it did: a second click, a second
// owner or any change in between finds nothing to move, and the caller answers 409.

/** Statuses the owners may ship from, and cancel (a paid order not yet posted). */
export const SHIPPABLE_STATUSES = ['paid', 'in_progress'] as const;

/** paid -> in progress ('Em andamento': being prepared). */
export async function markInProgress(tx: Db, orderId: number): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({ status: 'in_progress', inProgressAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
    .returning({ id: orders.id });
  return moved !== undefined;
}

/** paid / in progress -> shipped, with the Correios code (already validated and normalized). */
export async function markShipped(tx: Db, orderId: number, trackingCode: string): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({ status: 'shipped', trackingCode, shippedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...SHIPPABLE_STATUSES])))
    .returning({ id: orders.id });
  return moved !== undefined;
}

/** shipped -> delivered. */
export async function markDelivered(tx: Db, orderId: number): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({ status: 'delivered', deliveredAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'shipped')))
    .returning({ id: orders.id });
  return moved !== undefined;
}

/**
 * paid / in progress -> refund due, cancelled by the owners ('owner'): its units back on the
 * shelf (the ledger says 'cancellation', by whom and why) and off the best sellers, only when
 * this statement moved it, so a second cancel gives nothing back twice. The money is given back
 * by hand at the provider; {@link markRefunded} notes it.
 */
export async function cancelByOwner(
  tx: Db,
  orderId: number,
  by: { ownerId: number; reason: string },
): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({
      status: 'refund_due',
      cancelledAt: sql`now()`,
      cancelReason: 'owner',
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...SHIPPABLE_STATUSES])))
    .returning({ id: orders.id });
  if (!moved) return false;
  const lines = await stockLinesOf(tx, orderId);
  await giveBackForOrder(tx, orderId, lines, { actorUserId: by.ownerId, note: by.reason });
  // Then off the best sellers, line by line in the stock's lock order (its rows are held now).
  for (const line of [...lines].sort((a, b) => a.productId - b.productId))
    await tx
      .update(products)
      .set({
        salesCount: sql`greatest(${products.salesCount} - ${line.quantity}::int, 0)`,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, line.productId));
  // Her coupon's use comes back with the order, as for an order cancelled unpaid.
  await release(tx, orderId);
  return true;
}

/** refund due -> cancelled: the owners gave the payment back at the provider. */
export async function markRefunded(tx: Db, orderId: number): Promise<boolean> {
  const [moved] = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      refundedAt: sql`now()`,
      cancelledAt: sql`coalesce(${orders.cancelledAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'refund_due')))
    .returning({ id: orders.id });
  return moved !== undefined;
}

/**
 * Her retry after a failed payment may change how she pays: the order's method, PIX
 * discount and total are recomputed from its own figures and settings, and its checkout link is
 * dropped so the next one is made for the new amount. One guarded statement: only while it awaits
 * payment, and only from the method and total it was read with, so two switches at once end in
 * one consistent order. False when it moved meanwhile, and for the method it already has: that
 * changes nothing the guard could see, so a second switch read from the same row would move it too.
 */
export async function switchPaymentMethod(
  tx: Db,
  order: Pick<
    OrderRow,
    | 'id'
    | 'subtotalCents'
    | 'discountCents'
    | 'shippingCents'
    | 'totalCents'
    | 'paymentMethod'
    | 'pixDiscountTenths'
  >,
  method: PaymentMethod,
): Promise<boolean> {
  if (method === order.paymentMethod) return false;
  const totals = orderTotals(order, order.shippingCents, method);
  const switched = await tx
    .update(orders)
    .set({
      paymentMethod: method,
      pixDiscountCents: totals.descontoPix,
      totalCents: totals.total,
      paymentUrl: null,
      paymentUrlExpiresAt: null,
      providerCheckoutId: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
        order.paymentMethod === null
          ? isNull(orders.paymentMethod)
          : eq(orders.paymentMethod, order.paymentMethod),
        eq(orders.totalCents, order.totalCents),
      ),
    )
    .returning({ id: orders.id });
  return switched.length > 0;
}
