/**
 * The store's e-mails, in Portuguese, as HTML and plain text. Links are built on PUBLIC_URL:
 * `/verificar-email?token=...` and `/redefinir-senha/<token>` (docs/auth-contract.md).
 */
import type { MailMessage } from './mailer.js';

export const STORE_NAME = 'Duas Irmãs Semijoias';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verificar-email?token=${encodeURIComponent(token)}`;
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/redefinir-senha/${encodeURIComponent(token)}`;
}

function layout(title: string, paragraphs: string[], button: { label: string; href: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Georgia,serif;color:#3b2f2a">
<div style="max-width:520px;margin:0 auto;background:#fff;padding:32px;border-radius:8px">
<h1 style="font-size:22px;margin:0 0 24px;color:#8a6d3b">${STORE_NAME}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="background:#8a6d3b;color:#fff;padding:12px 24px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(button.label)}</a></p>
<p style="font-size:13px;color:#7a6a60;margin:0">Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all">${escapeHtml(button.href)}</span></p>
</div></body></html>
`;
}

export function verificationEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  token: string;
}): MailMessage {
  const link = verificationLink(input.publicUrl, input.token);
  const name = input.firstName.trim();
  const subject = `Confirme seu e-mail - ${STORE_NAME}`;
  const text = [
    `Olá, ${name}!`,
    '',
    `Obrigada por se cadastrar na ${STORE_NAME}.`,
    'Para ativar sua conta, confirme seu e-mail abrindo o link abaixo (válido por 48 horas):',
    '',
    link,
    '',
    'Se você não criou esta conta, ignore esta mensagem.',
    '',
    STORE_NAME,
  ].join('\n');
  const html = layout(
    subject,
    [
      `Olá, ${escapeHtml(name)}!`,
      `Obrigada por se cadastrar na ${STORE_NAME}. Para ativar sua conta, confirme seu e-mail (o link vale por 48 horas).`,
      'Se você não criou esta conta, ignore esta mensagem.',
    ],
    { label: 'Confirmar e-mail', href: link },
  );
  return { to: input.to, subject, text, html, links: [link] };
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
    '',
    STORE_NAME,
  ].join('\n');
  const html = layout(
    subject,
    [
      `Olá, ${escapeHtml(name)}!`,
      'Recebemos um pedido para redefinir a senha da sua conta. O link vale por 1 hora.',
      'Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.',
    ],
    { label: 'Redefinir senha', href: link },
  );
  return { to: input.to, subject, text, html, links: [link] };
}
