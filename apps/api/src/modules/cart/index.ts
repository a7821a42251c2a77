// The shopper's server cart (docs/cart-contract.md).
export { cartRoutes } from './routes.js';
export { PRODUCT_ID_INVALID } from './schemas.js';
export { createCartService } from './service.js';
