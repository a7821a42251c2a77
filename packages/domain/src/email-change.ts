/**
 * Changing an account's e-mail (docs/account-security.md): the words of the info tab, the link
 * sent to the new address and the 'não fui eu' link sent to the old one. Shared by the API and
 * the web app.
 */

/** How long the link sent to the new address confirms the change. */
export const EMAIL_CHANGE_CONFIRM_HOURS = 24;
/** How long the 'não fui eu' link sent to the old address cancels (or undoes) it. */
export const EMAIL_CHANGE_CANCEL_DAYS = 7;

export const EMAIL_CHANGE_PASSWORD_REQUIRED = 'Para trocar o e-mail, digite sua senha atual.';
export const EMAIL_CHANGE_PASSWORD_WRONG = 'Senha atual incorreta.';

export function emailChangeSentMessage(newEmail: string): string {
  return (
    `Enviamos um link de confirmação para ${newEmail}. Seu e-mail muda quando você abrir o ` +
    `link (válido por ${EMAIL_CHANGE_CONFIRM_HOURS} horas). Até lá, continua o atual.`
  );
}

export const EMAIL_CHANGE_CONFIRMED = 'Pronto! Seu e-mail foi alterado.';
export const EMAIL_CHANGE_LINK_INVALID =
  'Este link de confirmação é inválido, já foi usado ou expirou. Peça a troca de novo em Meus dados.';
export const EMAIL_CHANGE_TAKEN_NOW =
  'Este e-mail passou a ser usado por outra conta. A troca não foi feita; escolha outro endereço em Meus dados.';

export const EMAIL_CHANGE_CANCELLED =
  'Pronto! A troca de e-mail foi cancelada e todas as sessões da sua conta foram encerradas. ' +
  'Por segurança, crie uma nova senha agora: quem pediu a troca sabia a sua.';
export const EMAIL_CHANGE_UNDONE =
  'Pronto! A troca foi desfeita: sua conta voltou ao e-mail anterior, e todas as sessões dela ' +
  'foram encerradas. ' +
  'Por segurança, crie uma nova senha agora: quem pediu a troca sabia a sua.';
export const EMAIL_CHANGE_CANCEL_INVALID =
  'Este link é inválido, já foi usado ou expirou. Se você não reconhece uma troca do seu e-mail, ' +
  'redefina sua senha em "Esqueci minha senha" e fale conosco.';
