/**
 * The order e-mails' words and markup, pure: an {@link OrderMailView} in, a message out. Loading
 * the order and enqueueing the messages is emails.ts's job. Every message has an HTML and a plain
 * text part with the same facts; status names are the domain's (SPEC §4), money is 'R$ 1.234,56'
 * and times are São Paulo's.
 */
import { formatDateTime, formatOrderDeadline } from '@semijoias/domain/dates';
import { maskCep } from '@semijoias/domain/cep';
import { formatBRL, type Cents } from '@semijoias/domain/money';
import { orderStatusText, type OrderStatusCode } from '@semijoias/domain/orders';
import { maskPhone } from '@semijoias/domain/phone';
import { isCorreiosShaped, trackingLinkText, trackingUrl } from '@semijoias/domain/tracking-code';
import { TEST_ORDER_EXPLANATION, TEST_ORDER_SUBJECT_PREFIX } from '@semijoias/domain/admin';
import { isTestPayment } from '../../../integrations/payments/sandbox.js';
import type { ReactNode } from 'react';
import {
  Button,
  DetailsTable,
  Heading,
  ItemsTable,
  Layout,
  Note,
  Panel,
  Paragraph,
  renderEmail,
  STORE_CONTACT,
  STORE_NAME,
  itemsText,
  textFooter,
  type ItemLine,
  type TotalLine,
  type OutboxMessage,
  storeWhatsapp,
} from '../../mail/index.js';
import type { OrderAddress } from './view.js';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import { paidWithLabel, type PaidWith } from '@semijoias/domain/messages';

/** What the order e-mails say about one order, gathered by emails.ts. */
export interface OrderMailView {
  reference: string;
  /** The order's status when the e-mail was written. */
  status: OrderStatusCode;
  lines: readonly ItemLine[];
  subtotalCents: Cents;
  discountCents: Cents;
  /** The PIX discount, 0 for a card. */
  pixDiscountCents: Cents;
  shippingCents: Cents;
  totalCents: Cents;
  couponCode: string | null;
  /** The freight quote's days ('3-5'), empty when unknown. */
  shippingDays: string;
  /** Null until api/pagamento has the delivery address. */
  address: OrderAddress | null;
  customer: {
    /** Full name for the owners' notices. */
    name: string | null;
    /** For the greeting. */
    firstName: string | null;
    email: string | null;
    phone: string | null;
  };
  expiresAt: Date;
  paidAt: Date | null;
  /** How she paid, as the provider told it (null until paid, or when it did not say). */
  paidWith?: PaidWith | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  paymentProvider: string | null;
  paymentId: string | null;
  /** The Correios code once the owners marked the order 'Enviado'. */
  trackingCode: string | null;
  /** The store's return page for this order (with the guest's `chave` when there is one). */
  orderUrl: string;
  /** PUBLIC_URL: the store's home. */
  publicUrl: string;
  /** SPEC §1's note for the store's deadline (unpaidOrderNote). */
  unpaidNote: string;
}

type Message = OutboxMessage;

const orderLabel = (view: OrderMailView) => `#${view.reference}`;

function greeting(view: OrderMailView): string {
  const name = view.customer.firstName?.trim();
  return name ? `Olá, ${name}!` : 'Olá!';
}

/** Subtotal, discount (with the coupon), freight and total, as the checkout showed them. */
function totalsOf(view: OrderMailView): TotalLine[] {
  const totals: TotalLine[] = [{ label: 'Subtotal', value: formatBRL(view.subtotalCents) }];
  if (view.discountCents > 0) {
    totals.push({
      label: view.couponCode ? `Desconto (cupom ${view.couponCode})` : 'Desconto',
      value: `- ${formatBRL(view.discountCents)}`,
    });
  }
  if (view.pixDiscountCents > 0)
    totals.push({ label: 'Desconto PIX', value: `- ${formatBRL(view.pixDiscountCents)}` });
  totals.push({
    label: view.shippingDays ? `Frete (${view.shippingDays} dias)` : 'Frete',
    value: view.shippingCents === 0 ? 'Grátis' : formatBRL(view.shippingCents),
  });
  totals.push({ label: 'Total', value: formatBRL(view.totalCents), emphasis: true });
  return totals;
}

