// =================================================================================================
// Checkout: the page, and the refusals of api/pay and api/pagamento.
// =================================================================================================

import { text } from './reading';

export const CHECKOUT_CART_NOT_FOUND = 'Dados do carrinho não encontrados';
export const CHECKOUT_FAILED = 'Erro ao processar checkout. Tente novamente.';
export const CHECKOUT_ERROR_BOX_TITLE = 'Ops! Algo deu errado';

/** Checkout navigation failure: 'Erro: {server error}' or the generic text. */
export function checkoutNavigationError(serverError?: string | null): string {
  const error = text(serverError);
  return error ? `Erro: ${error}` : CHECKOUT_FAILED;
}

/** api/pay: the CEP the order is quoted for is missing or not 8 digits. */
export const CHECKOUT_CEP_INVALID = 'CEP inválido.';
/** api/pay: a guest's cart over the limit of different products. */
export const CHECKOUT_TOO_MANY_LINES = 'O carrinho pode ter no máximo 50 produtos diferentes.';
/** api/pagamento: no usable `reference` (or a body that is not an object). */
export const CHECKOUT_REFERENCE_REQUIRED = 'Informe a referência do pedido.';
/** api/pagamento: the delivery address breaks a rule (the fields say which). */
export const CHECKOUT_SHIPPING_INFO_INVALID = 'Dados de entrega inválidos.';
/** api/pay or api/pagamento: the page's figures are not the server's (its new totals follow). */
export const CHECKOUT_TOTALS_CHANGED =
  'Os valores do pedido mudaram. Confira o resumo e tente novamente.';

/** api/pay: a line asks for more units than the shelf has. */
export function outOfStockMessage(name: string, available: number): string {
  return `O produto "${name}" não tem estoque suficiente (disponível: ${Math.max(0, available)}).`;
}

/** api/pay: a product the owners hid after she put it in her cart. */
export function productUnavailableMessage(name: string): string {
  return `O produto "${name}" não está mais à venda. Remova-o do carrinho para continuar.`;
}

/** api/pay, api/pagamento: the same `Idempotency-Key` sent with another request. */
export const IDEMPOTENCY_KEY_REUSED = 'Esta chave de idempotência já foi usada em outro pedido.';
/** api/pay, api/pagamento: its twin with the same `Idempotency-Key` has not answered yet. */
export const IDEMPOTENCY_IN_PROGRESS =
  'Este pedido ainda está sendo processado. Tente novamente em instantes.';

/** api/pay, api/pagamento: an `Idempotency-Key` empty, too long or with other than printable ASCII. */
export function idempotencyKeyInvalidMessage(maxLength: number): string {
  return `O Idempotency-Key deve ter de 1 a ${maxLength} caracteres imprimíveis.`;
}
