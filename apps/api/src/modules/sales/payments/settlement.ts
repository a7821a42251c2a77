/**
 * What a payment event does to its order, in the caller's transaction: one function for the
 * provider's notification (payments/routes.ts) and for the sweeper that asked the provider itself
 * because no notification came (sweeper.ts). Every event is first recorded in
 * `payment_notifications` under its key, so the same event seen twice changes nothing the second
 * time; every status change below is one guarded statement, so two different events for one
 * order (a webhook racing the sweeper) move it once.
 *
 * - paid, order payable, right amount: paid, sales counted, 'paid' e-mails.
 * - declined, order payable: 'Erro no Pagamento' with its reservation kept until the deadline
 *   (she may retry), 'declined' e-mail.
 * - paid, order cancelled at its deadline (a late payment): the stock is taken again, all lines
 *   or none (a savepoint); all there: paid again, its coupon redeemed again when it still can be
 *   (never refusing her paid order for it); one line short: 'Pagamento a estornar' and the owners
 *   are told.
 * - paid again through another checkout (another payment id) of an order already paid: kept as
 *   'paid_twice', logged, and the owners get an e-mail to refund it; nothing changes on the order.
 * - paid with an amount that is not the order's total (or none): 'amount_mismatch', the same
 *   e-mail to the owners; the order does not change.
 * - a PIX order (priced with the PIX discount) is paid only by a payment known to be PIX: paid by
 *   card, 'method_mismatch'; paid in a way the provider does not name as PIX or card (Mercado
 *   Pago's account balance, a boleto), 'method_unknown'. Either way the order does not change and
 *   the owners get the e-mail to check it, on time or late.
 */
import { eq } from 'drizzle-orm';
import { isUnpaidStatus } from '@semijoias/domain/orders';
import type { Db } from '../../../db/client.js';
import { coupons, orders, paymentNotifications, type OrderRow } from '../../../db/schema.js';
import type { PaymentEvent } from '../../../integrations/payments/provider.js';
import { CouponRefusedError, redeem } from '../../coupons/index.js';
import { enqueueOrderEmails, type OrderMailDeps } from '../orders/emails.js';
import {
  countSales,
  markDeclined,
  markPaid,
  markPaidLate,
  markRefundDue,
  reserveStockAgain,
  StockGoneError,
  REVIVABLE_CANCEL_REASONS,
} from '../orders/transitions.js';

/** What the store made of an event; kept as `payment_notifications.outcome`. */
export type SettlementOutcome =
  | 'paid'
  | 'paid_late'
  | 'refund_due'
  | 'paid_twice'
  | 'declined'
  | 'pending'
  | 'ignored'
  | 'amount_mismatch'
  /** Paid another way than the order's (a PIX order by card): not taken, the owners told. */
  | 'method_mismatch'
  /** A PIX order paid in a way the provider names neither PIX nor card: not taken, the owners told. */
  | 'method_unknown';

export interface RecordedEvent {
  /** The provider's name ('sandbox', 'pagbank'). */
  provider: string;
  /** One event at the provider: the notification's key, or `sweeper:<checkout>:paid`. */
  eventKey: string;
  /** The notification as it came, or the status the sweeper read (JSON), for the owners. */
  rawBody: string;
  event: PaymentEvent;
}

/**
 * Records the event and applies it inside `tx`. Returns null when the same event was recorded
 * before (nothing is applied again), otherwise what it did.
 */
export async function recordAndSettle(
  tx: Db,
  mailDeps: OrderMailDeps,
  input: RecordedEvent,
): Promise<SettlementOutcome | null> {
  const [known] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.reference, input.event.reference));
  const [fresh] = await tx
    .insert(paymentNotifications)
    .values({
      provider: input.provider,
      eventKey: input.eventKey,
      orderId: known?.id ?? null,
      outcome: 'pending',
      rawBody: input.rawBody,
    })
    .onConflictDoNothing({
      target: [paymentNotifications.provider, paymentNotifications.eventKey],
    })
    .returning({ id: paymentNotifications.id });
  if (!fresh) return null; // Recorded before: already applied.
  const { outcome, paidOrderId } = await settlePayment(tx, mailDeps, input.event);
  await tx
    .update(paymentNotifications)
    .set({ outcome })
    .where(eq(paymentNotifications.id, fresh.id));
  // Last: the product rows stay locked only for this statement and the commit. In a drop every
  // order of the piece waits for its row, behind each payment that holds it.
  if (paidOrderId !== null) await countSales(tx, paidOrderId);
  return outcome;
}

/**
 * Applies a payment event to its order inside `tx` (see the header). An order it paid on time
 * (`paidOrderId`) still has its sales to count: the caller does that last (countSales).
 */
