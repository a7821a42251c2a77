import type { Totals } from '@semijoias/domain/coupon';
import {
  methodTotalLabel,
  otherMethodTotalHint,
  PIX_DISCOUNT_LABEL,
  pixPercentLabel,
} from '@semijoias/domain/messages';
import { formatBRL, toCents } from '@semijoias/domain/money';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import { SHIPPING_FALLBACK_LABEL } from '@semijoias/domain/shipping';
import type { CheckoutCartProduct } from '@/lib/cart/checkout-state';
import { SmartImage } from '@/ui/SmartImage';
import { cx } from '@/ui/cx';
import { ShippingOptions } from '@/ui/shipping/ShippingOptions';
import type { DeliveryQuote } from './use-delivery-quote';

interface OrderSummaryProps {
  items: CheckoutCartProduct[];
  totals: Totals;
  delivery: DeliveryQuote;
  /** A new freight is being quoted for the delivery CEP. */
  quotePending: boolean;
  couponCode: string | null;
  /** The figures are the server's own, after it said the order's values changed. */
  fromServer: boolean;
  /** Her answer to 'Como você quer pagar?' (or the owners' choice until she gives one). */
  paymentMethod: PaymentMethod;
  /** What the other method would total: the hint under the total ('No cartão: R$ …'). */
  otherMethodTotal: { method: PaymentMethod; total: number };
  /** The owners' PIX discount, in tenths of a percent (the badge of its line). */
  pixPercentTenths: number;
  /** Paying by card: 'em até 6x de R$ 22,80 sem juros' of the total, when it is split. */
  installmentsLine: string | null;
  /** She chose another of the carriers' services (issue 35); absent: nothing to choose here. */
  onChooseShipping?: (serviceId: number) => void;
}

/**
 * SPEC §2 order summary: each item with its quantity and line price, the subtotal, the coupon's
 * discount when above 0, the shipping with its CEP, the total, and the note that shipping is
 * recalculated for another CEP. One total: the one she pays with the method chosen, named so
 * ('Total no PIX', 'Total no cartão'), the other method's total as a small hint under it. Paying by
 * PIX, its discount on its own line; by card, the total's installments under it. Every figure is
 * the server's or the domain's over the server's.
 */
