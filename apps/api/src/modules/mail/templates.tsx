/**
 * The store's e-mails, in Portuguese, as HTML and plain text, and the account e-mails themselves.
 * Links are built on PUBLIC_URL: `/verificar-email?token=...` and `/redefinir-senha/<token>`
 * (docs/auth-contract.md).
 *
 * The HTML part is made of layout.tsx's components, in one layout for every message (the account
 * e-mails here, the order e-mails in modules/sales/orders/email-templates.tsx); the plain-text
 * part is written as lines, with the helpers below. docs/emails.md says how to add one.
 */
import { withDestination } from '@semijoias/domain/destination';
import { WELCOME_COUPON_OFFER, WELCOME_GIFT_TITLE } from '@semijoias/domain/coupon';
import { VERIFICATION_EMAIL_LEAD } from '@semijoias/domain/messages';
import { formatBRL } from '@semijoias/domain/money';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import {
  Button,
  Layout,
  Note,
  Panel,
  Paragraph,
  renderEmail,
  STORE_CONTACT,
  STORE_NAME,
  storeWhatsapp,
  type ItemLine,
  type TotalLine,
} from './layout.js';

export { STORE_CONTACT, STORE_NAME };

/** The same lines and totals for the plain-text part. */
export function itemsText(items: readonly ItemLine[], totals: readonly TotalLine[]): string[] {
  return [
    ...items.map(
      (i) =>
        `- ${i.quantidade} × ${i.name}${i.variation ? ` (${i.variation})` : ''} (${formatBRL(i.unitPriceCents)} cada): ${formatBRL(i.quantidade * i.unitPriceCents)}`,
    ),
    '',
    ...totals.map((t) => `${t.label}: ${t.value}`),
  ];
}

const whatsappText = () => {
  const whatsapp = storeWhatsapp();
  return whatsapp ? ` · WhatsApp ${whatsapp.phone}` : '';
};

/** The plain-text part's signature, with the same contact as the HTML footer. */
export function textFooter(): string[] {
  return ['', '--', STORE_NAME, `Dúvidas? ${STORE_CONTACT.email}${whatsappText()}`];
}

/**
 * The verification link; with `destination` (a store path she was on when she signed up, already
 * checked by the caller and checked again here) the page sends her there once she is in.
 */
export function verificationLink(
  publicUrl: string,
  token: string,
  destination?: string | null,
): string {
  return withDestination(
    `${publicUrl}/verificar-email?token=${encodeURIComponent(token)}`,
    destination,
  );
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/redefinir-senha/${encodeURIComponent(token)}`;
}

/**
 * 'Confirme seu e-mail': the link verifies the account and logs her in (once, within its 48
 * hours), and the welcome coupon the page after it shows is named here too.
 */
export function verificationEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  token: string;
  destination?: string | null;
}): MailMessage {
  const link = verificationLink(input.publicUrl, input.token, input.destination);
  const name = input.firstName.trim();
  const subject = `Confirme seu e-mail - ${STORE_NAME}`;
  const validity = 'O link vale por 48 horas, uma vez só.';
  const gift = `${WELCOME_GIFT_TITLE}: ${WELCOME_COUPON_OFFER}`;
  const text = [
    `Olá, ${name}!`,
    '',
    `Obrigada por se cadastrar na ${STORE_NAME}.`,
    VERIFICATION_EMAIL_LEAD,
    '',
    link,
    '',
    validity,
    '',
    gift,
    '',
    'Se você não criou esta conta, ignore esta mensagem.',
    ...textFooter(),
  ].join('\n');
  const body = renderEmail(
    <Layout
      title={subject}
      preheader="Confirme seu e-mail para ativar sua conta e entrar."
      homeUrl={input.publicUrl}
    >
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph>
        Obrigada por se cadastrar na {STORE_NAME}. {VERIFICATION_EMAIL_LEAD}
      </Paragraph>
      <Button href={link}>Confirmar e-mail</Button>
      <Note>{validity}</Note>
      <Panel title={WELCOME_GIFT_TITLE} lines={[WELCOME_COUPON_OFFER]} />
      <Note>Se você não criou esta conta, ignore esta mensagem.</Note>
    </Layout>,
  );
  return { to: input.to, subject, text, html: body, links: [link] };
}

export function passwordResetEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  token: string;
}): MailMessage {
  const link = resetLink(input.publicUrl, input.token);
  const name = input.firstName.trim();
  const subject = `Redefinição de senha - ${STORE_NAME}`;
  const text = [
    `Olá, ${name}!`,
    '',
    'Recebemos um pedido para redefinir a senha da sua conta.',
    'Para escolher uma nova senha, abra o link abaixo (válido por 1 hora):',
    '',
    link,
    '',
    'Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.',
    ...textFooter(),
  ].join('\n');
  const body = renderEmail(
    <Layout
      title={subject}
      preheader="Escolha uma nova senha para sua conta."
      homeUrl={input.publicUrl}
    >
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph>
        Recebemos um pedido para redefinir a senha da sua conta. O link vale por 1 hora.
      </Paragraph>
      <Button href={link}>Redefinir senha</Button>
      <Note>Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.</Note>
    </Layout>,
  );
  return { to: input.to, subject, text, html: body, links: [link] };
}
