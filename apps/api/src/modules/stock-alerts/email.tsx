/**
 * The 'Avise-me' e-mail: the piece (and its size), its price and a link to its page,
 * in the store's layout. Pure: the sweep (service.ts) loads the piece and enqueues the message.
 */
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
  const base = `${publicUrl}/produto/${productId}`;
  return variationId === null ? base : `${base}?variacao=${variationId}`;
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
