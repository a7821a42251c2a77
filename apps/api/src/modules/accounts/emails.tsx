/**
 * The e-mails of a change of address (docs/account-security.md), pure: facts in, a message out.
 * The new address gets the link that makes the change; the old one gets a notice with the
 * 'não fui eu' link, which cancels it (or undoes it) and ends her sessions. The notice never
 * carries the confirmation link.
 */
import {
  EMAIL_CHANGE_CANCEL_DAYS,
  EMAIL_CHANGE_CONFIRM_HOURS,
} from '@semijoias/domain/email-change';
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

export function emailChangeConfirmLink(publicUrl: string, token: string): string {
  return `${publicUrl}/confirmar-email?token=${encodeURIComponent(token)}`;
}

export function emailChangeCancelLink(publicUrl: string, token: string): string {
  return `${publicUrl}/nao-fui-eu?token=${encodeURIComponent(token)}`;
}

/** To the new address: 'Confirme seu novo e-mail'. */
export function emailChangeConfirmEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  token: string;
}): OutboxMessage {
  const link = emailChangeConfirmLink(input.publicUrl, input.token);
  const name = input.firstName.trim();
  const subject = `Confirme seu novo e-mail - ${STORE_NAME}`;
  const lead =
    `Recebemos um pedido para usar este endereço na sua conta da ${STORE_NAME}. Para concluir a ` +
    `troca, abra o link abaixo (válido por ${EMAIL_CHANGE_CONFIRM_HOURS} horas, uma vez só).`;
  const notMe = 'Se você não pediu isso, ignore esta mensagem: nada muda.';
  const text = [`Olá, ${name}!`, '', lead, '', link, '', notMe, ...textFooter()].join('\n');
  const html = renderEmail(
    <Layout
      title={subject}
      preheader="Confirme o novo e-mail da sua conta."
      homeUrl={input.publicUrl}
    >
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Button href={link}>Confirmar novo e-mail</Button>
      <Note>{notMe}</Note>
    </Layout>,
  );
  return { kind: 'email_change_confirm', to: input.to, subject, text, html, links: [link] };
}

/** To the old address: 'Pedido de troca do seu e-mail', with 'Não fui eu'. */
export function emailChangeNoticeEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  newEmail: string;
  token: string;
}): OutboxMessage {
  const link = emailChangeCancelLink(input.publicUrl, input.token);
  const name = input.firstName.trim();
  const subject = `Pedido de troca do seu e-mail - ${STORE_NAME}`;
  const lead =
    'Alguém com a senha da sua conta pediu para trocar o e-mail dela. A troca só acontece ' +
    'quando o link enviado ao novo endereço for aberto.';
  const notMe =
    'Não foi você? Abra o link abaixo: cancelamos a troca (ou a desfazemos, se já tiver sido ' +
    `confirmada) e encerramos todas as sessões da sua conta. Ele vale por ${EMAIL_CHANGE_CANCEL_DAYS} ` +
    'dias. Depois, crie uma nova senha.';
  const text = [
    `Olá, ${name}!`,
    '',
    lead,
    `Novo e-mail pedido: ${input.newEmail}`,
    '',
    notMe,
    '',
    link,
    '',
    'Se foi você, não precisa fazer nada aqui.',
    ...textFooter(),
  ].join('\n');
  const html = renderEmail(
    <Layout
      title={subject}
      preheader="Pediram para trocar o e-mail da sua conta."
      homeUrl={input.publicUrl}
    >
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <DetailsTable rows={[['Novo e-mail pedido', input.newEmail]]} />
      <Paragraph>{notMe}</Paragraph>
      <Button href={link}>Não fui eu</Button>
      <Note>Se foi você, não precisa fazer nada aqui.</Note>
    </Layout>,
  );
  return { kind: 'email_change_notice', to: input.to, subject, text, html, links: [link] };
}
