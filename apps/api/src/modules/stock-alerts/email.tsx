/**
 * The 'Avise-me' e-mail: the piece (and its size), its price and a link to its page,
 * in the store's layout. Pure: the sweep (service.ts) loads the piece and enqueues the message.
 */
import { productPagePath } from '@semijoias/domain/catalog';
import { formatBRL } from '@semijoias/domain/money';
import { variationLabel } from '@semijoias/domain/variations';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import {
  Button,
  DetailsTable,
  Heading,
  Layout,
  Note,
  Paragraph,
  renderEmail,
  STORE_NAME,
  textFooter,
} from '../mail/index.js';

export interface StockAlertMailInput {
  to: string;
  publicUrl: string;
  productId: number;
  productName: string;
  priceCents: number;
  /** The size she asked for; null for the piece as a whole. */
  variation: { id: number; name: string; axis: string | null } | null;
}

/** `/produto/<id>`, with `?variacao=<id>` for a size: the page opens with it chosen. */
export function stockAlertLink(
  publicUrl: string,
  productId: number,
  variationId: number | null,
): string {
  return `${publicUrl}${productPagePath(productId, variationId)}`;
}

export function stockAlertEmail(input: StockAlertMailInput): MailMessage {
  const link = stockAlertLink(input.publicUrl, input.productId, input.variation?.id ?? null);
  const size = input.variation ? variationLabel(input.variation.axis, input.variation.name) : null;
  const piece = size ? `${input.productName} (${size})` : input.productName;
  const price = formatBRL(input.priceCents);
  const subject = `Chegou! ${piece} está disponível - ${STORE_NAME}`;
  const lead = `A joia que você pediu para avisarmos voltou ao estoque: ${piece}.`;
  const hurry = 'As unidades são poucas: garanta a sua antes que esgote de novo.';
  const why =
    'Você recebeu esta mensagem porque pediu "Avise-me quando chegar" na nossa loja. ' +
    'Este é o único aviso: seu e-mail não fica guardado para outras mensagens.';
  const text = [
    'Olá!',
    '',
    lead,
    '',
    `Produto: ${input.productName}`,
    ...(size ? [`${input.variation!.axis ?? 'Tamanho'}: ${input.variation!.name}`] : []),
    `Preço: ${price}`,
    '',
    'Veja a joia e compre:',
    link,
    '',
    hurry,
    '',
    why,
    ...textFooter(),
  ].join('\n');
  const rows: [string, string][] = [['Produto', input.productName]];
  if (input.variation) rows.push([input.variation.axis ?? 'Tamanho', input.variation.name]);
  rows.push(['Preço', price]);
  const body = renderEmail(
    <Layout title={subject} preheader={`${piece} voltou ao estoque.`} homeUrl={input.publicUrl}>
      <Heading>Chegou!</Heading>
      <Paragraph>Olá!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <DetailsTable rows={rows} />
      <Button href={link}>Ver a joia</Button>
      <Paragraph>{hurry}</Paragraph>
      <Note>{why}</Note>
    </Layout>,
  );
  return { to: input.to, subject, text, html: body, links: [link] };
}

/** The confirmation link: the API's page, which confirms only when its button is pressed. */
export function stockAlertConfirmLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/avise-me/confirmar/?t=${encodeURIComponent(token)}`;
}

export interface StockAlertConfirmInput {
  to: string;
  publicUrl: string;
  token: string;
  /** The piece as she asked for it: `Nome` or `Nome (Aro 16)`. */
  piece: string;
}

/** Double opt-in: the one e-mail before her address is kept for the 'Avise-me'. */
export function stockAlertConfirmationEmail(input: StockAlertConfirmInput): MailMessage {
  const link = stockAlertConfirmLink(input.publicUrl, input.token);
  const subject = `Confirme o aviso de ${input.piece} - ${STORE_NAME}`;
  const lead = `Recebemos um pedido para avisar este e-mail quando ${input.piece} voltar ao estoque.`;
  const ask = 'Para receber o aviso, confirme pelo link abaixo (válido por 2 dias):';
  const why =
    'Se não foi você, ignore esta mensagem: sem a confirmação, seu e-mail é apagado e não ' +
    'enviamos mais nada.';
  const text = ['Olá!', '', lead, '', ask, link, '', why, ...textFooter()].join('\n');
  const html = renderEmail(
    <Layout title={subject} preheader="Confirme para receber o aviso." homeUrl={input.publicUrl}>
      <Heading>Confirme seu aviso</Heading>
      <Paragraph>Olá!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph>{ask}</Paragraph>
      <Button href={link}>Confirmar aviso</Button>
      <Note>{why}</Note>
    </Layout>,
  );
  return { to: input.to, subject, text, html, links: [link] };
}
