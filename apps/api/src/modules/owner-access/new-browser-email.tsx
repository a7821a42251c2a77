/**
 * 'Novo acesso à sua conta', pure: facts in, a message out. It carries no secret, code
 * or link that acts by itself: what to do is said in words, and the only link is the store's own
 * 'Esqueci minha senha' page.
 */
import { formatDateTime } from '@semijoias/domain/dates';
import {
  type OutboxMessage,
  Button,
  DetailsTable,
  Layout,
  Paragraph,
  renderEmail,
  STORE_NAME,
  textFooter,
} from '../mail/index.js';

/** The store's 'Esqueci minha senha' page: the one link the owners' security notices carry. */
export function forgotPasswordLink(publicUrl: string): string {
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
  const html = renderEmail(
    <Layout
      title={subject}
      preheader={`Entrada em ${input.browser}, ${formatDateTime(input.at)}.`}
      homeUrl={input.publicUrl}
    >
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph>
        Sua conta de administradora da loja acabou de entrar com a senha em um navegador que ainda
        não tínhamos visto.
      </Paragraph>
      <DetailsTable
        rows={[
          ['Quando', when],
          ['Navegador', input.browser],
        ]}
      />
      <Paragraph>Se foi você, não precisa fazer nada.</Paragraph>
      <Paragraph>{notYou}</Paragraph>
      <Button href={link}>Redefinir minha senha</Button>
    </Layout>,
  );
  return { kind: 'owner_new_browser', to: input.to, subject, text, html, links: [link] };
}
