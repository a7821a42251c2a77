/**
 * Selling's one door: checkout, payments and orders (docs/decisions/0009-selling-module.md).
 * Whatever another module or app.ts uses of selling is exported here and nowhere else.
 */
export { createSales, type Sales, type SalesDeps } from './sales.js';
export { salesRoutes } from './routes.js';
export {
  createOrderSweeper,
  type OrderSweeper,
  type OrderSweeperOptions,
  type SweepResult,
} from './sweeper.js';

// The order as the back office reads it and moves it (modules/admin/orders).
export { statusOf } from './orders/data.js';
export {
  addressJson,
  addressOf,
  customerOf,
  lineVariation,
  loadOrderView,
  paidWithOf,
  type OrderAddress,
  type OrderCustomer,
  type OrderView,
} from './orders/view.js';
export {
  cancelByOwner,
  markDelivered,
  markInProgress,
  markRefunded,
  markShipped,
  releaseByOwner,
} from './orders/transitions.js';
export {
  enqueueOrderEmails,
  orderMailDeps,
  type OrderEmailEvent,
  type OrderMailDeps,
} from './orders/emails.js';
