/**
 * The store's WhatsApp (issue 37): the number the owners give ('Canais de venda', else the
 * environment's WHATSAPP_NUMBER) and the wa.me links built from it. The number is kept as DDD and
 * number, digits only ('11974523180'); links add Brazil's 55. Shared by the API (config, the
 * owners' settings, GET /api/loja/) and the web app (the buttons), so both read it alike.
 */
import { onlyDigits } from './digits';
import { maskPhone } from './phone';

/** The message when a number cannot be a Brazilian phone with its DDD. */
export const WHATSAPP_NUMBER_INVALID =
  'Informe o WhatsApp com DDD, por exemplo (11) 97452-3180.';

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