/** The delivery address, one line per row (recipient, street, district and city, CEP). */
function addressLines(address: OrderAddress): string[] {
  const street = [address.endereco, address.numero].filter(Boolean).join(', ');
  const place = [address.bairro, [address.cidade, address.estado].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(' - ');
  return [
    address.nomeCompleto ?? '',
    address.complemento ? `${street} - ${address.complemento}` : street,
    place,
    address.cep ? `CEP ${maskCep(address.cep)}` : '',
  ].filter((line) => line !== '');
}

function AddressPanel({ view }: { view: OrderMailView }) {
  return view.address && <Panel title="Endereço de entrega" lines={addressLines(view.address)} />;
}

function addressText(view: OrderMailView): string[] {
  return view.address ? ['', 'Endereço de entrega:', ...addressLines(view.address)] : [];
}

function StatusNote({ code }: { code: OrderStatusCode }) {
  return (
    <Note>
      Situação do pedido: <strong>{orderStatusText(code)}</strong>
    </Note>
  );
}

/** "até 24/11 às 14:30 (horário de Brasília)". */
function deadlineText(view: OrderMailView): string {
  return `${formatOrderDeadline(view.expiresAt)} (horário de Brasília)`;
}

function message(
  kind: string,
  to: string,
  subject: string,
  parts: {
    preheader: string;
    /** The HTML part's content blocks, in the store's layout. */
    body: ReactNode;
    text: string[];
    links: string[];
    homeUrl: string;
  },
): Message {
  return {
    kind,
    to,
    subject,
    text: [...parts.text, ...textFooter()].join('\n'),
    html: renderEmail(
      <Layout title={subject} preheader={parts.preheader} homeUrl={parts.homeUrl}>
        {parts.body}
      </Layout>,
    ),
    links: parts.links,
  };
}

/** To the shopper when the order is placed: what she bought, where it goes, how and until when to pay. */
export function orderReceivedEmail(view: OrderMailView, to: string): Message {
  const subject = `Recebemos seu pedido ${orderLabel(view)} - ${STORE_NAME}`;
  const totals = totalsOf(view);
  const deadline = deadlineText(view);
  return message('order_received', to, subject, {
    preheader: `Pague ${deadline} para garantir suas peças.`,
    homeUrl: view.publicUrl,
    links: [view.orderUrl],
    body: (
      <>
        <Heading>Recebemos seu pedido {orderLabel(view)}</Heading>
        <Paragraph>{greeting(view)}</Paragraph>
        <Paragraph>
          Obrigada por comprar na {STORE_NAME}! Seu pedido foi registrado e as peças estão
          reservadas para você enquanto aguardamos o pagamento.
        </Paragraph>
        <Panel
          title="Prazo para pagamento"
          lines={[
            <>
              Pague <strong>{deadline}</strong>.
            </>,
            view.unpaidNote,
          ]}
        />
        <Button href={view.orderUrl}>Pagar meu pedido</Button>
        <ItemsTable items={view.lines} totals={totals} />
        <AddressPanel view={view} />
        <StatusNote code="awaiting_payment" />
      </>
    ),
    text: [
      greeting(view),
      '',
      `Obrigada por comprar na ${STORE_NAME}! Recebemos seu pedido ${orderLabel(view)}; as peças estão reservadas para você enquanto aguardamos o pagamento.`,
      '',
      `Pague ${deadline} por este link:`,
      view.orderUrl,
      view.unpaidNote,
      '',
      'Seu pedido:',
      ...itemsText(view.lines, totals),
      ...addressText(view),
      '',
      `Situação do pedido: ${orderStatusText('awaiting_payment')}`,
    ],
  });
}

/** To the shopper when her payment is approved: what comes next. */
export function paymentApprovedEmail(view: OrderMailView, to: string): Message {
  const subject = `Pagamento aprovado - pedido ${orderLabel(view)} - ${STORE_NAME}`;
  const totals = totalsOf(view);
  const nextSteps = [
    'Agora vamos separar e embalar suas semijoias com carinho.',
    'Quando o pedido for postado, você recebe o código de rastreamento por e-mail.',
    ...(view.shippingDays
      ? [`Prazo de entrega estimado: ${view.shippingDays} dias após a postagem.`]
      : []),
  ];
  return message('order_paid', to, subject, {
    preheader: `O pagamento do pedido ${orderLabel(view)} foi aprovado.`,
    homeUrl: view.publicUrl,
    links: [view.orderUrl],
    body: (
      <>
        <Heading>Pagamento aprovado!</Heading>
        <Paragraph>{greeting(view)}</Paragraph>
        <Paragraph>
          O pagamento do seu pedido <strong>{orderLabel(view)}</strong> foi aprovado. Obrigada pela
          compra!
        </Paragraph>
        {view.paidWith && (
          <Paragraph>
            Forma de pagamento: <strong>{paidWithLabel(view.paidWith)}</strong>
          </Paragraph>
        )}
        <Panel title="Próximos passos" lines={nextSteps} />
        <ItemsTable items={view.lines} totals={totals} />
        <AddressPanel view={view} />
        <Button href={view.orderUrl}>Ver meu pedido</Button>
        <StatusNote code="paid" />
      </>
    ),
    text: [
      greeting(view),
      '',
      `O pagamento do seu pedido ${orderLabel(view)} foi aprovado. Obrigada pela compra!`,
      ...(view.paidWith ? [`Forma de pagamento: ${paidWithLabel(view.paidWith)}`] : []),
      '',
      ...nextSteps,
      '',
      'Seu pedido:',
      ...itemsText(view.lines, totals),
      ...addressText(view),
      '',
      `Situação do pedido: ${orderStatusText('paid')}`,
      `Acompanhe seu pedido: ${view.orderUrl}`,
    ],
  });
}

/** The customer's contact and the payment, for the owners' notices. */
function customerRows(view: OrderMailView): [string, string][] {
  return [
    ['Cliente', view.customer.name ?? '—'],
    ['E-mail', view.customer.email ?? '—'],
    ['Telefone', view.customer.phone ? maskPhone(view.customer.phone) : '—'],
  ];
}

/** config.paymentProvider's names as the owners know them. */
const PROVIDER_LABEL: Record<string, string> = {
  pagbank: 'PagBank',
  mercadopago: 'Mercado Pago',
  sandbox: 'Sandbox (pagamento de teste)',
};

function paymentRows(view: OrderMailView, paymentId: string | null): [string, string][] {
  const provider = view.paymentProvider;
  return [
    ...(view.paidWith
      ? [['Forma de pagamento', paidWithLabel(view.paidWith)] as [string, string]]
      : []),
    ['Pagamento', paymentId ?? '—'],
    ...(provider ? [['Provedor', PROVIDER_LABEL[provider] ?? provider] as [string, string]] : []),
  ];
}

const rowsText = (rows: readonly (readonly [string, string])[]) =>
  rows.map(([label, value]) => `${label}: ${value}`);

/**
 * A notice to the owners: a sandbox order's says '[TESTE]' before its subject and, first thing
 * in its body, that no money was received, so a demonstration store's orders are never shipped.
 */
function storeMessage(
  view: OrderMailView,
  ...[kind, to, subject, parts]: Parameters<typeof message>
): Message {
  if (!isTestPayment(view.paymentProvider)) return message(kind, to, subject, parts);
  return message(kind, to, `${TEST_ORDER_SUBJECT_PREFIX} ${subject}`, {
    ...parts,
    preheader: `${TEST_ORDER_SUBJECT_PREFIX} ${parts.preheader}`,
    body: (
      <>
        <Note>
          <strong>{TEST_ORDER_EXPLANATION}</strong>
        </Note>
        {parts.body}
      </>
    ),
    text: [TEST_ORDER_EXPLANATION, '', ...parts.text],
  });
}

/** To the store (STORE_EMAIL): a new paid order to prepare and ship. */
export function paidOrderStoreNotice(view: OrderMailView, to: string): Message {
  const subject = `Novo pedido pago ${orderLabel(view)} - ${STORE_NAME}`;
  const totals = totalsOf(view);
  const rows: [string, string][] = [
    ['Pedido', orderLabel(view)],
    ['Situação', orderStatusText('paid')],
    ...(view.paidAt ? [['Pago em', formatDateTime(view.paidAt)] as [string, string]] : []),
    ...customerRows(view),
    ...paymentRows(view, view.paymentId),
  ];
  return storeMessage(view, 'order_paid_store', to, subject, {
    preheader: `${formatBRL(view.totalCents)} - ${view.customer.name ?? 'cliente'}`,
    homeUrl: view.publicUrl,
    links: [],
    body: (
      <>
        <Heading>Novo pedido pago {orderLabel(view)}</Heading>
        <Paragraph>Um pedido foi pago e está pronto para ser separado e enviado.</Paragraph>
        <DetailsTable rows={rows} />
        <ItemsTable items={view.lines} totals={totals} />
        <AddressPanel view={view} />
      </>
    ),
    text: [
      `Novo pedido pago ${orderLabel(view)}: pronto para ser separado e enviado.`,
      '',
      ...rowsText(rows),
      '',
      'Itens:',
      ...itemsText(view.lines, totals),
      ...addressText(view),
    ],
  });
}

function SupportParagraph() {
  const whatsapp = storeWhatsapp();
  return (
    <Paragraph>
      Precisa de ajuda? Fale com a gente pelo e-mail <strong>{STORE_CONTACT.email}</strong>
      {whatsapp ? (
        <>
          {' '}
          ou pelo WhatsApp <strong>{whatsapp.phone}</strong>
        </>
      ) : null}
      .
    </Paragraph>
  );
}

const supportText = () => {
  const whatsapp = storeWhatsapp();
  return `Precisa de ajuda? Fale com a gente pelo e-mail ${STORE_CONTACT.email}${whatsapp ? ` ou pelo WhatsApp ${whatsapp.phone}` : ''}.`;
};

/** To the shopper when a payment is declined: her order is still reserved; the retry link. */
export function paymentDeclinedEmail(view: OrderMailView, to: string): Message {
  const subject = `Pagamento não aprovado - pedido ${orderLabel(view)} - ${STORE_NAME}`;
  const deadline = deadlineText(view);
  return message('order_declined', to, subject, {
    preheader: `Você pode tentar novamente ${deadline}.`,
    homeUrl: view.publicUrl,
    links: [view.orderUrl],
    body: (
      <>
        <Heading>Pagamento não aprovado</Heading>
        <Paragraph>{greeting(view)}</Paragraph>
        <Paragraph>
          O pagamento do seu pedido <strong>{orderLabel(view)}</strong> não foi aprovado pela
          operadora. Suas peças continuam reservadas: confira os dados do cartão ou use outro cartão
          e tente novamente.
        </Paragraph>
        <Panel
          title="Prazo para pagamento"
          lines={[
            <>
              Tente novamente <strong>{deadline}</strong>.
            </>,
            view.unpaidNote,
          ]}
        />
        <Button href={view.orderUrl}>Tentar novamente</Button>
        <ItemsTable items={view.lines} totals={totalsOf(view)} />
        <SupportParagraph />
        <StatusNote code="payment_failed" />
      </>
    ),
    text: [
      greeting(view),
      '',
      `O pagamento do seu pedido ${orderLabel(view)} não foi aprovado pela operadora. Suas peças continuam reservadas: confira os dados do cartão ou use outro cartão e tente novamente.`,
      '',
      `Tente novamente ${deadline} por este link:`,
      view.orderUrl,
      view.unpaidNote,
      '',
      'Seu pedido:',
      ...itemsText(view.lines, totalsOf(view)),
      '',
      supportText(),
      '',
      `Situação do pedido: ${orderStatusText('payment_failed')}`,
    ],
  });
}

/**
 * To the shopper when a third of her unpaid order's time is left (docs/order-reminder.md):
 * what she ordered, each size, the total, the deadline and the link that still lets her pay.
 */
export function orderReminderEmail(view: OrderMailView, to: string): Message {
  const subject = `Seu pedido ${orderLabel(view)} aguarda pagamento - ${STORE_NAME}`;
  const totals = totalsOf(view);
  const deadline = deadlineText(view);
  const reserved =
    'Suas peças continuam reservadas para você, mas só até o prazo: depois dele o pedido é cancelado e elas voltam para a loja.';
  const status = view.status === 'payment_failed' ? 'payment_failed' : 'awaiting_payment';
  return message('order_reminder', to, subject, {
    preheader: `Pague ${deadline} para garantir suas peças.`,
    homeUrl: view.publicUrl,
    links: [view.orderUrl],
    body: (
      <>
        <Heading>Seu pedido {orderLabel(view)} aguarda pagamento</Heading>
        <Paragraph>{greeting(view)}</Paragraph>
        <Paragraph>
          Ainda não recebemos o pagamento do seu pedido <strong>{orderLabel(view)}</strong>.{' '}
          {reserved}
        </Paragraph>
        <Panel
          title="Prazo para pagamento"
          lines={[
            <>
              Pague <strong>{deadline}</strong>.
            </>,
            view.unpaidNote,
          ]}
        />
        <Button href={view.orderUrl}>Pagar meu pedido</Button>
        <ItemsTable items={view.lines} totals={totals} />
        <SupportParagraph />
        <StatusNote code={status} />
      </>
    ),
    text: [
      greeting(view),
      '',
      `Ainda não recebemos o pagamento do seu pedido ${orderLabel(view)}. ${reserved}`,
      '',
      `Pague ${deadline} por este link:`,
      view.orderUrl,
      view.unpaidNote,
      '',
      'Seu pedido:',
      ...itemsText(view.lines, totals),
      '',
      supportText(),
      '',
      `Situação do pedido: ${orderStatusText(status)}`,
    ],
  });
}

/** To the shopper when her order is cancelled: why, and that nothing was charged. */
export function orderCancelledEmail(view: OrderMailView, to: string): Message {
  const subject = `Pedido ${orderLabel(view)} cancelado - ${STORE_NAME}`;
  const why =
    view.cancelReason === 'expired'
      ? `O pedido ${orderLabel(view)} não foi pago dentro do prazo (${formatOrderDeadline(view.expiresAt)}) e foi cancelado automaticamente.`
      : `O pedido ${orderLabel(view)} foi cancelado.`;
  // A cancelled order was never paid (a payment arriving later is refunded: refund_due).
  const charged = view.paidAt ? '' : 'Nenhum valor foi cobrado.';
  const again =
    'As peças voltaram para o estoque. Se ainda quiser, é só fazer um novo pedido na loja.';
  return message('order_cancelled', to, subject, {
    preheader: `${why} ${charged}`.trim(),
    homeUrl: view.publicUrl,
    links: [view.publicUrl],
    body: (
      <>
        <Heading>Seu pedido foi cancelado</Heading>
        <Paragraph>{greeting(view)}</Paragraph>
        <Paragraph>{why}</Paragraph>
        {charged && (
          <Paragraph>
            <strong>{charged}</strong>
          </Paragraph>
        )}
        <Paragraph>{again}</Paragraph>
        <Button href={view.publicUrl}>Voltar à loja</Button>
        <ItemsTable items={view.lines} totals={totalsOf(view)} />
        <Note>{view.unpaidNote}</Note>
        <StatusNote code="cancelled" />
      </>
    ),
    text: [
      greeting(view),
      '',
      why,
      ...(charged ? [charged] : []),
      again,
      view.publicUrl,
      '',
      'Itens do pedido cancelado:',
      ...itemsText(view.lines, totalsOf(view)),
      '',
      view.unpaidNote,
      `Situação do pedido: ${orderStatusText('cancelled')}`,
    ],
  });
}

/** Why a late payment must be refunded, as both refund messages say it. */
function lateWhy(view: OrderMailView): string {
  const cancelled =
    view.cancelReason === 'expired'
      ? `depois que o pedido ${orderLabel(view)} já tinha sido cancelado por falta de pagamento no prazo (${formatOrderDeadline(view.expiresAt)})`
      : `depois que o pedido ${orderLabel(view)} já tinha sido cancelado`;
  return `O pagamento chegou ${cancelled}, e as peças não estão mais disponíveis no estoque.`;
}

/** To the store (STORE_EMAIL): a payment for a cancelled order whose stock is gone. */
export function refundDueStoreNotice(
  view: OrderMailView,
  to: string,
  paymentId: string | null,
): Message {
  const subject = `${orderStatusText('refund_due')} - pedido ${orderLabel(view)} - ${STORE_NAME}`;
  const rows: [string, string][] = [
    ['Pedido', orderLabel(view)],
    ['Situação', orderStatusText('refund_due')],
    ['Valor a estornar', formatBRL(view.totalCents)],
    ...paymentRows(view, paymentId),
    ...(view.cancelledAt
      ? [['Cancelado em', formatDateTime(view.cancelledAt)] as [string, string]]
      : []),
    ...customerRows(view),
  ];
  const told = view.customer.email
    ? 'A cliente foi avisada por e-mail de que o valor será devolvido.'
    : 'Não temos o e-mail da cliente: avise-a pelo telefone.';
  const action = `Estorne o valor integral de ${formatBRL(view.totalCents)} no painel do provedor de pagamento. ${told}`;
  return storeMessage(view, 'order_refund_due_store', to, subject, {
    preheader: `${formatBRL(view.totalCents)} a estornar - pedido ${orderLabel(view)}`,
    homeUrl: view.publicUrl,
    links: [],
    body: (
      <>
        <Heading>Pagamento a estornar: pedido {orderLabel(view)}</Heading>
        <Paragraph>{lateWhy(view)}</Paragraph>
        <Paragraph>
          <strong>{action}</strong>
        </Paragraph>
        <DetailsTable rows={rows} />
        <ItemsTable items={view.lines} totals={totalsOf(view)} />
      </>
    ),
    text: [
      lateWhy(view),
      action,
      '',
      ...rowsText(rows),
      '',
      'Itens:',
      ...itemsText(view.lines, totalsOf(view)),
    ],
  });
}

/** A payment the store received that did not simply pay its order. */
export interface PaymentAttention {
  /**
   * 'paid_twice': a second payment of a paid order; 'amount_mismatch': not the order's total;
   * 'method_mismatch': paid another way than the order's (a PIX order by card);
   * 'method_unknown': a PIX order paid in a way the provider names neither PIX nor card.
   */
  kind: 'paid_twice' | 'amount_mismatch' | 'method_mismatch' | 'method_unknown';
  /** How it was paid, when the provider said. */
  method?: PaymentMethod | null;
  paymentId: string | null;
  /** What the provider says was paid; null when it did not say. */
  amountCents: Cents | null;
}

/**
 * To the store (STORE_EMAIL): money came in that the store must look at by hand, because the
 * order did not change for it: a second payment of an order already paid (another checkout
 * paid too), or a payment whose amount is not the order's total (or is unknown).
 */
export function paymentAttentionStoreNotice(
  view: OrderMailView,
  to: string,
  attention: PaymentAttention,
): Message {
  const label = orderLabel(view);
  const amount =
    attention.amountCents === null ? 'valor não informado' : formatBRL(attention.amountCents);
  const twice = attention.kind === 'paid_twice';
  const method = attention.kind === 'method_mismatch';
  const unknown = attention.kind === 'method_unknown';
  const title = twice
    ? 'Pagamento em duplicidade'
    : method
      ? 'Pagamento com forma diferente do pedido'
      : unknown
        ? 'Pagamento com forma não identificada'
        : 'Pagamento com valor diferente do pedido';
  const subject = `${title} - pedido ${label} - ${STORE_NAME}`;
  const why = twice
    ? `O pedido ${label} já estava pago (pagamento ${view.paymentId ?? '—'}) e recebeu outro pagamento, de ${amount}. O pedido não mudou.`
    : method
      ? `Chegou um pagamento de ${amount} ${attention.method === 'pix' ? 'por PIX' : 'por cartão'} para o pedido ${label}, feito para ${attention.method === 'pix' ? 'cartão' : 'PIX com desconto'} (total ${formatBRL(view.totalCents)}). O pedido não mudou: ${orderStatusText(view.status)}.`
      : unknown
        ? `Chegou um pagamento de ${amount} para o pedido ${label}, feito para PIX com desconto (total ${formatBRL(view.totalCents)}), mas o provedor não o informou como PIX (por exemplo, saldo em conta ou boleto). O pedido não mudou: ${orderStatusText(view.status)}.`
        : `Chegou um pagamento de ${amount} para o pedido ${label}, cujo total é ${formatBRL(view.totalCents)}. O pedido não mudou: ${orderStatusText(view.status)}.`;
  const action = twice
    ? 'Estorne o segundo pagamento no painel do provedor de pagamento e avise a cliente.'
    : 'Confira o pagamento no painel do provedor de pagamento: estorne-o ou combine com a cliente como seguir.';
  const rows: [string, string][] = [
    ['Pedido', label],
    ['Situação', orderStatusText(view.status)],
    ['Total do pedido', formatBRL(view.totalCents)],
    ['Valor recebido', amount],
    ...(twice ? [['Pagamento do pedido', view.paymentId ?? '—'] as [string, string]] : []),
    ...paymentRows(view, attention.paymentId).map(([name, value]): [string, string] =>
      name === 'Pagamento'
        ? [twice ? 'Pagamento a estornar' : 'Pagamento recebido', value]
        : [name, value],
    ),
    ...customerRows(view),
  ];
  return storeMessage(view, `order_${attention.kind}_store`, to, subject, {
    preheader: `${amount} - pedido ${label}`,
    homeUrl: view.publicUrl,
    links: [],
    body: (
      <>
        <Heading>
          {title}: pedido {label}
        </Heading>
        <Paragraph>{why}</Paragraph>
        <Paragraph>
          <strong>{action}</strong>
        </Paragraph>
        <DetailsTable rows={rows} />
      </>
    ),
    text: [why, action, '', ...rowsText(rows)],
  });
}

/** To the shopper: her payment came after the order was cancelled and is refunded in full. */
export function refundDueEmail(view: OrderMailView, to: string): Message {
  const subject = `Seu pagamento será estornado - pedido ${orderLabel(view)} - ${STORE_NAME}`;
  const refund = `Por isso, vamos estornar o valor integral de ${formatBRL(view.totalCents)} na mesma forma de pagamento. O prazo para o estorno aparecer na fatura depende da operadora do cartão.`;
  const sorry = 'Pedimos desculpas pelo transtorno.';
  return message('order_refund_due', to, subject, {
    preheader: `Vamos estornar ${formatBRL(view.totalCents)} do pedido ${orderLabel(view)}.`,
    homeUrl: view.publicUrl,
    links: [view.orderUrl],
    body: (
      <>
        <Heading>Seu pagamento será estornado</Heading>
        <Paragraph>{greeting(view)}</Paragraph>
        <Paragraph>{lateWhy(view)}</Paragraph>
        <Paragraph>{refund}</Paragraph>
        <Paragraph>{sorry}</Paragraph>
        <Button href={view.orderUrl}>Ver meu pedido</Button>
        <ItemsTable items={view.lines} totals={totalsOf(view)} />
        <SupportParagraph />
        <StatusNote code="refund_due" />
      </>
    ),
    text: [
      greeting(view),
      '',
      lateWhy(view),
      refund,
      sorry,
      '',
      `Seu pedido: ${view.orderUrl}`,
      '',
      ...itemsText(view.lines, totalsOf(view)),
      '',
      supportText(),
      '',
      `Situação do pedido: ${orderStatusText('refund_due')}`,
    ],
  });
}

/** To the shopper when the owners post her order: the Correios code and its tracking link. */
export function orderShippedEmail(view: OrderMailView, to: string): Message {
  const code = view.trackingCode ?? '';
  const tracking = trackingUrl(code);
  // A label bought through Melhor Envio may be Jadlog's or Loggi's: its code as it came.
  const trackAt = trackingLinkText(code);
  const postedBy = isCorreiosShaped(code)
    ? 'postadas nos Correios'
    : 'enviadas pela transportadora';
  const subject = `Seu pedido ${orderLabel(view)} foi enviado - ${STORE_NAME}`;
  const days = view.shippingDays
    ? `O prazo de entrega estimado é de ${view.shippingDays} dias úteis a partir de hoje.`
    : '';
  return message('order_shipped', to, subject, {
    preheader: `Código de rastreamento: ${code}`,
    homeUrl: view.publicUrl,
    links: [tracking, view.orderUrl],
    body: (
      <>
        <Heading>Seu pedido está a caminho!</Heading>
        <Paragraph>{greeting(view)}</Paragraph>
        <Paragraph>
          Suas semijoias do pedido <strong>{orderLabel(view)}</strong> foram {postedBy}.
        </Paragraph>
        <Panel
          title="Código de rastreamento"
          lines={[<strong>{code}</strong>, ...(days ? [days] : [])]}
        />
        <Button href={tracking}>{trackAt}</Button>
        <AddressPanel view={view} />
        <ItemsTable items={view.lines} totals={totalsOf(view)} />
        <Paragraph>Você também acompanha o pedido na sua conta, em Meus Pedidos.</Paragraph>
        <SupportParagraph />
        <StatusNote code="shipped" />
      </>
    ),
    text: [
      greeting(view),
      '',
      `Suas semijoias do pedido ${orderLabel(view)} foram ${postedBy}.`,
      '',
      `Código de rastreamento: ${code}`,
      `${trackAt}: ${tracking}`,
      ...(days ? [days] : []),
      ...addressText(view),
      '',
      'Seu pedido:',
      ...itemsText(view.lines, totalsOf(view)),
      `Acompanhe também em: ${view.orderUrl}`,
      '',
      supportText(),
      '',
      `Situação do pedido: ${orderStatusText('shipped')}`,
    ],
  });
}

/** To the shopper when the owners cancel her paid order: the full refund to come. */
export function ownerCancelledEmail(view: OrderMailView, to: string): Message {
  const subject = `Pedido ${orderLabel(view)} cancelado - ${STORE_NAME}`;
  const why = `Precisamos cancelar o seu pedido ${orderLabel(view)}.`;
  const refund = `O valor integral de ${formatBRL(view.totalCents)} será estornado na mesma forma de pagamento. O prazo para o estorno aparecer na fatura depende da operadora do cartão.`;
  const sorry = 'Pedimos desculpas pelo transtorno.';
  return message('order_owner_cancelled', to, subject, {
    preheader: `Vamos estornar ${formatBRL(view.totalCents)} do pedido ${orderLabel(view)}.`,
    homeUrl: view.publicUrl,
    links: [view.orderUrl],
    body: (
      <>
        <Heading>Seu pedido foi cancelado</Heading>
        <Paragraph>{greeting(view)}</Paragraph>
        <Paragraph>{why}</Paragraph>
        <Paragraph>
          <strong>{refund}</strong>
        </Paragraph>
        <Paragraph>{sorry}</Paragraph>
        <Button href={view.orderUrl}>Ver meu pedido</Button>
        <ItemsTable items={view.lines} totals={totalsOf(view)} />
        <SupportParagraph />
        <StatusNote code="refund_due" />
      </>
    ),
    text: [
      greeting(view),
      '',
      why,
      refund,
      sorry,
      '',
      `Seu pedido: ${view.orderUrl}`,
      '',
      ...itemsText(view.lines, totalsOf(view)),
      '',
      supportText(),
      '',
      `Situação do pedido: ${orderStatusText('refund_due')}`,
    ],
  });
}
