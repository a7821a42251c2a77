// =================================================================================================
// Payment: PIX or card, the payment's failures, the payment link of an order.
// =================================================================================================

import { formatBRL, type Cents } from '../money';
import { CONNECTION_ERROR, field, isOk, text, type Outcome } from './reading';

/** The checkout's question, before she leaves for the provider's page. */
export const PAYMENT_CHOICE_TITLE = 'Como você quer pagar?';
/** Its two answers (api/pay's `forma_pagamento`), as the checkout and her orders name them. */
export const PAYMENT_METHOD_LABELS = { pix: 'PIX', cartao: 'Cartão de crédito' } as const;
/** How an order was paid, as the provider told it (`pago_com` of her orders and the owners'). */
export interface PaidWith {
  forma: 'pix' | 'cartao';
  /** For a card: the installments she chose (1: à vista); null when the provider did not say. */
  parcelas: number | null;
}

/** The line her orders, the return page and the e-mail show: 'Cartão de crédito em 3x'. */
export function paidWithLabel(paid: PaidWith): string {
  if (paid.forma === 'pix') return PAYMENT_METHOD_LABELS.pix;
  if (paid.parcelas === null) return PAYMENT_METHOD_LABELS.cartao;
  return paid.parcelas === 1
    ? `${PAYMENT_METHOD_LABELS.cartao} à vista`
    : `${PAYMENT_METHOD_LABELS.cartao} em ${paid.parcelas}x`;
}

/** The label before it on her order and the owners' ('Forma de pagamento' in the e-mails). */
export const PAID_WITH_LABEL = 'Pago com';

/** The PIX discount's line in an order's totals (the checkout, the return page, 'Meus Pedidos'). */
export const PIX_DISCOUNT_LABEL = 'Desconto PIX';
/** The checkout summary's total once PIX is chosen (its discount taken off). */
export const PIX_TOTAL_LABEL = 'Total no PIX';
/** The checkout summary's total once the card is chosen. */
export const CARD_TOTAL_LABEL = 'Total no cartão';
/** The total she pays with the method chosen: 'Total no PIX' or 'Total no cartão'. */
export function methodTotalLabel(method: 'pix' | 'cartao'): string {
  return method === 'pix' ? PIX_TOTAL_LABEL : CARD_TOTAL_LABEL;
}
/** Under that total, the other method's as a hint: 'No cartão: R$ 209,37', 'No PIX: R$ 196,47'. */
export function otherMethodTotalHint(other: 'pix' | 'cartao', totalCents: Cents): string {
  return `${other === 'pix' ? 'No PIX' : 'No cartão'}: ${formatBRL(totalCents)}`;
}
/** What PIX adds beside its price at checkout. */
export const PIX_INSTANT_NOTE = 'Aprovação imediata';

/** A PIX discount in tenths of a percent the Brazilian way: 50 -> '5 %', 75 -> '7,5 %'. */
export function pixPercentLabel(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  return `${rest === 0 ? whole : `${whole},${rest}`} %`;
}

/** The PIX answer's badge: '5 % de desconto'. */
export function pixDiscountBadge(tenths: number): string {
  return `${pixPercentLabel(tenths)} de desconto`;
}

/** What she pays by PIX, freight included: 'R$ 130,30 no PIX'. */
export function pixTotalLine(totalCents: Cents): string {
  return `${formatBRL(totalCents)} no PIX`;
}

/** Under the card's installments, what they add up to: 'Total de R$ 136,80'. */
export function cardTotalNote(totalCents: Cents): string {
  return `Total de ${formatBRL(totalCents)}`;
}

/** The card's line for a total too small to split: 'R$ 35,90 à vista'. */
export function cardSinglePaymentLine(totalCents: Cents): string {
  return `${formatBRL(totalCents)} à vista`;
}

/** api/pay: a `forma_pagamento` other than 'pix' or 'cartao'. */
export const PAYMENT_METHOD_INVALID = 'Forma de pagamento inválida.';

export const PAYMENT_STOCK_MARKER = 'não tem estoque suficiente';
export const PAYMENT_COUPON_USED = 'Este cupom já foi utilizado anteriormente.';
export const PAYMENT_COUPON_INVALID = 'O cupom informado não existe ou é inválido.';
export const PAYMENT_COUPON_NOT_YOURS =
  'Você não tem acesso a este cupom. Verifique se está logado corretamente.';
export const PAYMENT_FAILED = 'Ocorreu um erro ao processar o pagamento. Tente novamente.';

/** The server's coupon texts (SPEC §8) -> what the shopper reads. */
export const PAYMENT_SERVER_COUPON_USED = 'Cupom já utilizado.';
export const PAYMENT_SERVER_COUPON_INVALID = 'Cupom inválido.';
export const PAYMENT_SERVER_COUPON_NOT_YOURS = 'Cupom não associado ao usuário.';

const PAYMENT_MAPPINGS: Record<string, string> = {
  [PAYMENT_SERVER_COUPON_USED]: PAYMENT_COUPON_USED,
  [PAYMENT_SERVER_COUPON_INVALID]: PAYMENT_COUPON_INVALID,
  [PAYMENT_SERVER_COUPON_NOT_YOURS]: PAYMENT_COUPON_NOT_YOURS,
};

/** A failed api/pay/ or api/pagamento/ (server `message` or `error`). */
export function paymentErrorMessage(outcome: Outcome): string {
  if (outcome.kind === 'no-response') return CONNECTION_ERROR;
  if (outcome.kind === 'other') return PAYMENT_FAILED;
  const message = text(field(outcome.data, 'message')) ?? text(field(outcome.data, 'error'));
  if (!message) return PAYMENT_FAILED;
  if (message.includes(PAYMENT_STOCK_MARKER)) return message;
  return PAYMENT_MAPPINGS[message.trim()] ?? message;
}

/** The payment provider could not be asked for a checkout (api/pagamento, payment-status). */
export const PAYMENT_START_FAILED =
  'Não foi possível iniciar o pagamento. Tente novamente em instantes.';
/** A payment notification that does not verify (POST api/webhooks/{provider}/). */
export const PAYMENT_NOTIFICATION_INVALID_SIGNATURE = 'Assinatura inválida.';

export const PAYMENT_LINK_UNAVAILABLE =
  'Link de pagamento não disponível no momento. Entre em contato conosco se precisar de ajuda.';
export const PAYMENT_LINK_FAILED = 'Erro ao buscar link de pagamento. Tente novamente mais tarde.';

/** GET /api/payment-status/{reference}/: the link to open, or the message to show. */
export function paymentLinkResult(outcome: Outcome): { url: string } | { message: string } {
  if (outcome.kind === 'response' && isOk(outcome)) {
    const url = text(field(outcome.data, 'payment_link'));
    return url ? { url } : { message: PAYMENT_LINK_UNAVAILABLE };
  }
  // 404: the server has no link for this order, which is "not available", not a failure.
  if (outcome.kind === 'response' && outcome.status === 404)
    return { message: PAYMENT_LINK_UNAVAILABLE };
  return { message: PAYMENT_LINK_FAILED };
}
