/**
 * The owners' security notices (issue 20), pure: facts in, a message out. Neither carries a
 * secret, a code or a link that acts by itself: what to do is said in words, and the only link is
 * the store's own 'Esqueci minha senha' page.
 */
import { formatDateTime } from '@semijoias/domain/dates';
import type { OutboxMessage } from '../mail/outbox.js';
import {
  STORE_NAME,
  button,
  detailsTable,
  emailLayout,
  note,
  paragraph,
  textFooter,
} from '../mail/templates.js';

function forgotPasswordLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/esqueci-senha`;
}

/** 'Novo acesso à sua conta': her account logged in from a browser the store had not seen. */
export function newBrowserEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  at: Date;
  /** describeBrowser()'s words: 'Chrome 126 no Windows'. */
  browser: string;
}): OutboxMessage {
  const name = input.firstName.trim();
  const when = `${formatDateTime(input.at)} (horário de Brasília)`;
  const link = forgotPasswordLink(input.publicUrl);
  const subject = `Novo acesso à sua conta - ${STORE_NAME}`;
  const notYou =
    'Se não foi você, redefina sua senha agora pelo link abaixo e peça à outra administradora ' +
    'que redefina o seu segundo fator (Administração > Clientes > sua conta > Redefinir segundo ' +
    'fator). Depois, configure o aplicativo autenticador de novo.';
  const text = [
    `Olá, ${name}!`,
    '',
    'Sua conta de administradora da loja acabou de entrar com a senha em um navegador que ainda não tínhamos visto.',
    '',
    `Quando: ${when}`,
    `Navegador: ${input.browser}`,
    '',
    'Se foi você, não precisa fazer nada.',
    notYou,
    '',
    link,
    ...textFooter(),
  ].join('\n');
  const html = emailLayout({
    title: subject,
    preheader: `Entrada em ${input.browser}, ${formatDateTime(input.at)}.`,
    homeUrl: input.publicUrl,
    blocks: [
      paragraph(`Olá, ${name}!`),
      paragraph(
        'Sua conta de administradora da loja acabou de entrar com a senha em um navegador que ' +
          'ainda não tínhamos visto.',
      ),
      detailsTable([
        ['Quando', when],
        ['Navegador', input.browser],
      ]),
      paragraph('Se foi você, não precisa fazer nada.'),
      paragraph(notYou),
      button({ label: 'Redefinir minha senha', href: link }),
    ],
  });
  return { kind: 'owner_new_browser', to: input.to, subject, text, html, links: [link] };
}

/** 'Seu segundo fator foi redefinido': another owner removed hers; her sessions ended. */
export function secondFactorResetEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  at: Date;
  /** The owner who did it, as the back office names her. */
  by: string;
}): OutboxMessage {
  const name = input.firstName.trim();
  const when = `${formatDateTime(input.at)} (horário de Brasília)`;
  const link = forgotPasswordLink(input.publicUrl);
  const subject = `Seu segundo fator foi redefinido - ${STORE_NAME}`;
  const next =
    'No próximo acesso à administração, configure o aplicativo autenticador de novo. As sessões ' +
    'abertas da sua conta foram encerradas.';
  const notAsked =
    'Se você não pediu isso, fale com ela agora e redefina sua senha pelo link abaixo.';
  const text = [
    `Olá, ${name}!`,
    '',
    `${input.by} redefiniu o segundo fator da sua conta de administradora.`,
    `Quando: ${when}`,
    '',
    next,
    notAsked,
    '',
    link,
    ...textFooter(),
  ].join('\n');
  const html = emailLayout({
    title: subject,
    preheader: `${input.by} redefiniu o seu segundo fator.`,
    homeUrl: input.publicUrl,
    blocks: [
      paragraph(`Olá, ${name}!`),
      paragraph(`${input.by} redefiniu o segundo fator da sua conta de administradora.`),
      detailsTable([['Quando', when]]),
      paragraph(next),
      note(notAsked),
      button({ label: 'Redefinir minha senha', href: link }),
    ],
  });
  return { kind: 'owner_second_factor_reset', to: input.to, subject, text, html, links: [link] };
}
