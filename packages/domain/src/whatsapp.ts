/**
 * The store's WhatsApp (issue 37): the number the owners give ('Canais de venda', else the
 * environment's WHATSAPP_NUMBER) and the wa.me links built from it. The number is kept as DDD and
 * number, digits only ('11974523180'); links add Brazil's 55. Shared by the API (config, the
 * owners' settings, GET /api/loja/) and the web app (the buttons), so both read it alike.
 */
import { onlyDigits } from './digits';
import { formatBRL, type Cents } from './money';
import { maskPhone } from './phone';
import { STORE_INFO } from './store-info';
import { variationLabel } from './variations';

/** The message when a number cannot be a Brazilian phone with its DDD. */
export const WHATSAPP_NUMBER_INVALID = 'Informe o WhatsApp com DDD, por exemplo (11) 97452-3180.';

/**
 * '(11) 97452-3180', '+55 11 97452-3180', '5511974523180' → '11974523180'. Null when it is not a
 * Brazilian phone with a DDD: 10 digits (landline, starting 2-5) or 11 (mobile, starting 9),
 * a DDD of two digits 1-9 each. A leading 55 (and a 0 before the DDD) is dropped.
 */
export function parseWhatsappNumber(input: string | null | undefined): string | null {
  let digits = onlyDigits(input ?? '');
  if (digits.length >= 12 && digits.startsWith('55')) digits = digits.slice(2);
  // The trunk prefix some write before the DDD: '0 11 97452-3180'. No DDD starts with 0.
  if (digits.startsWith('0')) digits = digits.slice(1);
  if (!/^[1-9]{2}/.test(digits)) return null;
  if (digits.length === 11) return digits[2] === '9' ? digits : null;
  if (digits.length === 10) return /[2-5]/.test(digits[2] ?? '') ? digits : null;
  return null;
}

/** '11974523180' → '(11) 97452-3180', as shoppers and the owners read it. */
export function formatWhatsappNumber(number: string): string {
  return maskPhone(number);
}

/**
 * The chat link: https://wa.me/55<DDD><number>, with the message she will send already typed
 * when there is one. Nothing is loaded from WhatsApp until she taps it.
 */
export function whatsappChatUrl(number: string, text?: string): string {
  const base = `https://wa.me/55${number}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** The label of the floating button every storefront page shows, and its accessible name. */
export const WHATSAPP_CONTACT_LABEL = 'Fale conosco no WhatsApp';
/** The product page's button beside 'Adicionar ao Carrinho'. */
export const WHATSAPP_BUY_LABEL = 'Comprar pelo WhatsApp';
/** Her order's page: the chat about that order. */
export const WHATSAPP_ORDER_LABEL = 'Falar sobre o pedido no WhatsApp';

/** The floating button's message: a greeting naming the store. */
export function whatsappGreeting(): string {
  return `Olá, ${STORE_INFO.name}! Vim pelo site e gostaria de atendimento.`;
}

/**
 * 'Comprar pelo WhatsApp': the piece, its size when she chose one ('Aro 16'), the price she sees
 * (the promotion's when on promotion) and its link, so the owners answer without looking it up.
 */
export function whatsappProductMessage(piece: {
  name: string;
  /** The chosen size: the piece's axis ('Aro') and the size's name ('16'). */
  size?: { axis: string | null; name: string } | null;
  priceCents: Cents | null;
  /** The piece's absolute link, with ?variacao= when a size is chosen. */
  url: string;
}): string {
  const size = piece.size ? `\nTamanho: ${variationLabel(piece.size.axis, piece.size.name)}` : '';
  const price = piece.priceCents === null ? '' : `\nPreço: ${formatBRL(piece.priceCents)}`;
  return `Olá! Quero comprar esta joia da ${STORE_INFO.name}:\n${piece.name}${size}${price}\n${piece.url}`;
}

/** Her order's page: the chat about that order, by its reference. */
export function whatsappOrderMessage(reference: string | number): string {
  return `Olá! Quero falar sobre o meu pedido #${reference} na ${STORE_INFO.name}.`;
}
