/**
 * The store's e-mails, in Portuguese, as HTML and plain text. Links are built on PUBLIC_URL:
 * `/verificar-email?token=...` and `/redefinir-senha/<token>` (docs/auth-contract.md).
 *
 * One layout for every message (the account e-mails here, the order e-mails in
 * modules/sales/orders/email-templates.ts): the store's header, content blocks, a footer with the
 * store's contact. Built for mail clients: tables, inline styles, no external images or CSS, one
 * column at most 560px wide so it reads on a phone. Every value goes in through {@link html},
 * which escapes it, so a hostile name or address cannot inject markup.
 */
import { escapeHtml } from '@semijoias/domain/html';
import { formatBRL, type Cents } from '@semijoias/domain/money';
import { STORE_INFO } from '@semijoias/domain/store-info';
import type { MailMessage } from '../../integrations/mail/mailer.js';

export const STORE_NAME = STORE_INFO.name;

/** The contact the footer shows (SPEC §9: the sales e-mail and the WhatsApp number). */
export const STORE_CONTACT = {
  tagline: STORE_INFO.tagline,
  email: STORE_INFO.email,
  phone: STORE_INFO.phone,
  whatsappUrl: STORE_INFO.whatsappUrl,
  address: `${STORE_INFO.address.street}, ${STORE_INFO.address.district}, ${STORE_INFO.address.city} - ${STORE_INFO.address.state}`,
} as const;

const COLOURS = {
  page: '#faf7f2',
  card: '#ffffff',
  gold: '#8a6d3b',
  text: '#3b2f2a',
  muted: '#7a6a60',
  line: '#eadfce',
  panel: '#fbf8f3',
} as const;

const FONT = 'Georgia,serif';

/** Markup that is safe to place in a message: only {@link html} and the blocks below make it. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = string | number | SafeHtml | readonly SafeHtml[] | null | undefined;

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Template tag: interpolated text is escaped, {@link SafeHtml} (and arrays of it) kept as is. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, s, i) => out + render(values[i - 1]) + s, '').trim());
}

// Content blocks, stacked in the card's single column.

export function heading(text: string): SafeHtml {
  return html`<h2
    style="margin:0 0 16px;font-family:${FONT};font-size:20px;line-height:1.3;font-weight:normal;color:${COLOURS.text}"
  >
    ${text}
  </h2>`;
}

export function paragraph(content: string | SafeHtml): SafeHtml {
  return html`<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${content}</p>`;
}

/** Smaller, muted text: notes, fine print. */
export function note(content: string | SafeHtml): SafeHtml {
  return html`<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${COLOURS.muted}">
    ${content}
  </p>`;
}

export function strong(text: string): SafeHtml {
  return html`<strong>${text}</strong>`;
}

/** A link-as-button (table-based, so it keeps its colour in clients that drop CSS) and the link
 * written out below it for clients that do not render the button. */
export function button(link: { label: string; href: string }): SafeHtml {
  return html`<table
      role="presentation"
      cellpadding="0"
      cellspacing="0"
      border="0"
      style="margin:8px 0 16px"
    >
      <tr>
        <td bgcolor="${COLOURS.gold}" style="border-radius:4px">
          <a
            href="${link.href}"
            style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;color:#ffffff;text-decoration:none;border-radius:4px"
            >${link.label}</a
          >
        </td>
      </tr>
    </table>
    <p style="margin:0 0 20px;font-size:13px;line-height:1.5;color:${COLOURS.muted}">
      Se o botão não funcionar, copie e cole este endereço no navegador:<br /><span
        style="word-break:break-all"
        >${link.href}</span
      >
    </p>`;
}

