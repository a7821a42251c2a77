// =================================================================================================
// Demonstration store (PAYMENT_PROVIDER=sandbox on purpose).
// =================================================================================================

/** The ribbon on every page of a demonstration store (PAYMENT_PROVIDER=sandbox on purpose). */
export const DEMO_STORE_RIBBON_TITLE = 'Loja de demonstração.';
export const DEMO_STORE_RIBBON_TEXT = 'Nenhum pagamento aqui é real e nenhum pedido será enviado.';
