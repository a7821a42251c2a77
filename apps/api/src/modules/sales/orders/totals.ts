/** An order's figures by the rule and the owners' payment settings it was placed with. */
import { computeTotals, type Totals } from '@semijoias/domain/coupon';
import type { Cents } from '@semijoias/domain/money';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import type { OrderRow } from '../../../db/schema.js';

/** Its totals with this freight and this way of paying (its own, unless another is asked). */
export function orderTotals(
  order: Pick<OrderRow, 'subtotalCents' | 'discountCents' | 'paymentMethod' | 'pixDiscountTenths'>,
  frete: Cents,
  method: PaymentMethod | null = order.paymentMethod,
): Totals {
  return computeTotals({
    subtotal: order.subtotalCents,
    desconto: order.discountCents,
    frete,
    pixDiscountTenths: method === 'pix' ? order.pixDiscountTenths : 0,
  });
}
