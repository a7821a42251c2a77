/**
 * Coupons (docs/checkout-contract.md): which coupon a customer may use on a subtotal, and its
 * redemption inside the order's transaction.
 *
 * The checks of `findUsable` answer the shopper's message; they are not what keeps the rules
 * under races. That is `redeem`'s job, in the order's transaction: one guarded statement moves
 * `times_used` only while the usage limit allows it, and the redemption's unique
 * `(coupon_id, once_key)` refuses a second use by one customer even if two checkouts pass every
 * check at once.
 */
import { and, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import {
  couponDiscount,
  isCouponCodeTooLong,
  normalizeCouponCode,
  type Coupon,
} from '@semijoias/domain/coupon';
import {
  CART_IS_EMPTY,
  COUPON_CODE_REQUIRED,
  COUPON_EXPIRED,
  COUPON_FIRST_PURCHASE_ONLY,
  couponMinimumMessage,
  PAYMENT_SERVER_COUPON_INVALID,
  PAYMENT_SERVER_COUPON_NOT_YOURS,
  PAYMENT_SERVER_COUPON_USED,
} from '@semijoias/domain/messages';
import { alias } from 'drizzle-orm/pg-core';
import type { Cents } from '@semijoias/domain/money';
import { STOCK_HOLDING_ORDER_STATUSES } from '@semijoias/domain/orders';
import type { Db } from '../../db/client.js';
import { couponRedemptions, coupons, type CouponRow } from '../../db/schema.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ValidationError } from '../../lib/errors.js';

/**
 * Orders that make her no longer a first-time buyer: the ones that go ahead, bought or waiting
 * for her money. A cancelled order, and one cancelled before a late payment came (`refund_due`),
 * do not count.
 */
export const FIRST_PURCHASE_BLOCKING_STATUSES = STOCK_HOLDING_ORDER_STATUSES;

/** 400: the coupon cannot be used; the message is the contract's, for the shopper. */
export class CouponRefusedError extends ValidationError {
  constructor(message: string) {
    super(message, undefined, { message });
  }
}

export interface UsableCoupon {
  coupon: CouponRow;
  discountCents: Cents;
}

/** The domain's view of a coupon row (basis points -> percent). */
export function couponOf(row: CouponRow): Coupon {
  return row.kind === 'percent'
    ? { kind: 'percent', percent: (row.percentBasisPoints ?? 0) / 100 }
    : { kind: 'fixed', amountCents: row.amountCents ?? 0 };
}

/**
 * The coupon named by `code` if `userId` may use it on products worth `subtotalCents`, with its
 * discount; throws CouponRefusedError with the reason otherwise. Pass the order's transaction
 * (after the lock on her is taken) so what it reads is what the order will be written against.
 */
export async function findUsable(
  db: Db,
  input: { code: string | null | undefined; userId: number; subtotalCents: Cents },
): Promise<UsableCoupon> {
  const code = normalizeCouponCode(input.code);
  if (code === '') throw new CouponRefusedError(COUPON_CODE_REQUIRED);
  if (isCouponCodeTooLong(code)) throw new CouponRefusedError(PAYMENT_SERVER_COUPON_INVALID);
  const { userId } = input;
  const c = alias(coupons, 'c');
  const [row] = await db
    .select({
      coupon: getTableColumns(c),
      // Written out with aliases: Drizzle leaves a one-table query's columns unqualified, and
      // inside a subquery "id" would be the subquery's own.
      expired: sql<boolean>`(c.valid_from is not null and now() < c.valid_from)
        or (c.valid_until is not null and now() > c.valid_until)`,
      usedByHer: sql<boolean>`exists (select 1 from coupon_redemptions r
        where r.coupon_id = c.id and r.once_key = ${userId}::int)`,
      hasOtherOrder: sql<boolean>`exists (select 1 from orders o
        where o.user_id = ${userId}::int and o.status in (${sql.join(
          FIRST_PURCHASE_BLOCKING_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
    })
    .from(c)
    .where(eq(c.code, code));

  if (!row || !row.coupon.active) throw new CouponRefusedError(PAYMENT_SERVER_COUPON_INVALID);
  const { coupon } = row;
  if (coupon.userId !== null && coupon.userId !== userId)
    throw new CouponRefusedError(PAYMENT_SERVER_COUPON_NOT_YOURS);
  if (row.expired) throw new CouponRefusedError(COUPON_EXPIRED);
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit)
    throw new CouponRefusedError(PAYMENT_SERVER_COUPON_USED);
  if (coupon.oncePerCustomer && row.usedByHer)
    throw new CouponRefusedError(PAYMENT_SERVER_COUPON_USED);
  if (coupon.firstPurchaseOnly && row.hasOtherOrder)
    throw new CouponRefusedError(COUPON_FIRST_PURCHASE_ONLY);
  if (input.subtotalCents <= 0) throw new CouponRefusedError(CART_IS_EMPTY);
  if (coupon.minOrderCents !== null && input.subtotalCents < coupon.minOrderCents)
    throw new CouponRefusedError(couponMinimumMessage(coupon.minOrderCents));
  return { coupon, discountCents: couponDiscount(couponOf(coupon), input.subtotalCents) };
}

/**
 * Records the use inside the order's transaction `tx`. One guarded statement counts it (no row:
 * the coupon was deactivated or its limit reached meanwhile); the redemption row's unique
 * `(coupon_id, once_key)` refuses a second use by the same customer. Either refusal is
 * 'Cupom já utilizado.' and the caller's transaction rolls back with it.
 */
export async function redeem(
  tx: Db,
  input: { coupon: CouponRow; userId: number; orderId: number; discountCents: Cents },
): Promise<void> {
  const { coupon } = input;
  const counted = await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        eq(coupons.active, true),
        or(isNull(coupons.usageLimit), lt(coupons.timesUsed, coupons.usageLimit)),
      ),
    )
    .returning({ id: coupons.id });
  if (counted.length === 0) throw new CouponRefusedError(PAYMENT_SERVER_COUPON_USED);
  try {
    await tx.insert(couponRedemptions).values({
      couponId: coupon.id,
      userId: input.userId,
      orderId: input.orderId,
      onceKey: coupon.oncePerCustomer ? input.userId : null,
      discountCents: input.discountCents,
    });
  } catch (err) {
    if (uniqueViolation(err) !== undefined)
      throw new CouponRefusedError(PAYMENT_SERVER_COUPON_USED);
    throw err;
  }
}

/**
 * Gives an order's coupon use back (the order is being cancelled unpaid), inside the caller's
 * transaction: the redemption row goes and `times_used` goes down by one. Nothing happens for an
 * order without a coupon, or one already released. Returns whether a use was given back.
 */
export async function release(tx: Db, orderId: number): Promise<boolean> {
  const [gone] = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  if (!gone) return false;
  await tx
    .update(coupons)
    .set({ timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)`, updatedAt: sql`now()` })
    .where(eq(coupons.id, gone.couponId));
  return true;
}