/** A tinted box with a small title: the delivery address, the payment deadline. */
export function panel(title: string, lines: readonly (string | SafeHtml)[]): SafeHtml {
  const body = lines.map((l, i) => (i === 0 ? html`${l}` : html`<br />${l}`));
  return html`<table
    role="presentation"
    width="100%"
    cellpadding="0"
    cellspacing="0"
    border="0"
    style="margin:0 0 20px"
  >
    <tr>
      <td
        style="background:${COLOURS.panel};border-left:3px solid ${COLOURS.gold};padding:14px 16px;font-size:15px;line-height:1.5"
      >
        <div
          style="font-size:12px;letter-spacing:1px;text-transform:uppercase;color:${COLOURS.gold};margin:0 0 6px"
        >
          ${title}
        </div>
        ${body}
      </td>
    </tr>
  </table>`;
}

/** Label / value pairs, one per row (the owners' notices). */
export function detailsTable(rows: readonly (readonly [string, string | SafeHtml])[]): SafeHtml {
  const cells = rows.map(
    ([label, value]) =>
      html`<tr>
        <td
          valign="top"
          style="padding:6px 12px 6px 0;font-size:14px;color:${COLOURS.muted};white-space:nowrap"
        >
          ${label}
        </td>
        <td valign="top" style="padding:6px 0;font-size:15px;word-break:break-word">${value}</td>
      </tr>`,
  );
  return html`<table
    role="presentation"
    width="100%"
    cellpadding="0"
    cellspacing="0"
    border="0"
    style="margin:0 0 20px;border-collapse:collapse"
  >
    ${cells}
  </table>`;
}

export interface ItemLine {
  name: string;
  quantidade: number;
  unitPriceCents: Cents;
  /** Her size, 'Aro 16', shown under the name; absent or null without one. */
  variation?: string | null;
}

export interface TotalLine {
  label: string;
  /** Already formatted ('R$ 12,90', '- R$ 5,00', 'Grátis'). */
  value: string;
  /** The grand total: bigger, gold. */
  emphasis?: boolean;
}

/** The order's lines (name, quantity x unit price, line total) and its totals below. */
export function itemsTable(items: readonly ItemLine[], totals: readonly TotalLine[]): SafeHtml {
  const rows = items.map(
    (item) =>
      html`<tr>
        <td
          style="padding:12px 8px 12px 0;border-bottom:1px solid ${COLOURS.line};font-size:15px;line-height:1.4"
        >
          ${item.name}<br />${
            item.variation
              ? html`<span style="font-size:13px;color:${COLOURS.text}">${item.variation}</span
                  ><br />`
              : ''
          }<span style="font-size:13px;color:${COLOURS.muted}"
            >${item.quantidade} × ${formatBRL(item.unitPriceCents)}</span
          >
        </td>
        <td
          align="right"
          valign="top"
          style="padding:12px 0;border-bottom:1px solid ${COLOURS.line};font-size:15px;white-space:nowrap"
        >
          ${formatBRL(item.quantidade * item.unitPriceCents)}
        </td>
      </tr>`,
  );
  const sums = totals.map((t) =>
    t.emphasis
      ? html`<tr>
          <td style="padding:10px 8px 0 0;font-size:17px;color:${COLOURS.gold}">${t.label}</td>
          <td
            align="right"
            style="padding:10px 0 0;font-size:17px;color:${COLOURS.gold};white-space:nowrap"
          >
            <strong>${t.value}</strong>
          </td>
        </tr>`
      : html`<tr>
          <td style="padding:6px 8px 0 0;font-size:14px;color:${COLOURS.muted}">${t.label}</td>
          <td align="right" style="padding:6px 0 0;font-size:14px;white-space:nowrap">
            ${t.value}
          </td>
        </tr>`,
  );
  return html`<table
    role="presentation"
    width="100%"
    cellpadding="0"
    cellspacing="0"
    border="0"
    style="margin:0 0 24px;border-collapse:collapse"
  >
    ${rows} ${sums}
  </table>`;
}

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

/** The plain-text part's signature, with the same contact as the HTML footer. */
export function textFooter(): string[] {
  return [
    '',
    '--',
    STORE_NAME,
    `Dúvidas? ${STORE_CONTACT.email} · WhatsApp ${STORE_CONTACT.phone}`,
  ];
}

