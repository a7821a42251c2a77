// =================================================================================================
// Orders: one she may not see, or may not pay.
// =================================================================================================

/** An order she may not see, or that does not exist: the same answer, so none is revealed. */
export const ORDER_NOT_FOUND = 'Pedido não encontrado.';
/** Paying an order that is paid, cancelled or otherwise past waiting for its payment. */
export const ORDER_NOT_AWAITING_PAYMENT = 'Este pedido não aguarda pagamento.';
