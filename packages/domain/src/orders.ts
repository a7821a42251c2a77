/**
 * Orders in the account area (SPEC §3, §4): status labels and colours, which orders offer to
 * pay again, grouping order lines by reference, totals, summary counts and ordering.
 */
import { parseDataPedido, saoPauloWallTime, toInstant, wallTimeSortKey } from './dates';
import { toCents, type Cents } from './money';

export const ORDER_AUTO_CANCEL_HOURS = 24;
/** UNPAID_ORDER_TTL_MINUTES when unset: SPEC §1's 24 hours. */
export const DEFAULT_UNPAID_ORDER_TTL_MINUTES = ORDER_AUTO_CANCEL_HOURS * 60;

/** SPEC §1: stated in the interface wherever an unpaid order is shown (the default 24 hours). */
export const UNPAID_ORDER_NOTE = 'Pedidos não pagos são cancelados automaticamente após 24 horas.';

/**
 * SPEC §1's note for the store's actual deadline (UNPAID_ORDER_TTL_MINUTES): whole hours read as
 * hours ('após 24 horas', 'após 1 hora'), anything else as minutes ('após 90 minutos').
 */
export function unpaidOrderNote(ttlMinutes: number): string {
  return `Pedidos não pagos são cancelados automaticamente após ${ttlText(ttlMinutes)}.`;
}

function ttlText(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes <= 0) return `${ORDER_AUTO_CANCEL_HOURS} horas`;
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hora' : `${hours} horas`;
  }
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/**
 * The order's status as the database keeps it (a code) and as SPEC §4 shows it (the text the API
 * answers in `status`). The first three are SPEC §4's; the rest come with the order lifecycle
 * (expiry, refunds, the owners' shipping). Texts not in SPEC §4's table show grey.
 */
export const ORDER_STATUS_TEXT = {
  awaiting_payment: 'Aguardando Pagamento',
  paid: 'Pedido Pago',
  payment_failed: 'Erro no Pagamento',
  in_progress: 'Em andamento',
  cancelled: 'Cancelado',
  refund_due: 'Pagamento a estornar',
  shipped: 'Enviado',
  delivered: 'Entregue',
} as const;

export type OrderStatusCode = keyof typeof ORDER_STATUS_TEXT;
export type OrderStatusText = (typeof ORDER_STATUS_TEXT)[OrderStatusCode];

export const ORDER_STATUS_CODES = Object.keys(ORDER_STATUS_TEXT) as OrderStatusCode[];

/** The text SPEC §4 shows for a status code. */
export function orderStatusText(code: OrderStatusCode): OrderStatusText {
  return ORDER_STATUS_TEXT[code];
}

/** Statuses that still hold stock and wait for money: the shopper may (re)try to pay. */
export const UNPAID_ORDER_STATUSES: readonly OrderStatusCode[] = [
  'awaiting_payment',
  'payment_failed',
];