export interface LayoutInput {
  /** The document's title (the subject). */
  title: string;
  /** The line inboxes show next to the subject. */
  preheader?: string;
  blocks: readonly SafeHtml[];
  /** The store's address (PUBLIC_URL): the header's name links to it when given. */
  homeUrl?: string;
}

/** The whole HTML document: the store's header, the blocks in a white card, the contact footer. */
export function emailLayout(input: LayoutInput): string {
  const name = input.homeUrl
    ? html`<a href="${input.homeUrl}" style="color:${COLOURS.gold};text-decoration:none"
        >${STORE_NAME}</a
      >`
    : html`${STORE_NAME}`;
  const preheader = input.preheader
    ? html`<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all">
        ${input.preheader}
      </div>`
    : '';
  return `${html`<!doctype html>
    <html lang="pt-BR">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${input.title}</title>
      </head>
      <body
        style="margin:0;padding:0;background:${COLOURS.page};font-family:${FONT};color:${COLOURS.text}"
      >
        ${preheader}
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          border="0"
          bgcolor="${COLOURS.page}"
          style="background:${COLOURS.page}"
        >
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                border="0"
                style="max-width:560px"
              >
                <tr>
                  <td align="center" style="padding:8px 0 20px;font-family:${FONT}">
                    <div style="font-size:24px;letter-spacing:1px;color:${COLOURS.gold}">
                      ${name}
                    </div>
                    <div
                      style="font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${COLOURS.muted};margin-top:4px"
                    >
                      ${STORE_CONTACT.tagline}
                    </div>
                  </td>
                </tr>
                <tr>
                  <td
                    bgcolor="${COLOURS.card}"
                    style="background:${COLOURS.card};padding:32px 24px;border-radius:8px;border-top:3px solid ${COLOURS.gold};font-family:${FONT};color:${COLOURS.text}"
                  >
                    ${input.blocks}
                  </td>
                </tr>
                <tr>
                  <td
                    align="center"
                    style="padding:24px 12px;font-family:${FONT};font-size:13px;line-height:1.6;color:${COLOURS.muted}"
                  >
                    ${STORE_NAME}<br />
                    Dúvidas?
                    <a href="mailto:${STORE_CONTACT.email}" style="color:${COLOURS.gold}"
                      >${STORE_CONTACT.email}</a
                    >
                    ·
                    <a
                      href="${STORE_CONTACT.whatsappUrl}"
                      style="color:${COLOURS.gold};white-space:nowrap"
                      >WhatsApp ${STORE_CONTACT.phone}</a
                    ><br />
                    ${STORE_CONTACT.address}<br />
                    <span style="font-size:12px"
                      >Esta mensagem foi enviada automaticamente; por favor, não responda.</span
                    >
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`}\n`;
}

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verificar-email?token=${encodeURIComponent(token)}`;
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/redefinir-senha/${encodeURIComponent(token)}`;
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
    ...textFooter(),
  ].join('\n');
  const body = emailLayout({
    title: subject,
    preheader: 'Confirme seu e-mail para ativar sua conta.',
    homeUrl: input.publicUrl,
    blocks: [
      paragraph(`Olá, ${name}!`),
      paragraph(
        `Obrigada por se cadastrar na ${STORE_NAME}. Para ativar sua conta, confirme seu e-mail (o link vale por 48 horas).`,
      ),
      button({ label: 'Confirmar e-mail', href: link }),
      note('Se você não criou esta conta, ignore esta mensagem.'),
    ],
  });
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
  const body = emailLayout({
    title: subject,
    preheader: 'Escolha uma nova senha para sua conta.',
    homeUrl: input.publicUrl,
    blocks: [
      paragraph(`Olá, ${name}!`),
      paragraph('Recebemos um pedido para redefinir a senha da sua conta. O link vale por 1 hora.'),
      button({ label: 'Redefinir senha', href: link }),
      note('Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.'),
    ],
  });
  return { to: input.to, subject, text, html: body, links: [link] };
}
