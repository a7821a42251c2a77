// Shipping quotes: POST /api/calcular-frete/ and the seam for who prices a delivery.
export { shippingRoutes } from './routes.js';
export { tableShippingQuoter, type ShippingQuoter } from './quote.js';
