// =================================================================================================
// Coupons: applying one in the cart, and the API's refusals.
// =================================================================================================

import { formatBRL, toCents, type Cents } from '../money';
import { field, isOk, serverMessage, type Outcome } from './reading';

export const COUPON_APPLIED = 'Cupom aplicado com sucesso!';
export const COUPON_INVALID = 'Cupom inválido ou expirado.';
export const COUPON_FAILED = 'Erro ao validar cupom. Tente novamente.';
export const COUPON_POPUP_SUCCESS_TITLE = 'Cupom Aplicado!';
export const COUPON_POPUP_FAILURE_TITLE = 'Cupom Inválido';
/** The API's refusals of a coupon (POST api/validar-cupom/, api/pay). */
export const COUPON_CODE_REQUIRED = 'Informe o código do cupom.';
export const COUPON_EXPIRED = 'Cupom expirado.';
export const COUPON_FIRST_PURCHASE_ONLY = 'Este cupom é válido apenas para a primeira compra.';

export function couponMinimumMessage(minCents: Cents): string {
  return `Este cupom exige um pedido mínimo de ${formatBRL(minCents)}.`;
}

export interface CouponResult {
  success: boolean;
  /** Centavos; 0 unless success. */
  desconto: Cents;
  message: string;
}

/**
 * POST /api/validar-cupom/ {success, desconto, message}. The server's message is preferred;
 * otherwise: success 'Cupom aplicado com sucesso!', refused (success false, or a 4xx) 'Cupom
 * inválido ou expirado.', server error or no answer 'Erro ao validar cupom. Tente novamente.'.
 * `desconto` is read as the API's decimal reais ("12.35") and returned in centavos.
 */
export function couponResult(outcome: Outcome): CouponResult {
  if (outcome.kind !== 'response') return { success: false, desconto: 0, message: COUPON_FAILED };
  const message = serverMessage(outcome.data);
  if (isOk(outcome) && field(outcome.data, 'success') === true) {
    const raw = field(outcome.data, 'desconto');
    const desconto = typeof raw === 'string' || typeof raw === 'number' ? (toCents(raw) ?? 0) : 0;
    return { success: true, desconto: Math.max(0, desconto), message: message ?? COUPON_APPLIED };
  }
  const refused = isOk(outcome) || (outcome.status >= 400 && outcome.status < 500);
  return {
    success: false,
    desconto: 0,
    message: message ?? (refused ? COUPON_INVALID : COUPON_FAILED),
  };
}
