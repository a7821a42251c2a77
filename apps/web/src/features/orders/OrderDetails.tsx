import { orderTotalCents } from '@semijoias/domain/orders';
import { cx } from '@/ui/cx';
import { PinIcon } from '@/ui/icons';
import type { OrderDetail } from '@/lib/orders/api';
import { OrderItems, OrderTotals } from '@/ui/orders/OrderItems';
import { addressLines, orderFigures } from '@/lib/orders/order-model';

/** The return page's order: its pieces and what she pays, and where it goes. */
export function OrderDetails({ order, className }: { order: OrderDetail; className?: string }) {
  const figures = orderFigures(order, orderTotalCents(order.itens));
  const address = order.endereco ? addressLines(order.endereco) : [];

  return (
    <div
      className={cx(
        'grid gap-6 lg:items-start lg:gap-8',
        address.length > 0 && 'lg:grid-cols-[minmax(0,1fr)_20rem]',
        className,
      )}
    >
      <section
        aria-labelledby="order-items-title"
        className="rounded-3xl border border-line bg-white p-5 shadow-soft sm:p-7"
      >
        <h2 id="order-items-title" className="font-display text-2xl font-semibold text-ink">
          Resumo do pedido
        </h2>
        <OrderItems items={order.itens} className="mt-5" />
        <OrderTotals figures={figures} className="mt-5 border-t border-line pt-4" />
      </section>

      {address.length > 0 && (
        <section
          aria-labelledby="order-address-title"
          data-testid="order-address"
          className="rounded-3xl border border-line bg-white p-5 shadow-soft sm:p-7"
        >
          <h2
            id="order-address-title"
            className="flex items-center gap-2 font-display text-2xl font-semibold text-ink"
          >
            <PinIcon width={22} height={22} className="text-gold-dark" />
            Endereço de entrega
          </h2>
          <address className="mt-4 space-y-0.5 text-[0.95rem] not-italic leading-relaxed text-ink-soft">
            {address.map((line, i) => (
              <p key={i} className={i === 0 ? 'font-medium text-ink' : undefined}>
                {line}
              </p>
            ))}
          </address>
        </section>
      )}
    </div>
  );
}