/** Whether an order in this status may still be paid (its stock is still reserved). */
export function isUnpaidStatus(status: string): boolean {
  return (UNPAID_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * Orders that go ahead: their units are off the shelf, reserved while unpaid and sold after. A
 * cancelled order gave its stock back, and one paid after its cancellation without stock left
 * (`refund_due`) never took it again. Such an order is also a purchase: a first-purchase coupon
 * no longer applies to its customer.
 */
export const STOCK_HOLDING_ORDER_STATUSES: readonly OrderStatusCode[] = [
  ...UNPAID_ORDER_STATUSES,
  'paid',
  'in_progress',
  'shipped',
  'delivered',
];

/** An unpaid order is asked about at least this often, so its screen never shows a stale status. */
export const UNPAID_RECHECK_MS = 60_000;
/** Past its deadline it waits for the server's sweeper (every minute by default): ask sooner. */
export const OVERDUE_RECHECK_MS = 15_000;
/** The sweeper needs a moment after the deadline: asking right at it would find it unchanged. */
export const AFTER_DEADLINE_MS = 3_000;

/**
 * When the screens should ask the server again about orders still waiting for payment, given
 * their deadlines (`expira_em`): just after the nearest deadline but at most a minute away, and
 * every 15 s once a deadline has passed (the order is about to become 'Cancelado'). `false` when
 * no order waits for payment.
 */
export function unpaidRecheckDelayMs(
  deadlines: readonly (string | null | undefined)[],
  now: number = Date.now(),
): number | false {
  if (deadlines.length === 0) return false;
  let delay = UNPAID_RECHECK_MS;
  for (const deadline of deadlines) {
    const at = toInstant(deadline)?.getTime();
    if (at === undefined) continue;
    delay = Math.min(delay, at <= now ? OVERDUE_RECHECK_MS : at - now + AFTER_DEADLINE_MS);
  }
  return delay;
}

export type StatusColour = 'green' | 'orange' | 'blue' | 'red' | 'grey';
/**
 * What the order card shows besides the label (paid confirmation, retry button, why it was
 * cancelled, the refund to come…).
 */
export type StatusKind =
  | 'paid'
  | 'awaiting'
  | 'in-progress'
  | 'shipped'
  | 'delivered'
  | 'error'
  | 'cancelled'
  | 'refund-due'
  | 'other';

export interface StatusPresentation {
  label: string;
  colour: StatusColour;
  kind: StatusKind;
  /** Awaiting-payment and error orders show a retry button that fetches the payment link. */
  canRetryPayment: boolean;
}

/**
 * SPEC §4's table. PAID and DECLINED are the payment provider's raw statuses; the SPEC leaves
 * their label blank, so they read like their Portuguese siblings: 'Pago' and 'Pagamento Recusado'.
 * A declined payment is an error order, so it offers the retry button too. The lifecycle's
 * 'Cancelado' and 'Pagamento a estornar' are grey like any status outside the SPEC's table, with a
 * kind of their own so the screens can say why; neither can be paid any more.
 */
const STATUS_TABLE: Record<string, Omit<StatusPresentation, 'canRetryPayment'>> = {
  'Pedido Pago': { label: 'Pago', colour: 'green', kind: 'paid' },
  'Aguardando Pagamento': { label: 'Aguardando Pagamento', colour: 'orange', kind: 'awaiting' },
  'Em andamento': { label: 'Em Andamento', colour: 'blue', kind: 'in-progress' },
  'Erro no Pagamento': { label: 'Erro no Pagamento', colour: 'red', kind: 'error' },
  PAID: { label: 'Pago', colour: 'green', kind: 'paid' },
  DECLINED: { label: 'Pagamento Recusado', colour: 'red', kind: 'error' },
  // The owners' shipping: outside SPEC §4's table, so grey as the SPEC says, with a kind of their
  // own so the screens show the tracking code.
  [ORDER_STATUS_TEXT.shipped]: { label: 'Enviado', colour: 'grey', kind: 'shipped' },
  [ORDER_STATUS_TEXT.delivered]: { label: 'Entregue', colour: 'grey', kind: 'delivered' },
  [ORDER_STATUS_TEXT.cancelled]: { label: 'Cancelado', colour: 'grey', kind: 'cancelled' },
  [ORDER_STATUS_TEXT.refund_due]: {
    label: 'Pagamento a estornar',
    colour: 'grey',
    kind: 'refund-due',
  },
};

/** Exact-text lookup (as the SPEC's table); anything else shows its raw text in grey. */
export function orderStatusPresentation(status: string | null | undefined): StatusPresentation {
  const known = status == null ? undefined : STATUS_TABLE[status];
  const base = known ?? { label: status ?? '', colour: 'grey' as const, kind: 'other' as const };
  return { ...base, canRetryPayment: base.kind === 'awaiting' || base.kind === 'error' };
}

export function canRetryPayment(status: string | null | undefined): boolean {
  return orderStatusPresentation(status).canRetryPayment;
}

/** One line of GET /api/user/orders/ (SPEC §3). Prices come as the API's decimal strings. */
export interface OrderLine {
  reference: string | number;
  status: string;
  created_at?: string | null;
  data_pedido?: string | null;
  quantidade: number;
  produto: { id: number | string; name: string; price: string | number; image?: string | null };
}

export interface Order<L extends OrderLine = OrderLine> {
  reference: string;
  /** The first line's status, creation and order date (all lines of an order share them). */
  status: string;
  created_at: string | null;
  data_pedido: string | null;
  lines: L[];
  totalCents: Cents;
}

/** A line's price in centavos; an unreadable price counts as 0 rather than hiding the order. */
export function linePriceCents(line: Pick<OrderLine, 'produto'>): Cents {
  return toCents(line.produto.price) ?? 0;
}

/** Order total = sum of quantity x price, in centavos. */
export function orderTotalCents(
  lines: readonly Pick<OrderLine, 'produto' | 'quantidade'>[],
): Cents {
  return lines.reduce((sum, l) => sum + l.quantidade * linePriceCents(l), 0);
}

/** Groups lines into orders by reference, keeping the first-seen order of references. */
export function groupOrderLines<L extends OrderLine>(lines: readonly L[]): Order<L>[] {
  const groups = new Map<string, L[]>();
  for (const line of lines) {
    const key = String(line.reference);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups].map(([reference, group]) => {
    const first = group[0] as L;
    return {
      reference,
      status: first.status,
      created_at: first.created_at ?? null,
      data_pedido: first.data_pedido ?? null,
      lines: group,
      totalCents: orderTotalCents(group),
    };
  });
}

export interface OrderSummary {
  total: number;
  awaitingPayment: number;
  paid: number;
}

/** Her money is with the store and the order goes on: paid, being prepared, posted, delivered. */
const PAID_KINDS: readonly StatusKind[] = ['paid', 'in-progress', 'shipped', 'delivered'];

/** The orders tab's counters: every order, those awaiting payment, those paid (and on their way). */
export function orderSummary(orders: readonly Pick<Order, 'status'>[]): OrderSummary {
  const kinds = orders.map((o) => orderStatusPresentation(o.status).kind);
  return {
    total: orders.length,
    awaitingPayment: kinds.filter((k) => k === 'awaiting').length,
    paid: kinds.filter((k) => PAID_KINDS.includes(k)).length,
  };
}

/** When an order was placed, as a sortable number: data_pedido first, created_at as fallback. */
function placedAtKey(o: { data_pedido?: string | null; created_at?: string | null }): number {
  const fromText = parseDataPedido(o.data_pedido);
  if (fromText) return wallTimeSortKey(fromText);
  const instant = toInstant(o.created_at);
  return instant ? wallTimeSortKey(saoPauloWallTime(instant)) : Number.NEGATIVE_INFINITY;
}

const referenceOrder = new Intl.Collator('en', { numeric: true });

/**
 * Newest first by data_pedido (fallback created_at); ties by the higher reference (compared
 * numerically when references are numbers or end in numbers). Orders without any date go last.
 * Returns a new array.
 */
export function sortOrdersNewestFirst<
  T extends { reference: string | number; data_pedido?: string | null; created_at?: string | null },
>(orders: readonly T[]): T[] {
  return orders
    .map((o) => ({ o, key: placedAtKey(o) }))
    .sort((a, b) => {
      if (a.key !== b.key)
        return a.key === Number.NEGATIVE_INFINITY
          ? 1
          : b.key === Number.NEGATIVE_INFINITY
            ? -1
            : b.key - a.key;
      return referenceOrder.compare(String(b.o.reference), String(a.o.reference));
    })
    .map(({ o }) => o);
}
