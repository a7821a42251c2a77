// =================================================================================================
// Cart: the cart page and drawer, its payment button, the server cart's refusals.
// =================================================================================================

import { isCartQuoteStale, type QuotedCart } from '../shipping';

export const CART_EMPTY_TEXT = 'O carrinho está vazio.';
export const CART_REMOVE_CONFIRM = 'Deseja realmente remover esse item do carrinho?';
export const CART_ADDED_POPUP = 'Produto adicionado ao carrinho com sucesso!';

/** A quantity change the server refused or never answered: the cart is reloaded (SPEC §7). */
export const CART_UPDATE_ERROR = 'Não foi possível atualizar o carrinho. Tente novamente.';

export const CART_IS_EMPTY = 'Seu carrinho está vazio.';
export const CART_SHIPPING_NOT_CALCULATED =
  'Por favor, calcule o frete antes de prosseguir com o pagamento.';
export const CART_VALUE_CHANGED =
  'O valor do carrinho foi alterado. Por favor, recalcule o frete antes de prosseguir.';

/**
 * The cart's payment button checks (SPEC §5), in order; null when checkout may open.
 * `quoted` is what the current quote was computed for (null: no quote).
 */
export function cartPaymentBlocker(input: {
  lineCount: number;
  quoted: QuotedCart | null;
  current: QuotedCart;
}): string | null {
  if (input.lineCount === 0) return CART_IS_EMPTY;
  if (input.quoted === null) return CART_SHIPPING_NOT_CALCULATED;
  if (isCartQuoteStale(input.quoted, input.current)) return CART_VALUE_CHANGED;
  return null;
}

/** The server cart's refusals (docs/cart-contract.md). */
export const CART_OUT_OF_STOCK = 'Produto sem estoque no momento.';
export const CART_QUANTITY_INVALID = 'Quantidade inválida.';
export const CART_ITEM_NOT_IN_CART = 'Produto não está no carrinho.';

/** The cart merge's `Idempotency-Key` header, empty or over `maxLength` characters. */
export function cartMergeKeyInvalidMessage(maxLength: number): string {
  return `O Idempotency-Key deve ter de 1 a ${maxLength} caracteres.`;
}
