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

/** Beside a test order's reference (the list, the order's page). */
export function TestOrderBadge() {
  return (
    <span data-testid="pedido-teste" title={TEST_ORDER_EXPLANATION} className="inline-flex">
      <Badge tone="ink">{TEST_ORDER_BADGE}</Badge>
    </span>
  );
}
