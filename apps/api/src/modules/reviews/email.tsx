/**
 * The review request: one e-mail per order, some days after it arrived, naming each piece and
 * linking to her form (the signed link of link.ts: no login). Pure: requests.ts loads the order
 * and enqueues it.
 */
import { REVIEW_LINK_TTL_DAYS, REVIEW_REQUEST_SUBJECT } from '@semijoias/domain/reviews';
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

export interface ReviewRequestInput {
  to: string;
  publicUrl: string;
  /** The form's address, with her order's signed token. */
  link: string;
  firstName: string | null;
  reference: string;
  /** Each piece as she bought it: 'Anel Solitário (Aro 16)'. */
  pieces: readonly string[];
}

export function reviewRequestEmail(input: ReviewRequestInput): MailMessage {
  const subject = `${REVIEW_REQUEST_SUBJECT} - ${STORE_NAME}`;
  const hello = input.firstName ? `Olá, ${input.firstName}!` : 'Olá!';
  const lead =
    input.pieces.length === 1
      ? `Esperamos que você esteja amando sua joia do pedido #${input.reference}. Conte para a gente o que achou: sua opinião ajuda outras clientes a escolher.`
      : `Esperamos que você esteja amando suas joias do pedido #${input.reference}. Conte para a gente o que achou de cada uma: sua opinião ajuda outras clientes a escolher.`;
  const how =
    'Leva um minuto: dê de 1 a 5 estrelas e, se quiser, escreva algumas palavras e mande até 3 fotos usando a peça.';
  const why =
    `O link vale por ${REVIEW_LINK_TTL_DAYS} dias e abre só a avaliação deste pedido. ` +
    'Sua avaliação aparece na loja com seu primeiro nome e sua cidade, depois de revisada por nós; nunca mostramos seu e-mail.';
  const text = [
    hello,
    '',
    lead,
    '',
    ...input.pieces.map((p) => `- ${p}`),
    '',
    how,
    '',
    'Avalie suas joias:',
    input.link,
    '',
    why,
    ...textFooter(),
  ].join('\n');
  const html = renderEmail(
    <Layout title={subject} preheader="Conte o que achou das suas joias." homeUrl={input.publicUrl}>
      <Heading>O que achou das suas joias?</Heading>
      <Paragraph>{hello}</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <DetailsTable rows={input.pieces.map((p, i) => [i === 0 ? 'Peças' : '', p] as const)} />
      <Paragraph>{how}</Paragraph>
      <Button href={input.link}>Avaliar minhas joias</Button>
      <Note>{why}</Note>
    </Layout>,
  );
  return { to: input.to, subject, text, html, links: [input.link] };
}
