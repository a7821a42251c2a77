/**
 * Coupon arithmetic and checkout totals, all in integer centavos. The server recomputes these
 * from the database; the browser uses them only to show what the server will charge.
 */
import type { Cents } from './money';
import { pixDiscount } from './payment-terms';

export const WELCOME_COUPON_CODE = 'BOASVINDAS';
export const WELCOME_COUPON_PERCENT = 10;

export type Coupon =
  /** `percent` may have decimals (12.5); it is applied in hundredths of a percent. */
  { kind: 'percent'; percent: number } | { kind: 'fixed'; amountCents: Cents };

export const WELCOME_COUPON: Coupon = { kind: 'percent', percent: WELCOME_COUPON_PERCENT };

/** The welcome gift, as the page after verification and the verification e-mail show it. */
export const WELCOME_GIFT_TITLE = 'Presente de boas-vindas';
export const WELCOME_COUPON_OFFER = `Use o cupom ${WELCOME_COUPON_CODE} e ganhe ${WELCOME_COUPON_PERCENT}% de desconto na primeira compra.`;

/** The longest code a coupon may have (the database's check says the same). */
export const COUPON_CODE_MAX_LENGTH = 40;

/**
 * " boasvindas " -> "BOASVINDAS": how a typed code is compared and stored. NFKC first, so a code
 * typed with full-width letters ("ＢＯＡＳＶＩＮＤＡＳ") or a compatibility ligature reads as the
 * plain letters it looks like.
 *
 * Capped: only the first 4 × 40 characters are read (a pasted text costs nothing to normalise),
 * and the result keeps at most 41 characters. A code longer than 40 therefore stays longer than
 * any coupon (it can never match one, however it starts); `isCouponCodeTooLong` tells.
 */
export function normalizeCouponCode(code: string | null | undefined): string {
  return (code ?? '')
    .slice(0, 4 * COUPON_CODE_MAX_LENGTH)
    .normalize('NFKC')
    .trim()
    .toUpperCase()
    .slice(0, COUPON_CODE_MAX_LENGTH + 1);
}

/** Whether a normalised code is longer than any coupon's. */
export function isCouponCodeTooLong(normalized: string): boolean {
  return normalized.length > COUPON_CODE_MAX_LENGTH;
}

/**
 * The discount a coupon gives on a subtotal (products only; shipping is never discounted).
 *
 * Rounding: a percentage is computed exactly in integers and rounded to the nearest centavo,
 * half up (R$ 123,45 at 10% = 1234.5 centavos -> R$ 12,35), the usual commercial rounding.
 * The result is clamped to [0, subtotal]: never negative, never more than the products cost.
 */
export function couponDiscount(coupon: Coupon, subtotalCents: Cents): Cents {
  const subtotal = Math.max(0, Math.trunc(subtotalCents));
  let discount: number;
  if (coupon.kind === 'percent') {
    const basisPoints = Math.round(coupon.percent * 100);
    discount = Math.floor((subtotal * basisPoints + 5000) / 10000);
  } else {
    discount = Math.trunc(coupon.amountCents);
  }
  return clampDiscount(discount, subtotal);
}

export function clampDiscount(discountCents: Cents, subtotalCents: Cents): Cents {
  if (!Number.isFinite(discountCents)) return 0;
  return Math.min(Math.max(0, Math.trunc(discountCents)), Math.max(0, subtotalCents));
}

export interface Totals {
  subtotal: Cents;
  subtotalComDesconto: Cents;
  frete: Cents;
  desconto: Cents;
  /** The PIX discount: on the products after the coupon, never on the freight. */
  descontoPix: Cents;
  total: Cents;
}

/**
 * The checkout's totals (SPEC §3): total = (subtotal - discount) + shipping; paid by PIX, minus the
 * PIX discount of the products after the coupon (`pixDiscountTenths`, the owners' setting in tenths
 * of a percent).
 */
export function computeTotals(input: {
  subtotal: Cents;
  desconto?: Cents;
  frete?: Cents;
  pixDiscountTenths?: number;
}): Totals {
  const subtotal = Math.max(0, input.subtotal);
  const desconto = clampDiscount(input.desconto ?? 0, subtotal);
  const frete = Math.max(0, input.frete ?? 0);
  const subtotalComDesconto = subtotal - desconto;
  const descontoPix = input.pixDiscountTenths
    ? pixDiscount(subtotalComDesconto, input.pixDiscountTenths)
    : 0;
  return {
    subtotal,
    subtotalComDesconto,
    frete,
    desconto,
    descontoPix,
    total: subtotalComDesconto - descontoPix + frete,
  };
}
