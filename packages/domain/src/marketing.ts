/**
 * Marketing consent, the forgotten-cart e-mail and unsubscribing
 * (docs/marketing-consent-contract.md): the texts the sign-up, the info tab, the unsubscribe page
 * and the API say, and the one rule for reading `aceita_marketing` from a body.
 */
import type { Outcome } from './messages';

/** The checkbox at sign-up and the switch of the info tab (LGPD: unticked until she ticks it). */
export const MARKETING_CONSENT_LABEL = 'Quero receber novidades e ofertas por e-mail';
/** Under the checkbox and the switch: what she agrees to, and how to stop it. */
export const MARKETING_CONSENT_HINT =
  'Ofertas, lançamentos e lembretes do seu carrinho. Você pode cancelar quando quiser.';

/** `aceita_marketing` that is not true or false (a 400 field error of POST users / PUT infos). */
export const MARKETING_CONSENT_INVALID =
  'Informe se quer receber novidades e ofertas por e-mail (sim ou não).';

/** The info tab's switch, after it saved by itself. */
export const MARKETING_CONSENT_SAVED_ON = 'Pronto! Você vai receber nossas novidades e ofertas.';
export const MARKETING_CONSENT_SAVED_OFF =
  'Pronto! Você não vai mais receber novidades e ofertas por e-mail.';
export const MARKETING_CONSENT_SAVE_ERROR =
  'Não foi possível salvar sua preferência. Verifique sua conexão e tente novamente.';

/** The unsubscribe page (`/descadastrar?t=…`) and the unsubscribe call's answers. */
export const UNSUBSCRIBE_PAGE_PATH = '/descadastrar';
/** The query parameter carrying her unsubscribe token, on the page and on the call. */
export const UNSUBSCRIBE_TOKEN_PARAM = 't';
export const UNSUBSCRIBE_TITLE = 'Descadastrar e-mails';
export const UNSUBSCRIBE_INTRO =
  'Confirme abaixo para não receber mais novidades, ofertas e lembretes do carrinho por e-mail. Os e-mails dos seus pedidos continuam chegando normalmente.';
export const UNSUBSCRIBE_BUTTON = 'Confirmar descadastro';
export const UNSUBSCRIBE_BUSY = 'Descadastrando...';
export const UNSUBSCRIBE_DONE =
  'Pronto! Você não vai mais receber novidades e ofertas por e-mail. Se mudar de ideia, é só ativar de novo em Minha conta.';
export const UNSUBSCRIBE_LINK_INVALID =
  'Este link de descadastro é inválido ou está incompleto. Abra o link do e-mail novamente ou desative os e-mails em Minha conta.';
export const UNSUBSCRIBE_ACCOUNT_NOT_FOUND = 'Não encontramos a conta deste link de descadastro.';
export const UNSUBSCRIBE_FAILED =
  'Não foi possível concluir o descadastro agora. Verifique sua conexão e tente novamente.';

/**
 * `aceita_marketing` as a body carries it: absent (undefined: leave it as it is), true or false;
 * anything else is refused with {@link MARKETING_CONSENT_INVALID}.
 */
export function readMarketingConsent(
  value: unknown,
): { ok: true; value: boolean | undefined } | { ok: false; message: string } {
  if (value === undefined) return { ok: true, value: undefined };
  if (typeof value === 'boolean') return { ok: true, value };
  return { ok: false, message: MARKETING_CONSENT_INVALID };
}

/** What the unsubscribe page says when its call fails, by the answer (or its absence). */
export function unsubscribeErrorMessage(outcome: Outcome): string {
  if (outcome.kind !== 'response') return UNSUBSCRIBE_FAILED;
  if (outcome.status === 400) return UNSUBSCRIBE_LINK_INVALID;
  if (outcome.status === 404) return UNSUBSCRIBE_ACCOUNT_NOT_FOUND;
  return UNSUBSCRIBE_FAILED;
}
