// The owners' payment settings (installments, the PIX discount): read by the storefront and the
// checkout, edited in the back office (modules/admin/payments).
export {
  paymentSettingsJson,
  readPaymentSettings,
  writePaymentSettings,
  type PaymentSettingsJson,
} from './service.js';
