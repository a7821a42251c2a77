/**
 * The owners' view of an order's status: its name in a colour of its own, for every status; and
 * the 'Teste' mark of an order paid through the sandbox, solid ink so it never reads as a status.
 */
import { TEST_ORDER_BADGE, TEST_ORDER_EXPLANATION } from '@semijoias/domain/admin';
import { ORDER_STATUS_TEXT, type OrderStatusCode } from '@semijoias/domain/orders';
import { Badge } from '@/ui/Badge';
import { cx } from '@/ui/cx';

const TONE: Record<OrderStatusCode, string> = {
  awaiting_payment: 'bg-orange-50 text-orange-800 ring-orange-700/25',
  payment_failed: 'bg-red-50 text-red-800 ring-red-700/25',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-700/25',
  in_progress: 'bg-sky-50 text-sky-800 ring-sky-700/25',
  shipped: 'bg-indigo-50 text-indigo-800 ring-indigo-700/25',
  delivered: 'bg-teal-50 text-teal-800 ring-teal-700/25',
  refund_due: 'bg-rose-50 text-rose-800 ring-rose-700/25',
  cancelled: 'bg-stone-100 text-stone-700 ring-stone-500/25',
};

/** The list's status chips, in the order an order lives. */
export const STATUS_FILTERS: OrderStatusCode[] = [
  'paid',
  'in_progress',
  'shipped',
  'delivered',
  'awaiting_payment',
  'payment_failed',
  'refund_due',
  'cancelled',
];

export function AdminOrderStatus({
  status,
  className,
}: {
  status: OrderStatusCode;
  className?: string;
}) {
  return (
    <span
      data-testid="admin-order-status"
      className={cx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONE[status],
        className,
      )}
    >
      {ORDER_STATUS_TEXT[status]}
    </span>
  );
}

/** Unpaid, an order holds its units until it is paid, cancelled or released. */
export function holdsStock(status: OrderStatusCode): boolean {
  return status === 'awaiting_payment' || status === 'payment_failed';
}

/**
 * Beside the status of an unpaid order: the units it holds out of the stock ('Segura 3 un.'), so
 * the owners see who is sitting on pieces (the list, the order's page).
 */
export function HoldsStockBadge({ status, units }: { status: OrderStatusCode; units: number }) {
  if (!holdsStock(status) || units <= 0) return null;
  const pieces = `${units} ${units === 1 ? 'unidade' : 'unidades'}`;
  return (
    <span
      data-testid="pedido-segura-estoque"
      title={`Ainda não pago: segura ${pieces} do estoque até ser pago, cancelado ou liberado.`}
      className="inline-flex items-center whitespace-nowrap rounded-full border border-dashed border-orange-700/40 px-2 py-0.5 text-xs font-medium text-orange-800"
    >
      <span className="sr-only">Ainda não pago: </span>Segura {units} un.
    </span>
  );
}

/** Why a cancelled order was cancelled, in the owners' words. */
export function cancelReasonText(
  reason: 'expired' | 'owner' | 'released' | null,
  text: string | null,
): string | null {
  const why = text ? ` Motivo: ${text}` : '';
  switch (reason) {
    case 'released':
      return `Estoque liberado pelas donas.${why}`;
    case 'owner':
      return `Cancelado pelas donas.${why}`;
    case 'expired':
      return 'Cancelado automaticamente: o prazo de pagamento terminou.';
    default:
      return null;
  }
}

/** Beside a test order's reference (the list, the order's page). */
export function TestOrderBadge() {
  return (
    <span data-testid="pedido-teste" title={TEST_ORDER_EXPLANATION} className="inline-flex">
      <Badge tone="ink">{TEST_ORDER_BADGE}</Badge>
    </span>
  );
}
