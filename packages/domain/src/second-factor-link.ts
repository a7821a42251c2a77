/**
 * The owners' second factor is set up from a one-time link e-mailed to her address
 * (docs/second-factor.md): its words, shared by the API and the back office's screens.
 */

/** How long the e-mailed link opens the setup. */
export const SECOND_FACTOR_LINK_MINUTES = 15;

export function secondFactorLinkSent(email: string): string {
  return (
    `Enviamos um link para o seu e-mail (${email}). Abra-o para configurar o aplicativo ` +
    `autenticador: ele vale por ${SECOND_FACTOR_LINK_MINUTES} minutos e uma única vez.`
  );
}

export const SECOND_FACTOR_LINK_INVALID =
  'Este link para configurar o segundo fator é inválido, já foi usado ou expirou. Peça um novo.';
