import { linePriceCents, type OrderLine } from '@semijoias/domain/orders';
import { PAID_WITH_LABEL, paidWithLabel, PIX_DISCOUNT_LABEL } from '@semijoias/domain/messages';
import { formatBRL } from '@semijoias/domain/money';
import { variationLabel } from '@semijoias/domain/variations';
import { SmartImage } from '@/ui/SmartImage';
import { cx } from '@/ui/cx';
import type { OrderFigures } from '@/lib/orders/order-model';

type Item = Pick<OrderLine, 'produto' | 'quantidade'> & {
  /** The size she ordered and its axis ('Aro 16' under the name). */
  variacao?: { id: number; nome: string } | null;
  nome_variacao?: string | null;
};

/**
 * The pieces of an order: picture, name, its size when it has one, quantity, unit price and the
 * line's price.
 */
export function OrderItems({ items, className }: { items: readonly Item[]; className?: string }) {
  return (
    <ul className={cx('divide-y divide-line', className)} aria-label="Itens do pedido">
      {items.map((item, index) => {
        const unit = linePriceCents(item);
        return (
          <li
            key={`${item.produto.id}-${index}`}
            data-testid="order-item"
            className="flex items-center gap-3.5 py-3.5 first:pt-0 last:pb-0"
          >
            <div className="h-16 w-16 shrink-0 overflow-hidden rounded-2xl bg-cream ring-1 ring-line sm:h-[4.5rem] sm:w-[4.5rem]">
              <SmartImage
                src={item.produto.image}
                alt=""
                width={72}
                height={72}
                className="h-full w-full object-cover"
              />
            </div>
            <div className="min-w-0 flex-1">
              <p data-testid="order-item-name" className="font-medium leading-snug text-ink">
                {item.produto.name}
              </p>
              {item.variacao && (
                <p
                  data-testid="order-item-variation"
                  className="mt-0.5 text-sm font-medium text-ink-soft"
                >
                  {variationLabel(item.nome_variacao, item.variacao.nome)}
                </p>
              )}
              <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="text-sm text-muted">
                  <span data-testid="order-item-quantity">Qtd: {item.quantidade}</span>
                  {item.quantidade > 1 && (
                    <span className="tabular-nums"> · {formatBRL(unit)} cada</span>
                  )}
                </p>
                <p
                  data-testid="order-item-price"
                  className="ml-auto whitespace-nowrap text-[0.95rem] font-medium tabular-nums text-ink"
                >
                  {formatBRL(unit * item.quantidade)}
                </p>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Subtotal, the coupon's discount when above 0, the PIX discount when she paid by PIX,
 * shipping and the total she pays; once paid, how she paid ('Pago com Cartão de crédito em 3x').
 */
export function OrderTotals({ figures, className }: { figures: OrderFigures; className?: string }) {
  return (
    <dl className={cx('space-y-2 text-sm', className)}>
      <div className="flex justify-between gap-4">
        <dt className="text-ink-soft">Subtotal</dt>
        <dd data-testid="order-subtotal" className="whitespace-nowrap tabular-nums text-ink">
          {formatBRL(figures.subtotal)}
        </dd>
      </div>
      {figures.discount > 0 && (
        <div className="flex justify-between gap-4 text-sage">
          <dt className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
            Desconto
            {figures.coupon && (
              <span
                data-testid="order-coupon"
                className="rounded-full bg-sage/10 px-2 py-0.5 text-xs font-medium tracking-wide"
              >
                {figures.coupon}
              </span>
            )}
          </dt>
          <dd data-testid="order-discount" className="shrink-0 whitespace-nowrap tabular-nums">
            − {formatBRL(figures.discount)}
          </dd>
        </div>
      )}
      {figures.pixDiscount > 0 && (
        <div className="flex justify-between gap-4 text-sage">
          <dt>{PIX_DISCOUNT_LABEL}</dt>
          <dd data-testid="order-pix-discount" className="shrink-0 whitespace-nowrap tabular-nums">
            − {formatBRL(figures.pixDiscount)}
          </dd>
        </div>
      )}
      {figures.shipping !== null && (
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">
            Frete
            {figures.carrier && (
              <span data-testid="order-carrier" className="block text-xs text-muted">
                {figures.carrier}
              </span>
            )}
          </dt>
          <dd data-testid="order-shipping" className="whitespace-nowrap tabular-nums text-ink">
            {figures.shipping === 0 ? 'Grátis' : formatBRL(figures.shipping)}
          </dd>
        </div>
      )}
      <div className="flex items-baseline justify-between gap-4 border-t border-line pt-3">
        <dt className="font-semibold text-ink">Total</dt>
        <dd
          data-testid="order-total"
          className="font-display text-2xl font-semibold tabular-nums text-ink"
        >
          {formatBRL(figures.total)}
        </dd>
      </div>
      {figures.paidWith && (
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{PAID_WITH_LABEL}</dt>
          <dd data-testid="order-paid-with" className="text-right text-ink">
            {paidWithLabel(figures.paidWith)}
          </dd>
        </div>
      )}
    </dl>
  );
}
