// Shipping quotes: POST /api/calcular-frete/ and the seam for who prices a delivery.
export { shippingRoutes } from './routes.js';
export { tableShippingQuoter, type ShippingQuoter } from './quote.js';
export {
  chooseFreight,
  createFreightQuoter,
  FREIGHT_CACHE_MS,
  type ChosenFreight,
  type FreightOption,
  type FreightPiece,
  type FreightQuote,
  type FreightQuoter,
} from './freight.js';
