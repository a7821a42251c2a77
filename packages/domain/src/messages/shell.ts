// =================================================================================================
// Every page's frame: the header's account entry, and adding a piece to the cart (the cart hook
// every page holds). Apart from accounts.ts and cart.ts on purpose: the web app's first download
// carries this module whole, and those two bring the rest of their subjects with them.
// =================================================================================================

// The header's account entry (Login, SPEC §1).
export const USER_ENTRY_LOGGED_OUT = 'Entre ou Cadastre-se!';
export const USER_ENTRY_LOGGED_IN = 'Veja seus pedidos!';

// Adding to the cart, and the server cart's refusal when she already has every unit.
export const CART_ADD_ERROR = 'Erro ao adicionar produto ao carrinho. Tente novamente.';
export const CART_ALREADY_AT_STOCK =
  'Você já tem no carrinho todas as unidades disponíveis deste produto.';

/** The toast variant: '{product name} adicionado ao carrinho!'. */
export function cartAddedToast(productName: string): string {
  return `${productName} adicionado ao carrinho!`;
}
