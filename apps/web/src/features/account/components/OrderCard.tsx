import { ORDER_STATUS_TEXT, orderStatusPresentation, type Order } from '@semijoias/domain/orders';
import { orderDateText, orderDateTimeAttribute, orderFigures } from '@/lib/orders/order-model';
import type { UserOrderLine } from '@/lib/orders/api';
import { OrderItems, OrderTotals } from '@/ui/orders/OrderItems';
import {
  cancellationText,
  CancelledNote,
  PaidConfirmation,
  RefundDueNote,
  SupportContact,
  TrackingNote,
  UnpaidDeadline,
} from '@/ui/orders/OrderNotes';
import { OrderStatusChip } from '@/ui/orders/OrderStatusChip';
import { PayNowButton } from '@/ui/orders/PayNowButton';

interface OrderCardProps {
  order: Order<UserOrderLine>;
  /** The order changed on the server (it no longer waits for payment): reload the list. */
  onStale: () => void;
}

/**
 * One order of 'Meus Pedidos' (SPEC §2, §4): reference, date, status, its pieces and what she
 * pays; a paid order says it is being prepared; an unpaid or failed one offers to pay (the link
 * opens in a new tab), with its deadline and the support contact; a cancelled one says why and
 * that nothing was charged; one paid after its cancellation says the money goes back; a posted
 * one shows its Correios code and the link that tracks it.
 */
export function OrderCard({ order, onStale }: OrderCardProps) {
  const first = order.lines[0];
  const figures = orderFigures(first ?? {}, order.totalCents);
  const status = orderStatusPresentation(order.status);
  const titleId = `pedido-${order.reference}`;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="order-card"
      data-reference={order.reference}
      className="overflow-hidden rounded-3xl border border-line bg-white shadow-soft"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 border-b border-line bg-cream/40 px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h3
            id={titleId}
            className="font-display text-2xl font-semibold leading-tight text-ink"
            data-testid="order-reference"
          >
            Pedido <span className="tabular-nums">#{order.reference}</span>
          </h3>
          <p className="mt-0.5 text-sm text-muted">
            <span className="sr-only">Feito em </span>
            <time data-testid="order-date" dateTime={orderDateTimeAttribute(order)}>
              {orderDateText(order)}
            </time>
          </p>
        </div>
        <OrderStatusChip status={order.status} />
      </header>

      <div className="grid gap-5 px-4 py-5 sm:px-6 md:grid-cols-[minmax(0,1fr)_17rem] md:gap-8">
        <OrderItems items={order.lines} />
        <OrderTotals
          figures={figures}
          className="border-t border-line pt-4 md:border-l md:border-t-0 md:pl-6 md:pt-0"
        />
      </div>

      {status.kind === 'paid' && (
        <div className="px-4 pb-5 sm:px-6">
          <PaidConfirmation />
        </div>
      )}

      {first?.codigo_rastreio && (
        <div className="px-4 pb-5 sm:px-6">
          <TrackingNote
            code={first.codigo_rastreio}
            url={first.rastreio_url}
            delivered={order.status === ORDER_STATUS_TEXT.delivered}
          />
        </div>
      )}

      {status.kind === 'cancelled' && (
        <div className="px-4 pb-5 sm:px-6">
          <CancelledNote text={cancellationText('cancelled', first ?? {})} />
        </div>
      )}

      {status.kind === 'refund-due' && (
        <div className="px-4 pb-5 sm:px-6">
          <RefundDueNote text={cancellationText('refund-due', first ?? {})} />
        </div>
      )}

      {status.canRetryPayment && (
        <footer
          data-testid="order-unpaid"
          className="space-y-4 border-t border-line bg-ivory/70 px-4 py-5 sm:px-6"
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="text-sm leading-relaxed">
              <p className="font-medium text-ink">
                {status.kind === 'error'
                  ? 'O pagamento deste pedido não foi aprovado.'
                  : 'Ainda não recebemos a confirmação do pagamento deste pedido.'}
              </p>
              <UnpaidDeadline expiresAt={first?.expira_em} className="mt-1" />
            </div>
            <PayNowButton
              reference={order.reference}
              label={status.kind === 'error' ? 'Tentar pagar novamente' : 'Pagar agora'}
              target="new-tab"
              onRefused={onStale}
              className="shrink-0 sm:text-right"
            />
          </div>
          <SupportContact className="border-t border-line/70 pt-4" />
        </footer>
      )}
    </article>
  );
}
