// 'Avise-me quando chegar' (docs/stock-alerts-contract.md).
export { stockAlertRoutes } from './routes.js';
export {
  createStockAlertService,
  createStockAlertSweep,
  SERVED_STOCK_ALERT_KEPT_MS,
  STOCK_ALERT_CONFIRM_MS,
  STOCK_ALERT_KEPT_MS,
  waitingCounts,
  type StockAlertSweep,
  type StockAlertSweepResult,
} from './service.js';
export {
  stockAlertConfirmationEmail,
  stockAlertConfirmLink,
  stockAlertEmail,
  stockAlertLink,
} from './email.js';
