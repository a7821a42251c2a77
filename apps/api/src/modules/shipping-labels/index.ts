// 'Comprar etiqueta' (issue 35): the owners buy, print and cancel an order's Melhor Envio label
// (docs/shipping-labels.md). Its calls are registered in the back office's API (modules/admin);
// its pass asking for the carriers' codes that come later runs at each order sweep (app.ts).
export { shippingLabelsRoutes } from './routes.js';
export {
  createShippingLabelsService,
  labelJson,
  LABEL_CLAIM_TTL_SECONDS,
  LABEL_TRACKING_FOLLOW_UP_DAYS,
  type LabelAuditEntry,
  type LabelJson,
  type ShippingLabelsDeps,
  type ShippingLabelsService,
} from './service.js';
