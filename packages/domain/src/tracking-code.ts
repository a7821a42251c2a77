/**
 * The Correios tracking code of a shipped order: the UPU S10 format, two letters (the service),
 * eight digits, a check digit and two letters (the country: 'BR' for a domestic parcel), as
 * 'AA473124829BR'. The owners type it when they mark an order 'Enviado'; the server and the dialog
 * check it with the same rules, the check digit included, so a mistyped digit is caught before the
 * shopper receives a code that tracks nothing.
 */

/** S10: the weights of the eight serial digits. */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

const TRACKING_CODE_SHAPE = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

export const TRACKING_CODE_LENGTH = 13;

export const TRACKING_CODE_MESSAGES = {
  required: 'Informe o código de rastreamento dos Correios.',
  format: 'O código de rastreamento tem 2 letras, 9 números e 2 letras (ex.: AA473124829BR).',
  checkDigit:
    'Código de rastreamento inválido: confira os números (o dígito verificador não confere).',
} as const;

/** What she typed, in the code's form: upper case, without spaces, dots or dashes. */
export function normalizeTrackingCode(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[\s.\-/]/g, '');
}

/** The S10 check digit of the eight serial digits ('47312482' → 9). */
export function trackingCheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new Error('the serial of a tracking code has 8 digits');
  const sum = S10_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(serial[i]), 0);
  const r = sum % 11;
  if (r === 0) return 5;
  if (r === 1) return 0;
  return 11 - r;
}

/**
 * Null when `value` (normalized first) is a valid code, else the message to show: empty, the
 * wrong shape, or a check digit that does not match its serial.
 */
export function trackingCodeError(value: string | null | undefined): string | null {
  const code = normalizeTrackingCode(value);
  if (code === '') return TRACKING_CODE_MESSAGES.required;
  if (!TRACKING_CODE_SHAPE.test(code)) return TRACKING_CODE_MESSAGES.format;
  const serial = code.slice(2, 10);
  if (trackingCheckDigit(serial) !== Number(code[10])) return TRACKING_CODE_MESSAGES.checkDigit;
  return null;
}

export function isValidTrackingCode(value: string | null | undefined): boolean {
  return trackingCodeError(value) === null;
}

/** A code in the Correios' shape (S10): their own page tracks it. */
export function isCorreiosShaped(code: string): boolean {
  return TRACKING_CODE_SHAPE.test(normalizeTrackingCode(code));
}

/**
 * The page that tracks `code`: the Correios' for a Correios code (normalized); for another
 * carrier's code (Jadlog, Loggi... bought through Melhor Envio, kept as it came) Melhor Rastreio's.
 */
export function trackingUrl(code: string): string {
  if (!isCorreiosShaped(code)) {
    return `https://www.melhorrastreio.com.br/rastreio/${encodeURIComponent(code.trim())}`;
  }
  return `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(
    normalizeTrackingCode(code),
  )}`;
}

/** The link's words, on the screens and in the e-mail. */
export const TRACK_AT_CORREIOS = 'Rastrear nos Correios';
export const TRACK_ELSEWHERE = 'Rastrear a entrega';

/** The words of `code`'s link: the Correios' for their code, else a carrier-neutral one. */
export function trackingLinkText(code: string): string {
  return isCorreiosShaped(code) ? TRACK_AT_CORREIOS : TRACK_ELSEWHERE;
}
