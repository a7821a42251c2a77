/**
 * The owners' security notices, pure: facts in, a message out. Neither carries a
 * secret, a code or a link that acts by itself: what to do is said in words, and the only link is
 * the store's own 'Esqueci minha senha' page.
 */
import { formatDateTime } from '@semijoias/domain/dates';
import {
  type OutboxMessage,
  Button,
  DetailsTable,
  Layout,
  Note,
  Paragraph,
  renderEmail,
  STORE_NAME,
  textFooter,
} from '../mail/index.js';
import { forgotPasswordLink } from '../owner-access/index.js';

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
  const html = renderEmail(
    <Layout
      title={subject}
      preheader={`${input.by} redefiniu o seu segundo fator.`}
      homeUrl={input.publicUrl}
    >
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph>{input.by} redefiniu o segundo fator da sua conta de administradora.</Paragraph>
      <DetailsTable rows={[['Quando', when]]} />
      <Paragraph>{next}</Paragraph>
      <Note>{notAsked}</Note>
      <Button href={link}>Redefinir minha senha</Button>
    </Layout>,
  );
  return { kind: 'owner_second_factor_reset', to: input.to, subject, text, html, links: [link] };
}
