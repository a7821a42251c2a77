import {
  groupOrderLines,
  orderStatusPresentation,
  orderSummary,
  sortOrdersNewestFirst,
  unpaidRecheckDelayMs,
} from '@semijoias/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { fetchUserOrders, userOrdersQueryKey } from '@/lib/orders/api';
import { ButtonLink } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { Skeleton } from '@/ui/Spinner';
import { OrderCard } from './OrderCard';

/**
 * SPEC §2 "Orders tab": GET /api/user/orders/?t={timestamp}; the counts (orders, awaiting
 * payment, paid); her orders grouped by reference, newest first (SPEC §4 "Order list ordering");
 * an empty state with 'Começar a Comprar'. A failed load shows the empty list silently (SPEC §7).
 */
export function OrdersTab() {
  const query = useQuery({
    queryKey: userOrdersQueryKey,
    queryFn: fetchUserOrders,
    // An order's status moves with the payment: ask again when the tab opens and when she comes
    // back from paying in the other browser tab.
    staleTime: 0,
    refetchOnWindowFocus: true,
    // An unpaid order is cancelled by the server at its deadline: follow it while she looks.
    refetchInterval: (q) =>
      unpaidRecheckDelayMs(
        (q.state.data ?? [])
          .filter((line) => orderStatusPresentation(line.status).canRetryPayment)
          .map((line) => line.expira_em),
      ),
  });

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Carregando pedidos" className="space-y-5">
        <div className="grid grid-cols-3 gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    );
  }

  const orders = sortOrdersNewestFirst(groupOrderLines(query.data ?? []));

  if (orders.length === 0) {
    return (
      <EmptyState title="Você ainda não fez pedidos" className="py-8 sm:py-12">
        <p>Quando você comprar, seus pedidos aparecem aqui com o status do pagamento.</p>
        <ButtonLink to="/" variant="primary" size="lg" className="mt-6">
          Começar a Comprar
        </ButtonLink>
      </EmptyState>
    );
  }

  const summary = orderSummary(orders);
  const reload = () => void query.refetch();

  return (
    <div className="space-y-6">
      <dl data-testid="orders-summary" className="grid grid-cols-3 gap-2.5 sm:gap-4">
        <SummaryTile label="Total de pedidos" value={summary.total} testId="orders-count-total" />
        <SummaryTile
          label="Aguardando pagamento"
          value={summary.awaitingPayment}
          testId="orders-count-awaiting"
          accent="bg-orange-500"
        />
        <SummaryTile
          label="Pagos"
          value={summary.paid}
          testId="orders-count-paid"
          accent="bg-emerald-600"
        />
      </dl>
      <ul className="space-y-5" aria-label="Pedidos">
        {orders.map((order) => (
          <li key={order.reference}>
            <OrderCard order={order} onStale={reload} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function SummaryTile({
  label,
  value,
  testId,
  accent = 'bg-gold',
}: {
  label: string;
  value: number;
  testId: string;
  accent?: string;
}) {
  return (
    <div className="flex flex-col-reverse justify-end rounded-2xl border border-line bg-white/80 px-3 py-3 sm:px-5 sm:py-4">
      <dt className="mt-1 flex items-start gap-1.5 text-[0.72rem] font-medium leading-tight text-ink-soft sm:text-sm">
        <span aria-hidden="true" className={`mt-1 h-1.5 w-1.5 shrink-0 rounded-full ${accent}`} />
        {label}
      </dt>
      <dd
        data-testid={testId}
        className="font-display text-3xl font-semibold tabular-nums text-ink"
      >
        {value}
      </dd>
    </div>
  );
}
