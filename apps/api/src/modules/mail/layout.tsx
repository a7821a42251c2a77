/**
 * The HTML every e-mail of the store shares, as React components rendered once to static markup
 * ({@link renderEmail}): the store's header, content blocks in a white card, a footer with the
 * store's contact. Built for mail clients: tables, inline styles, no external images or CSS, one
 * column at most 560px wide so it reads on a phone.
 *
 * React escapes every text and attribute value itself, so a hostile name, address or product
 * cannot inject markup (no e-mail sets raw HTML: mail/escaping.test.ts keeps it so).
 */
import { Fragment, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatBRL, type Cents } from '@semijoias/domain/money';
import { STORE_INFO } from '@semijoias/domain/store-info';
import { formatWhatsappNumber, whatsappChatUrl } from '@semijoias/domain/whatsapp';

// Mail clients' own words, which React's types do not know: the table cell's background colour
// (kept by clients that drop CSS) and Outlook's way to hide the preheader.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merges with React's own
  interface TdHTMLAttributes<T> {
    bgcolor?: string;
  }
  interface CSSProperties {
    msoHide?: 'all';
  }
}

export const STORE_NAME = STORE_INFO.name;

/** The contact the footer shows (SPEC §9: the sales e-mail and the WhatsApp number). */
export const STORE_CONTACT = {
  tagline: STORE_INFO.tagline,
  email: STORE_INFO.email,
  address: `${STORE_INFO.address.street}, ${STORE_INFO.address.district}, ${STORE_INFO.address.city} - ${STORE_INFO.address.state}`,
} as const;

/**
 * The store's WhatsApp as the e-mails show it: the number in use ('Canais de venda', else
 * WHATSAPP_NUMBER; issue 37), set by the app when it starts and whenever the owners change it
 * (app.ts). None: the e-mails name only the sales e-mail.
 */
let emailWhatsapp: { phone: string; url: string } | null = null;

export function setEmailWhatsapp(number: string | null): void {
  emailWhatsapp = number
    ? { phone: formatWhatsappNumber(number), url: whatsappChatUrl(number) }
    : null;
}

/** The WhatsApp an e-mail rendered now names, or null. */
export function storeWhatsapp(): { phone: string; url: string } | null {
  return emailWhatsapp;
}

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

/** A layout table: no spacing of its own, ignored by screen readers. */
const TABLE = { role: 'presentation', cellPadding: 0, cellSpacing: 0, border: 0 } as const;

/** Smaller, muted text, as notes and the button's fallback link use it. */
const MUTED: CSSProperties = {
  margin: '0 0 16px',
  fontSize: 13,
  lineHeight: 1.5,
  color: COLOURS.muted,
};

// Content blocks, stacked in the card's single column.

