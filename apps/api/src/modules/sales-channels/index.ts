// The store's sales channels (issue 37): the WhatsApp number in use, read by GET /api/loja/ and
// the back office's 'Canais de venda'.
export { readStoreWhatsapp, whatsappInUse } from './whatsapp.js';
