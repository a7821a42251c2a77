// The store's e-mail: the transactional outbox and its worker, and the layout every message shares.
export {
  createOutboxWorker,
  enqueueEmail,
  type OutboxMessage,
  type OutboxWorker,
} from './outbox.js';
export {
  Button,
  DetailsTable,
  Heading,
  ItemsTable,
  Layout,
  Note,
  Panel,
  Paragraph,
  renderEmail,
  STORE_CONTACT,
  STORE_NAME,
  setEmailWhatsapp,
  storeWhatsapp,
  type ItemLine,
  type TotalLine,
} from './layout.js';
export { itemsText, passwordResetEmail, textFooter, verificationEmail } from './templates.js';
