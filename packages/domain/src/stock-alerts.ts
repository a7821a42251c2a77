/**
 * 'Avise-me quando chegar' (docs/stock-alerts-contract.md): the texts of POST /api/avise-me/ and of
 * the product page's form, shared by the API and the web.
 */
import { isValidEmail, normalizeEmail } from './email';
import { RESEND_EMAIL_INVALID, RESEND_EMAIL_REQUIRED } from './messages';
import { variationAxisWord } from './variations';

/** 409: the piece (or that size) can be bought now. */
export const STOCK_ALERT_AVAILABLE = 'Este produto está disponível.';
export const STOCK_ALERT_PRODUCT_INVALID = 'O id do produto deve ser um número inteiro positivo.';
export const STOCK_ALERT_VARIATION_INVALID =
  'O id da variação deve ser um número inteiro positivo.';
export const STOCK_ALERT_EMAIL_REQUIRED = RESEND_EMAIL_REQUIRED;
export const STOCK_ALERT_EMAIL_INVALID = RESEND_EMAIL_INVALID;
/** The form's failure when the call itself failed (network, 5xx). */
export const STOCK_ALERT_FAILED = 'Não foi possível registrar seu pedido. Tente novamente.';

/** The form's title and button. */
export const STOCK_ALERT_TITLE = 'Avise-me quando chegar';
export const STOCK_ALERT_BUTTON = 'Avise-me';
export const STOCK_ALERT_EMAIL_LABEL = 'Seu e-mail';
export const STOCK_ALERT_INTRO = 'Deixe seu e-mail e avisaremos assim que esta joia voltar.';
/** Under the button (LGPD: what the address is for, and for how long). */
export const STOCK_ALERT_PRIVACY =
  'Usamos seu e-mail só para este aviso, uma única vez; sem aviso em 90 dias, ele é apagado.';

/** Under the size picker of a piece with some sizes sold out: 'Seu aro esgotou? …'. */
export function stockAlertSizeQuestion(axis: string | null | undefined): string {
  return `Seu ${variationAxisWord(axis)} esgotou? ${STOCK_ALERT_TITLE}`;
}

/** The size select's label ('Aro'), and its first option for a piece sold out in every size. */
export function stockAlertAnySize(axis: string | null | undefined): string {
  return `Qualquer ${variationAxisWord(axis)}`;
}

/** The confirmation on the page when her address had confirmed the request before. */
export function stockAlertConfirmation(email: string): string {
  return `Pronto! Avisaremos ${normalizeEmail(email)} quando chegar.`;
}

/** The page after a request (double opt-in): the address confirms it through the e-mail's link. */
export function stockAlertConfirmationSent(email: string): string {
  return `Enviamos um e-mail de confirmação para ${normalizeEmail(email)}. Abra o link nele para receber o aviso quando chegar.`;
}

/** The e-mail field's problem, or null: the API's 400 and the form's message say the same. */
export function stockAlertEmailError(email: unknown): string | null {
  if (typeof email !== 'string' || email.trim() === '') return STOCK_ALERT_EMAIL_REQUIRED;
  if (email.length > 254 || !isValidEmail(email)) return STOCK_ALERT_EMAIL_INVALID;
  return null;
}

/** The owners' count of shoppers waiting for a piece or a size ('3 aguardando aviso'). */
export function stockAlertWaitingText(count: number): string {
  return `${count} aguardando aviso`;
}

/** Its longer form, for a screen reader and a tooltip. */
export function stockAlertWaitingTitle(count: number): string {
  return count === 1
    ? '1 cliente pediu “Avise-me quando chegar” e espera a reposição'
    : `${count} clientes pediram “Avise-me quando chegar” e esperam a reposição`;
}
