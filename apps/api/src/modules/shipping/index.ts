// Shipping quotes: POST /api/calcular-frete/, the freight of a cart (carriers or SPEC §9's table).
export { shippingRoutes } from './routes.js';
export { tableShippingQuoter, type ShippingQuoter } from './quote.js';
export {
  chooseFreight,
  createFreightQuoter,
  type ChosenFreight,
  type FreightQuoter,
} from './freight.js';