async function settlePayment(
  tx: Db,
  mailDeps: OrderMailDeps,
  event: PaymentEvent,
): Promise<{ outcome: SettlementOutcome; paidOrderId: number | null }> {
  const settled = (outcome: SettlementOutcome, paidOrderId: number | null = null) => ({
    outcome,
    paidOrderId,
  });
  // Locked first: a sweeper cancelling it, or another event for it, goes before or after this.
  // 'no key update' (what an update of its status takes anyway): the key-share lock that
  // recording the notification took on it (its foreign key) does not stand in the way, so two
  // events at once wait on each other rather than deadlock.
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.reference, event.reference))
    .for('no key update');
  if (!order) return settled('ignored');

  if (event.state === 'declined') {
    const outcome = await markDeclined(tx, event);
    if (outcome === 'declined') {
      // One e-mail per declined checkout; the decline drops the link, so read it from before.
      const checkoutId = event.checkoutId ?? order.providerCheckoutId ?? event.paymentId;
      await enqueueOrderEmails(tx, mailDeps, order.id, 'declined', { checkoutId });
    }
    return settled(outcome);
  }
  if (event.state !== 'paid') return settled('pending');

  if (isUnpaidStatus(order.status)) {
    const wrongMethod = methodProblem(order, event);
    if (wrongMethod) {
      await tellOwners(tx, mailDeps, order.id, wrongMethod, event);
      return settled(wrongMethod);
    }
    const outcome = await markPaid(tx, event);
    if (outcome === 'paid') {
      await enqueueOrderEmails(tx, mailDeps, order.id, 'paid');
      return settled(outcome, order.id);
    }
    if (outcome === 'amount_mismatch') await tellOwners(tx, mailDeps, order.id, outcome, event);
    return settled(outcome);
  }
  if (order.status === 'cancelled') return settled(await settleLate(tx, mailDeps, order, event));
  if (event.paymentId !== null && order.paymentId !== null && event.paymentId !== order.paymentId) {
    await tellOwners(tx, mailDeps, order.id, 'paid_twice', event);
    return settled('paid_twice');
  }
  return settled('ignored');
}

/**
 * Paid another way than she chose (the PIX discount is for PIX; the provider's page offered only
 * her method): not the order's payment, the owners look at it. A PIX order takes only a payment
 * the provider names PIX; a card order (full price) takes any but PIX's (an unknown method pays
 * the whole price); an order from before the choice (no method) takes any.
 */
function methodProblem(
  order: OrderRow,
  event: PaymentEvent,
): 'method_mismatch' | 'method_unknown' | null {
  if (!order.paymentMethod) return null;
  const method = event.method ?? null;
  if (method === null) return order.paymentMethod === 'pix' ? 'method_unknown' : null;
  return method === order.paymentMethod ? null : 'method_mismatch';
}

/** The owners' e-mail for money the order did not take (in the same transaction). */
function tellOwners(
  tx: Db,
  mailDeps: OrderMailDeps,
  orderId: number,
  kind: 'paid_twice' | 'amount_mismatch' | 'method_mismatch' | 'method_unknown',
  event: PaymentEvent,
): Promise<void> {
  return enqueueOrderEmails(tx, mailDeps, orderId, 'payment_attention', {
    attention: {
      kind,
      paymentId: event.paymentId,
      amountCents: event.amountCents,
      method: event.method ?? null,
    },
  });
}

/** A paid event for a cancelled order (locked by the caller). */
async function settleLate(
  tx: Db,
  mailDeps: OrderMailDeps,
  order: OrderRow,
  event: PaymentEvent,
): Promise<SettlementOutcome> {
  if (event.amountCents === null || event.amountCents !== order.totalCents) {
    await tellOwners(tx, mailDeps, order.id, 'amount_mismatch', event);
    return 'amount_mismatch';
  }
  const wrongMethod = methodProblem(order, event);
  if (wrongMethod) {
    await tellOwners(tx, mailDeps, order.id, wrongMethod, event);
    return wrongMethod;
  }
  const amountCents = event.amountCents;
  let revived = false;
  if (REVIVABLE_CANCEL_REASONS.some((reason) => reason === order.cancelReason)) {
    try {
      revived = await tx.transaction(async (sp) => {
        await reserveStockAgain(sp, order.id);
        return markPaidLate(sp, order.id, {
          paymentId: event.paymentId,
          amountCents,
          method: event.method,
          installments: event.installments,
        });
      });
    } catch (err) {
      if (!(err instanceof StockGoneError)) throw err;
    }
  }
  if (revived) {
    await redeemAgain(tx, order);
    await enqueueOrderEmails(tx, mailDeps, order.id, 'paid');
    return 'paid_late';
  }
  if (!(await markRefundDue(tx, order.id, { paymentId: event.paymentId }))) return 'ignored';
  await enqueueOrderEmails(tx, mailDeps, order.id, 'refund_due', { paymentId: event.paymentId });
  return 'refund_due';
}

/**
 * Counts the coupon use of a revived order again (its cancellation gave it back). When the
 * coupon can no longer be used (its limit reached meanwhile, deactivated, or she used it on
 * another order), her paid order keeps its discount uncounted: she paid what the store asked.
 */
async function redeemAgain(tx: Db, order: OrderRow): Promise<void> {
  if (order.couponId === null || order.userId === null) return;
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, order.couponId));
  if (!coupon) return;
  const userId = order.userId;
  try {
    await tx.transaction((sp) =>
      redeem(sp, { coupon, userId, orderId: order.id, discountCents: order.discountCents }),
    );
  } catch (err) {
    if (!(err instanceof CouponRefusedError)) throw err;
  }
}