export function Heading({ children }: { children: ReactNode }) {
  return (
    <h2
      style={{
        margin: '0 0 16px',
        fontFamily: FONT,
        fontSize: 20,
        lineHeight: 1.3,
        fontWeight: 'normal',
        color: COLOURS.text,
      }}
    >
      {children}
    </h2>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 16px', fontSize: 16, lineHeight: 1.5 }}>{children}</p>;
}

/** Smaller, muted text: notes, fine print. */
export function Note({ children }: { children: ReactNode }) {
  return <p style={MUTED}>{children}</p>;
}

/** A link-as-button (table-based, so it keeps its colour in clients that drop CSS) and the link
 * written out below it for clients that do not render the button. */
export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <table {...TABLE} style={{ margin: '8px 0 16px' }}>
        <tr>
          <td bgcolor={COLOURS.gold} style={{ borderRadius: 4 }}>
            <a
              href={href}
              style={{
                display: 'inline-block',
                padding: '14px 28px',
                fontFamily: FONT,
                fontSize: 16,
                color: '#ffffff',
                textDecoration: 'none',
                borderRadius: 4,
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </table>
      <p style={{ ...MUTED, margin: '0 0 20px' }}>
        Se o botão não funcionar, copie e cole este endereço no navegador:
        <br />
        <span style={{ wordBreak: 'break-all' }}>{href}</span>
      </p>
    </>
  );
}

/** Lines one under the other. */
function Lines({ lines }: { lines: readonly ReactNode[] }) {
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/** A tinted box with a small title: the delivery address, the payment deadline. */
export function Panel({ title, lines }: { title: string; lines: readonly ReactNode[] }) {
  return (
    <table {...TABLE} width="100%" style={{ margin: '0 0 20px' }}>
      <tr>
        <td
          style={{
            background: COLOURS.panel,
            borderLeft: `3px solid ${COLOURS.gold}`,
            padding: '14px 16px',
            fontSize: 15,
            lineHeight: 1.5,
          }}
        >
          <div
            style={{
              fontSize: 12,
              letterSpacing: 1,
              textTransform: 'uppercase',
              color: COLOURS.gold,
              margin: '0 0 6px',
            }}
          >
            {title}
          </div>
          <Lines lines={lines} />
        </td>
      </tr>
    </table>
  );
}

/** Label / value pairs, one per row (the owners' notices). */
export function DetailsTable({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <table {...TABLE} width="100%" style={{ margin: '0 0 20px', borderCollapse: 'collapse' }}>
      {rows.map(([label, value], i) => (
        <tr key={i}>
          <td
            valign="top"
            style={{
              padding: '6px 12px 6px 0',
              fontSize: 14,
              color: COLOURS.muted,
              whiteSpace: 'nowrap',
            }}
          >
            {label}
          </td>
          <td valign="top" style={{ padding: '6px 0', fontSize: 15, wordBreak: 'break-word' }}>
            {value}
          </td>
        </tr>
      ))}
    </table>
  );
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

function ItemRow({ item }: { item: ItemLine }) {
  const cell: CSSProperties = { borderBottom: `1px solid ${COLOURS.line}`, fontSize: 15 };
  return (
    <tr>
      <td style={{ padding: '12px 8px 12px 0', ...cell, lineHeight: 1.4 }}>
        {item.name}
        <br />
        {item.variation && (
          <>
            <span style={{ fontSize: 13, color: COLOURS.text }}>{item.variation}</span>
            <br />
          </>
        )}
        <span style={{ fontSize: 13, color: COLOURS.muted }}>
          {item.quantidade} × {formatBRL(item.unitPriceCents)}
        </span>
      </td>
      <td align="right" valign="top" style={{ padding: '12px 0', ...cell, whiteSpace: 'nowrap' }}>
        {formatBRL(item.quantidade * item.unitPriceCents)}
      </td>
    </tr>
  );
}

function TotalRow({ total }: { total: TotalLine }) {
  if (total.emphasis) {
    const gold: CSSProperties = { fontSize: 17, color: COLOURS.gold };
    return (
      <tr>
        <td style={{ padding: '10px 8px 0 0', ...gold }}>{total.label}</td>
        <td align="right" style={{ padding: '10px 0 0', ...gold, whiteSpace: 'nowrap' }}>
          <strong>{total.value}</strong>
        </td>
      </tr>
    );
  }
  return (
    <tr>
      <td style={{ padding: '6px 8px 0 0', fontSize: 14, color: COLOURS.muted }}>{total.label}</td>
      <td align="right" style={{ padding: '6px 0 0', fontSize: 14, whiteSpace: 'nowrap' }}>
        {total.value}
      </td>
    </tr>
  );
}

/** The order's lines (name, quantity x unit price, line total) and its totals below. */
export function ItemsTable({
  items,
  totals,
}: {
  items: readonly ItemLine[];
  totals: readonly TotalLine[];
}) {
  return (
    <table {...TABLE} width="100%" style={{ margin: '0 0 24px', borderCollapse: 'collapse' }}>
      {items.map((item, i) => (
        <ItemRow key={i} item={item} />
      ))}
      {totals.map((total, i) => (
        <TotalRow key={i} total={total} />
      ))}
    </table>
  );
}

export interface LayoutProps {
  /** The document's title (the subject). */
  title: string;
  /** The line inboxes show next to the subject. */
  preheader?: string;
  /** The store's address (PUBLIC_URL): the header's name links to it when given. */
  homeUrl?: string;
  /** The content blocks. */
  children: ReactNode;
}

/** The whole HTML document: the store's header, the blocks in a white card, the contact footer. */
export function Layout({ title, preheader, homeUrl, children }: LayoutProps) {
  const gold = { color: COLOURS.gold };
  const whatsapp = storeWhatsapp();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body
        style={{
          margin: 0,
          padding: 0,
          background: COLOURS.page,
          fontFamily: FONT,
          color: COLOURS.text,
        }}
      >
        {preheader && (
          <div
            style={{
              display: 'none',
              maxHeight: 0,
              overflow: 'hidden',
              opacity: 0,
              msoHide: 'all',
            }}
          >
            {preheader}
          </div>
        )}
        <table {...TABLE} width="100%" bgcolor={COLOURS.page} style={{ background: COLOURS.page }}>
          <tr>
            <td align="center" style={{ padding: '24px 12px' }}>
              <table {...TABLE} width="100%" style={{ maxWidth: 560 }}>
                <tr>
                  <td align="center" style={{ padding: '8px 0 20px', fontFamily: FONT }}>
                    <div style={{ fontSize: 24, letterSpacing: 1, ...gold }}>
                      {homeUrl ? (
                        <a href={homeUrl} style={{ ...gold, textDecoration: 'none' }}>
                          {STORE_NAME}
                        </a>
                      ) : (
                        STORE_NAME
                      )}
                    </div>
                    <div
                      style={{
                        fontSize: 12,
                        letterSpacing: 2,
                        textTransform: 'uppercase',
                        color: COLOURS.muted,
                        marginTop: 4,
                      }}
                    >
                      {STORE_CONTACT.tagline}
                    </div>
                  </td>
                </tr>
                <tr>
                  <td
                    bgcolor={COLOURS.card}
                    style={{
                      background: COLOURS.card,
                      padding: '32px 24px',
                      borderRadius: 8,
                      borderTop: `3px solid ${COLOURS.gold}`,
                      fontFamily: FONT,
                      color: COLOURS.text,
                    }}
                  >
                    {children}
                  </td>
                </tr>
                <tr>
                  <td
                    align="center"
                    style={{
                      padding: '24px 12px',
                      fontFamily: FONT,
                      fontSize: 13,
                      lineHeight: 1.6,
                      color: COLOURS.muted,
                    }}
                  >
                    {STORE_NAME}
                    <br />
                    Dúvidas?{' '}
                    <a href={`mailto:${STORE_CONTACT.email}`} style={gold}>
                      {STORE_CONTACT.email}
                    </a>
                    {whatsapp && (
                      <>
                        {' '}
                        ·{' '}
                        <a href={whatsapp.url} style={{ ...gold, whiteSpace: 'nowrap' }}>
                          WhatsApp {whatsapp.phone}
                        </a>
                      </>
                    )}
                    <br />
                    {STORE_CONTACT.address}
                    <br />
                    <span style={{ fontSize: 12 }}>
                      Esta mensagem foi enviada automaticamente; por favor, não responda.
                    </span>
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>
  );
}

/** A message's HTML part: the document {@link Layout} makes, as one string. */
export function renderEmail(document: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(document)}\n`;
}
