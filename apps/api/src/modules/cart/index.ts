// The shopper's server cart (docs/cart-contract.md).
export { cartRoutes } from './routes.js';
export { createCartService } from './service.js';
export { cartCepOf, rememberCartCep } from './cep.js';
export { keepCartLines, type KeptCartLines } from './kept-lines.js';
