// The store's e-mail: the transactional outbox and its worker, and the layout every message shares.
export {
  createOutboxWorker,
  enqueueEmail,
  type OutboxMessage,
  type OutboxWorker,
} from './outbox.js';
export {
  button,
  detailsTable,
  emailLayout,
  heading,
  html,
  itemsTable,
  itemsText,
  note,
  panel,
  paragraph,
  passwordResetEmail,
  SafeHtml,
  STORE_CONTACT,
  STORE_NAME,
  strong,
  textFooter,
  verificationEmail,
  type ItemLine,
  type TotalLine,
} from './templates.js';
