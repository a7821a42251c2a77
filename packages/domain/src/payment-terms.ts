/**
 * How a price reads the Brazilian way: 'em até 6x de R$ 21,65 sem juros' and 'R$ 123,40 no PIX',
 * from the owners' payment settings. One rule for the storefront's cards, the product page, the
 * cart and the checkout, and for the API that charges what they show. Integer centavos throughout;
 * the PIX discount in tenths of a percent (5 % = 50), so the owners' half percents stay exact.
 */
import {
  PAYMENT_SETTINGS_FREE_INVALID,
  PAYMENT_SETTINGS_MAX_INVALID,
  PAYMENT_SETTINGS_MIN_INVALID,
  PAYMENT_SETTINGS_PIX_INVALID,
} from './messages';
import { formatBRL, toCents, type Cents } from './money';

/** How a shopper pays (api/pay's `forma_pagamento`). */
export const PAYMENT_METHODS = ['pix', 'cartao'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return value === 'pix' || value === 'cartao';
}

export interface PaymentSettings {
  /** The most installments the provider's page offers (1 to 12), with interest past the free ones. */
  maxInstallments: number;
  /** How many of them carry no interest (1 to maxInstallments). */
  interestFreeInstallments: number;
  /** No installment is smaller than this (centavos). */
  minInstallmentCents: Cents;
  /** The PIX discount in tenths of a percent: 0 to 200, in steps of 5 (half percents). */
  pixDiscountTenths: number;
}

/** What a new store starts with (the migration seeds the same). */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  maxInstallments: 6,
  interestFreeInstallments: 6,
  minInstallmentCents: 2000,
  pixDiscountTenths: 50,
};

export const MAX_INSTALLMENTS = 12;
export const MAX_PIX_DISCOUNT_TENTHS = 200;

export interface InstallmentOffer {
  count: number;
  /** Each installment, rounded to the nearest centavo (half up). */
  amountCents: Cents;
}

/**
 * The interest-free installments an amount can be split into: the largest n up to the free
 * installments with amount / n ≥ the smallest installment. Null when that would be 1 (no line).
 */
export function interestFreeInstallments(
  amountCents: Cents,
  settings: Pick<PaymentSettings, 'interestFreeInstallments' | 'minInstallmentCents'>,
): InstallmentOffer | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  const bySize =
    settings.minInstallmentCents > 0
      ? Math.floor(amountCents / settings.minInstallmentCents)
      : settings.interestFreeInstallments;
  const count = Math.min(settings.interestFreeInstallments, bySize);
  if (count <= 1) return null;
  // amount / count to the nearest centavo, half up, in integers.
  return { count, amountCents: Math.floor((2 * amountCents + count) / (2 * count)) };
}

/** The amount paid by PIX: floor(amount × (100 − discount) / 100). */
export function pixPrice(amountCents: Cents, pixDiscountTenths: number): Cents {
  return Math.floor((amountCents * (1000 - pixDiscountTenths)) / 1000);
}

/** What the PIX discount takes off an amount (never negative). */
export function pixDiscount(amountCents: Cents, pixDiscountTenths: number): Cents {
  return Math.max(0, amountCents - pixPrice(amountCents, pixDiscountTenths));
}

/** 'em até 6x de R$ 21,65 sem juros', or null when the amount is not split. */
export function installmentsLine(
  amountCents: Cents,
  settings: Pick<PaymentSettings, 'interestFreeInstallments' | 'minInstallmentCents'>,
): string | null {
  const offer = interestFreeInstallments(amountCents, settings);
  return offer ? `em até ${offer.count}x de ${formatBRL(offer.amountCents)} sem juros` : null;
}

/** 'R$ 123,40 no PIX', or null when there is no PIX discount. */
export function pixLine(amountCents: Cents, pixDiscountTenths: number): string | null {
  if (pixDiscountTenths <= 0 || amountCents <= 0) return null;
  return `${formatBRL(pixPrice(amountCents, pixDiscountTenths))} no PIX`;
}

/** The wire's '5.0' <-> 50 tenths. */
export function pixPercentText(tenths: number): string {
  return (tenths / 10).toFixed(1);
}

/** '5', '5.0', '5,5' -> tenths (50, 50, 55); null unless 0..20 in whole or half percents. */
export function pixPercentTenths(text: string): number | null {
  const m = /^\s*(\d{1,2})(?:[.,](\d))?\s*$/.exec(text);
  if (!m) return null;
  const tenths = Number(m[1]) * 10 + Number(m[2] ?? '0');
  if (tenths > MAX_PIX_DISCOUNT_TENTHS || tenths % 5 !== 0) return null;
  return tenths;
}

/** The owners' form (PUT /api/admin/pagamentos/), as typed or as sent. */
export interface PaymentSettingsForm {
  parcelas_max?: unknown;
  parcelas_sem_juros?: unknown;
  parcela_minima?: unknown;
  desconto_pix_percentual?: unknown;
}

/** Money the owners type: '20', '20.00', '20,00', 20 (at most R$ 10.000,00). */
const MAX_MIN_INSTALLMENT_CENTS = 1_000_000;

function wholeBetween(value: unknown, min: number, max: number): number | null {
  const n = typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/**
 * Checks the owners' payment settings, the same rule for the back office's form and the API:
 * the settings, or a message for each field that is wrong.
 */
export function validatePaymentSettingsForm(
  form: PaymentSettingsForm,
): { ok: true; settings: PaymentSettings } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const max = wholeBetween(form.parcelas_max, 1, MAX_INSTALLMENTS);
  if (max === null) errors.parcelas_max = PAYMENT_SETTINGS_MAX_INVALID;
  const free = wholeBetween(form.parcelas_sem_juros, 1, max ?? MAX_INSTALLMENTS);
  if (free === null) errors.parcelas_sem_juros = PAYMENT_SETTINGS_FREE_INVALID;
  const rawMin = form.parcela_minima;
  const minCents =
    typeof rawMin === 'string' || typeof rawMin === 'number' ? toCents(rawMin) : null;
  if (minCents === null || minCents < 0 || minCents > MAX_MIN_INSTALLMENT_CENTS)
    errors.parcela_minima = PAYMENT_SETTINGS_MIN_INVALID;
  const rawPix = form.desconto_pix_percentual;
  const pix =
    typeof rawPix === 'string' || typeof rawPix === 'number'
      ? pixPercentTenths(String(rawPix))
      : null;
  if (pix === null) errors.desconto_pix_percentual = PAYMENT_SETTINGS_PIX_INVALID;
  if (max === null || free === null || minCents === null || pix === null || errors.parcela_minima)
    return { ok: false, errors };
  return {
    ok: true,
    settings: {
      maxInstallments: max,
      interestFreeInstallments: free,
      minInstallmentCents: minCents,
      pixDiscountTenths: pix,
    },
  };
}
