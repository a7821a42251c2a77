import { formatBRL, toCents } from '@semijoias/domain/money';
import { useLocation, useNavigate } from 'react-router';
import { readCheckoutState } from '@/lib/cart/checkout-state';
import { useDocumentTitle } from '@/lib/hooks';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';

/** Decimal reais from the navigation state, formatted; the raw text if it is not money. */
function money(value: string): string {
  const cents = toCents(value);
  return cents === null ? value : formatBRL(cents);
}

/**
 * /checkout (SPEC §2 "Checkout (Finalizar Compra)"). It receives the cart's navigation state
 * (cartData, dadosFrete, totais, cepDestino) and shows the order summary. The delivery address,
 * coupon and payment steps come with the checkout issue.
 */
export function CheckoutPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = readCheckoutState(location.state);
  useDocumentTitle('Finalizar Compra');

  if (!state) {
    return (
      <div className="container-page py-16">
        <EmptyState
          as="h1"
          title="Dados do carrinho não encontrados"
          action={
            <Button variant="primary" onClick={() => void navigate(-1)}>
              Voltar ao Carrinho
            </Button>
          }
        />
      </div>
    );
  }

  const { cartData, dadosFrete, totais, cepDestino } = state;
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Finalizar Compra</h1>
      <section
        aria-labelledby="checkout-summary-title"
        data-testid="checkout-summary"
        className="mt-8 rounded-3xl border border-line bg-white p-5 shadow-soft sm:p-7"
      >
        <h2 id="checkout-summary-title" className="font-display text-xl font-semibold">
          Resumo do pedido
        </h2>
        <ul className="mt-4 divide-y divide-line">
          {cartData.produtos.map((item) => (
            <li
              key={item.produto.id}
              data-testid="checkout-item"
              className="flex items-baseline justify-between gap-4 py-3 text-sm"
            >
              <span className="min-w-0">
                <span className="font-medium text-ink">{item.name}</span>
                <span className="text-muted"> × {item.quantidade}</span>
              </span>
              <span className="tabular-nums">
                {formatBRL((toCents(item.price) ?? 0) * item.quantidade)}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-2 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-ink-soft">Subtotal</dt>
            <dd data-testid="checkout-subtotal" className="tabular-nums">
              {money(totais.subtotal)}
            </dd>
          </div>
          {(toCents(totais.desconto) ?? 0) > 0 && (
            <div className="flex justify-between text-sage">
              <dt>Desconto do cupom</dt>
              <dd className="tabular-nums">− {money(totais.desconto)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt className="text-ink-soft">
              Frete para <span data-testid="checkout-cep">{cepDestino}</span>
              {dadosFrete.prazo && (
                <span className="text-muted"> · {dadosFrete.prazo} dias úteis</span>
              )}
            </dt>
            <dd data-testid="checkout-shipping" className="tabular-nums">
              {dadosFrete.gratis ? 'Grátis' : money(totais.frete)}
            </dd>
          </div>
          <div className="flex justify-between border-t border-line pt-3 text-base font-semibold">
            <dt>Total</dt>
            <dd data-testid="checkout-total" className="tabular-nums">
              {money(totais.total)}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-xs text-muted">
          O frete será recalculado se o CEP de entrega for diferente do CEP informado no carrinho.
        </p>
      </section>
      <p className="mt-6 rounded-2xl bg-cream/70 px-5 py-4 text-sm text-ink-soft">
        Endereço de entrega, cupom e pagamento: esta etapa da loja está em construção.
      </p>
    </div>
  );
}
