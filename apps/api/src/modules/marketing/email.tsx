/**
 * The forgotten-cart e-mail: her pieces with their sizes and current prices, a
 * link that opens her cart, and the unsubscribe link (the List-Unsubscribe headers come with it).
 */
import { formatBRL } from '@semijoias/domain/money';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import {
  Button,
  ItemsTable,
  itemsText,
  Layout,
  Note,
  Paragraph,
  renderEmail,
  STORE_NAME,
  textFooter,
  type ItemLine,
} from '../mail/index.js';
import { unsubscribeHeaders, unsubscribePageUrl } from './consent.js';

/** The shell opens the cart drawer on any page from `?openCart=true` (lib/drawer-requests.ts). */
export function cartLink(publicUrl: string): string {
  return `${publicUrl}/?openCart=true`;
}

export function cartReminderEmail(input: {
  to: string;
  firstName: string;
  publicUrl: string;
  items: readonly ItemLine[];
  unsubscribeToken: string;
}): MailMessage & { headers: Record<string, string> } {
  const name = input.firstName.trim();
  const link = cartLink(input.publicUrl);
  const unsubscribe = unsubscribePageUrl(input.publicUrl, input.unsubscribeToken);
  const subtotal = input.items.reduce((sum, i) => sum + i.quantidade * i.unitPriceCents, 0);
  const totals = [{ label: 'Subtotal', value: formatBRL(subtotal), emphasis: true }];
  const subject = `Suas joias estão esperando por você - ${STORE_NAME}`;
  const text = [
    `Olá, ${name}!`,
    '',
    'Você deixou estas peças no seu carrinho:',
    '',
    ...itemsText(input.items, totals),
    '',
    'Para ver seu carrinho e finalizar a compra, abra:',
    link,
    '',
    'Os preços são os de hoje; as peças não ficam reservadas até o pedido.',
    '',
    'Não quer mais receber novidades e ofertas por e-mail? Descadastre-se:',
    unsubscribe,
    ...textFooter(),
  ].join('\n');
  const body = renderEmail(
    <Layout
      title={subject}
      preheader="As peças que você escolheu continuam no seu carrinho."
      homeUrl={input.publicUrl}
    >
      <Paragraph>Olá, {name}!</Paragraph>
      <Paragraph>
        Você deixou estas peças no seu carrinho. Elas continuam esperando por você:
      </Paragraph>
      <ItemsTable items={input.items} totals={totals} />
      <Button href={link}>Ver meu carrinho</Button>
      <Note>Os preços são os de hoje; as peças não ficam reservadas até o pedido.</Note>
      <Note>
        Não quer mais receber novidades e ofertas por e-mail?{' '}
        <a href={unsubscribe} style={{ color: 'inherit' }}>
          Descadastre-se
        </a>
        .
      </Note>
    </Layout>,
  );
  return {
    to: input.to,
    subject,
    text,
    html: body,
    links: [link, unsubscribe],
    headers: unsubscribeHeaders(input.publicUrl, input.unsubscribeToken),
  };
}
