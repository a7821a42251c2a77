// 'Comprar etiqueta' (issue 35): the owners buy, print and cancel an order's Melhor Envio label
// (docs/shipping-labels.md). Its calls are registered in the back office's API (modules/admin).
export { shippingLabelsRoutes, type ShippingLabelsRouteOptions } from './routes.js';
export {
  createShippingLabelsService,
  labelJson,
  LABEL_CLAIM_TTL_SECONDS,
  type LabelJson,
  type ShippingLabelsService,
} from './service.js';
