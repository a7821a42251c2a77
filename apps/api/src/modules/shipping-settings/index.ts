// The owners' freight settings (Melhor Envio): read by the quotes, api/pay and the labels through
// `settings()` and `client()`, edited in the back office (modules/admin/shipping).
export {
  createShippingSettingsService,
  effectiveShippingSettings,
  readShippingSettingsRow,
  shippingSettingsJson,
  writeShippingSettings,
  type ConnectionTest,
  type EffectiveShippingSettings,
  type ShippingSettingsJson,
  type ShippingSettingsService,
  type ShippingTestResult,
  type TokenChange,
} from './service.js';
