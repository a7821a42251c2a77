/**
 * The owners' second-factor e-mails, pure: facts in, a message out. The notices (reset, set up,
 * new recovery codes) carry no secret, code or link that acts by itself: what to do is said in
 * words, and the only link is the store's own 'Esqueci minha senha' page. The setup link is the
 * one message whose link acts: it opens the setup once, within minutes.
 */
import { formatDateTime } from '@semijoias/domain/dates';
import { SECOND_FACTOR_LINK_MINUTES } from '@semijoias/domain/second-factor-link';
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

/** `/admin?segundo-fator=configurar&token=…`: the back office opens the setup with it. */
export function secondFactorSetupLink(publicUrl: string, token: string): string {
  return `${publicUrl}/admin?segundo-fator=configurar&token=${encodeURIComponent(token)}`;
}

/** 'Configure o segundo fator': the one-time link that opens the setup. */
export function secondFactorLinkEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  token: string;
}): OutboxMessage {
  const name = input.firstName.trim();
  const link = secondFactorSetupLink(input.publicUrl, input.token);
  const subject = `Configure o segundo fator da sua conta - ${STORE_NAME}`;
  const lead =
    'Para configurar o aplicativo autenticador da sua conta de administradora, abra o link ' +
    `abaixo no aparelho em que você entra na administração (vale por ${SECOND_FACTOR_LINK_MINUTES} ` +
    'minutos, uma única vez).';
  const notAsked =
    'Se você não pediu isso, não abra o link: alguém tem a sua senha. Redefina-a agora pela ' +
    'página "Esqueci minha senha" da loja e avise a outra administradora.';
  const text = [`Olá, ${name}!`, '', lead, '', link, '', notAsked, ...textFooter()].join('\n');
  const html = renderEmail(
    <Layout
      title={subject}
      preheader="O link para configurar o seu segundo fator."
      homeUrl={input.publicUrl}
    >
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Button href={link}>Configurar o segundo fator</Button>
      <Note>{notAsked}</Note>
    </Layout>,
  );
  return { kind: 'owner_second_factor_link', to: input.to, subject, text, html, links: [link] };
}

/** A notice of a change to her second factor: what happened, when, and what to do if not her. */
function notice(input: {
  kind: string;
  to: string;
  firstName: string;
  publicUrl: string;
  at: Date;
  subject: string;
  what: string;
}): OutboxMessage {
  const name = input.firstName.trim();
  const when = `${formatDateTime(input.at)} (horário de Brasília)`;
  const link = forgotPasswordLink(input.publicUrl);
  const subject = `${input.subject} - ${STORE_NAME}`;
  const notAsked =
    'Se não foi você, redefina sua senha agora pelo link abaixo e peça à outra administradora ' +
    'para redefinir o seu segundo fator.';
  const text = [
    `Olá, ${name}!`,
    '',
    input.what,
    `Quando: ${when}`,
    '',
    notAsked,
    '',
    link,
    ...textFooter(),
  ].join('\n');
  const html = renderEmail(
    <Layout title={subject} preheader={input.what} homeUrl={input.publicUrl}>
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph>{input.what}</Paragraph>
      <DetailsTable rows={[['Quando', when]]} />
      <Note>{notAsked}</Note>
      <Button href={link}>Redefinir minha senha</Button>
    </Layout>,
  );
  return { kind: input.kind, to: input.to, subject, text, html, links: [link] };
}

/** 'Segundo fator configurado': an authenticator was set up for her account. */
export function secondFactorEnabledEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  at: Date;
}): OutboxMessage {
  return notice({
    ...input,
    kind: 'owner_second_factor_enabled',
    subject: 'Segundo fator configurado',
    what: 'Um aplicativo autenticador foi configurado como segundo fator da sua conta de administradora.',
  });
}

/** 'Novos códigos de recuperação': her recovery codes were renewed; the old ones stopped. */
export function recoveryCodesRenewedEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  at: Date;
}): OutboxMessage {
  return notice({
    ...input,
    kind: 'owner_recovery_codes_renewed',
    subject: 'Novos códigos de recuperação',
    what: 'Novos códigos de recuperação foram gerados para a sua conta de administradora; os anteriores deixaram de valer.',
  });
}
