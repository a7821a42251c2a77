// Marketing consent, the forgotten-cart e-mail and unsubscribing
// (docs/marketing-consent-contract.md).
export {
  consentColumns,
  oneClickUnsubscribeUrl,
  unsubscribeHeaders,
  unsubscribePageUrl,
  unsubscribeToken,
  userIdFromUnsubscribeToken,
  withdrawConsent,
} from './consent.js';
export {
  CART_REMINDER_BATCH_SIZE,
  cartReminderDedupeKey,
  createCartReminderTask,
  type CartReminderTask,
} from './cart-reminders.js';
export { cartLink, cartReminderEmail } from './email.js';
export { marketingRoutes } from './routes.js';