export function OrderSummary({
  items,
  totals,
  delivery,
  quotePending,
  couponCode,
  fromServer,
  paymentMethod,
  otherMethodTotal,
  pixPercentTenths,
  installmentsLine,
  onChooseShipping,
}: OrderSummaryProps) {
  const q = delivery.quote;
  return (
    <section
      aria-labelledby="checkout-summary-title"
      data-testid="checkout-summary"
      aria-busy={quotePending || undefined}
      className="rounded-3xl border border-line bg-white p-5 shadow-soft sm:p-7"
    >
      <h2 id="checkout-summary-title" className="font-display text-2xl font-semibold text-ink">
        Resumo do pedido
      </h2>
      <ul className="mt-4 divide-y divide-line">
        {items.map((item) => (
          <li
            key={`${item.produto.id}:${item.variacao_id ?? ''}`}
            data-testid="checkout-item"
            className="flex items-center gap-3 py-3 text-sm"
          >
            <div className="h-14 w-14 shrink-0 overflow-hidden rounded-xl bg-cream">
              <SmartImage
                src={item.produto.image}
                alt=""
                width={56}
                height={56}
                className="h-full w-full object-cover"
              />
            </div>
            <span className="min-w-0 flex-1">
              <span className="font-medium text-ink">{item.name}</span>
              <span className="text-muted"> × {item.quantidade}</span>
              {item.variacao_label && (
                <span
                  data-testid="checkout-item-variation"
                  className="mt-0.5 block text-xs font-medium text-ink-soft"
                >
                  {item.variacao_label}
                </span>
              )}
            </span>
            <span className="shrink-0 whitespace-nowrap tabular-nums text-ink">
              {formatBRL((toCents(item.price) ?? 0) * item.quantidade)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2.5 border-t border-line pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">Subtotal</dt>
          <dd data-testid="checkout-subtotal" className="shrink-0 whitespace-nowrap tabular-nums">
            {formatBRL(totals.subtotal)}
          </dd>
        </div>
        {totals.desconto > 0 && (
          <div className="flex justify-between gap-4 text-sage">
            <dt className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
              Desconto do cupom
              {couponCode && (
                <span className="rounded-full bg-sage/10 px-2 py-0.5 text-xs font-medium tracking-wide">
                  {couponCode}
                </span>
              )}
            </dt>
            <dd data-testid="checkout-discount" className="shrink-0 whitespace-nowrap tabular-nums">
              − {formatBRL(totals.desconto)}
            </dd>
          </div>
        )}
        {totals.descontoPix > 0 && (
          <div className="flex justify-between gap-4 text-sage">
            <dt className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
              {PIX_DISCOUNT_LABEL}
              {pixPercentTenths > 0 && (
                <span className="rounded-full bg-sage/10 px-2 py-0.5 text-xs font-medium tracking-wide">
                  {pixPercentLabel(pixPercentTenths)}
                </span>
              )}
            </dt>
            <dd
              data-testid="checkout-pix-discount"
              className="shrink-0 whitespace-nowrap tabular-nums"
            >
              − {formatBRL(totals.descontoPix)}
            </dd>
          </div>
        )}
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-ink-soft">
            {/* No CEP yet (her cart had none): the delivery address's is quoted once typed. */}
            {delivery.cep ? (
              <>
                Frete para <span data-testid="checkout-cep">{delivery.cep}</span>
              </>
            ) : (
              'Frete'
            )}
            {q.prazo && !quotePending && (
              <span className="block text-xs text-muted">Entrega em {q.prazo} dias úteis</span>
            )}
          </dt>
          <dd
            data-testid="checkout-shipping"
            className="shrink-0 whitespace-nowrap text-right tabular-nums"
          >
            {quotePending ? (
              <span className="text-muted">Recalculando...</span>
            ) : !delivery.cep ? (
              <span className="text-muted">a calcular</span>
            ) : totals.frete === 0 && q.gratis ? (
              'Grátis'
            ) : (
              formatBRL(totals.frete)
            )}
          </dd>
          {/* The carriers' services she may choose (a dl's value: the freight's own). */}
          {onChooseShipping && delivery.options.length > 1 && (
            <dd className="mt-3 w-full">
              <ShippingOptions
                name="checkout-shipping-option"
                options={delivery.options}
                selectedId={delivery.serviceId}
                onChange={onChooseShipping}
                disabled={quotePending}
              />
            </dd>
          )}
        </div>
        {delivery.estimated && !quotePending && (
          <p data-testid="checkout-shipping-estimated" className="text-xs text-amber-700">
            {SHIPPING_FALLBACK_LABEL}
          </p>
        )}
        <div
          className={cx(
            'flex flex-wrap items-baseline justify-between gap-x-4 border-t border-line pt-3',
            quotePending && 'opacity-60',
          )}
        >
          <dt data-testid="checkout-total-label" className="text-base font-semibold">
            {methodTotalLabel(paymentMethod)}
          </dt>
          <dd
            data-testid="checkout-total"
            className="font-display text-2xl font-semibold tabular-nums text-ink"
          >
            {formatBRL(totals.total)}
          </dd>
          {/* Under the one total (a dl holds only its terms and values): the card's installments,
              and the other method's total as a small hint. */}
          {installmentsLine && !quotePending && (
            <dd
              data-testid="checkout-installments"
              className="w-full text-right text-xs text-ink-soft"
            >
              {installmentsLine}
            </dd>
          )}
          {otherMethodTotal.total !== totals.total && !quotePending && (
            <dd
              data-testid="checkout-other-total"
              className="mt-0.5 w-full text-right text-xs text-muted"
            >
              {otherMethodTotalHint(otherMethodTotal.method, otherMethodTotal.total)}
            </dd>
          )}
        </div>
      </dl>
      <div aria-live="polite" className="text-xs">
        {delivery.recalculated && !quotePending && (
          <p data-testid="checkout-shipping-recalculated" className="mt-3 text-ink-soft">
            Frete recalculado para o CEP de entrega {delivery.cep}.
          </p>
        )}
        {fromServer && (
          <p data-testid="checkout-totals-updated" className="mt-3 text-ink-soft">
            Valores atualizados pela loja.
          </p>
        )}
      </div>
      <p className="mt-4 text-xs leading-relaxed text-muted">
        O frete será recalculado se o CEP de entrega for diferente do CEP informado no carrinho.
      </p>
    </section>
  );
}
