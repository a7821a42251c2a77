import { methodTotalLabel, otherMethodTotalHint } from '@semijoias/domain/messages';
import { formatBRL } from '@semijoias/domain/money';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readCheckoutState, type CheckoutNavigationState } from '@/lib/cart/checkout-state';
import { useCheckoutFromCart } from '@/lib/cart/use-checkout-from-cart';
import { useDocumentTitle } from '@/lib/hooks';
import { useUnpaidOrderNote } from '@/lib/store-settings';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ShieldIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import { AddressSelector } from './AddressSelector';
import { CheckoutAddressForm } from './CheckoutAddressForm';
import { CheckoutErrorBox } from './CheckoutErrorBox';
import { CouponField } from './CouponField';
import { OrderSummary } from './OrderSummary';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { ProcessingOverlay } from './ProcessingOverlay';
import { useCheckout } from './use-checkout';

/**
 * /checkout (SPEC §2 "Checkout (Finalizar Compra)"). It receives the cart's navigation state
 * (cartData, dadosFrete, totais, cepDestino); without it (a reload, a new tab, a typed URL) it
 * builds the same from her cart and the remembered CEP. Only an empty cart has no data: it says
 * so and offers the way back.
 */
export function CheckoutPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const received = readCheckoutState(location.state);
  const fromCart = useCheckoutFromCart(received === null);
  const state = received ?? (fromCart.status === 'ready' ? fromCart.state : null);
  useDocumentTitle('Finalizar Compra');

  if (!state && fromCart.status === 'loading') {
    return (
      <div data-testid="checkout-loading" className="container-page flex justify-center py-24">
        <Spinner label="Carregando o carrinho" />
      </div>
    );
  }
  if (!state && fromCart.status === 'error') {
    return (
      <div className="container-page space-y-4 py-16 text-center">
        <p className="text-ink-soft">Não foi possível carregar o carrinho.</p>
        <Button variant="outline" onClick={fromCart.retry}>
          Tentar novamente
        </Button>
      </div>
    );
  }
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
  return <Checkout state={state} />;
}

function Checkout({ state }: { state: CheckoutNavigationState }) {
  const c = useCheckout(state);
  const unpaidOrderNote = useUnpaidOrderNote();

  function submit(event: FormEvent) {
    event.preventDefault();
    c.onPrimary();
  }

  const couponField = c.loggedIn ? (
    <CouponField coupon={c.coupon} disabled={c.processing} />
  ) : undefined;

  return (
    <div className="container-page max-w-6xl py-8 sm:py-12">
      <header className="mb-6 sm:mb-10">
        <p className="text-xs font-medium uppercase tracking-[0.22em] text-gold-dark">
          Pagamento seguro
        </p>
        <h1 className="mt-1 font-display text-3xl font-semibold text-ink sm:text-4xl">
          Finalizar Compra
        </h1>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_25rem] lg:items-start lg:gap-10">
        <aside className="lg:sticky lg:top-28 lg:order-last">
          <OrderSummary
            items={state.cartData.produtos}
            totals={c.totals}
            delivery={c.delivery}
            quotePending={c.quotePending}
            onChooseShipping={c.chooseShippingService}
            couponCode={c.coupon.applied?.code ?? null}
            fromServer={c.totalsFromServer}
            paymentMethod={c.paymentMethod}
            otherMethodTotal={c.otherMethodTotal}
            pixPercentTenths={c.pixPercentTenths}
            installmentsLine={c.cardInstallmentsLine}
          />
        </aside>

        <form
          onSubmit={submit}
          noValidate
          aria-labelledby="checkout-delivery-title"
          className="rounded-3xl border border-line bg-white/70 p-5 shadow-soft sm:p-7"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
            <h2
              id="checkout-delivery-title"
              className="font-display text-2xl font-semibold text-ink"
            >
              Endereço de entrega
            </h2>
            {c.view === 'saved' && (
              <Button variant="outline" size="sm" onClick={c.chooseNewAddress}>
                Usar Novo Endereço
              </Button>
            )}
            {c.view === 'manual' && c.profiles.length > 0 && (
              <Button variant="ghost" size="sm" onClick={c.backToSaved}>
                Voltar aos Endereços Salvos
              </Button>
            )}
          </div>

          <div className="mt-5 space-y-6">
            {c.view === 'loading' && (
              <div
                data-testid="checkout-addresses-loading"
                className="flex items-center gap-3 rounded-2xl bg-cream/60 px-4 py-6 text-sm text-ink-soft"
              >
                <Spinner label="Carregando endereços salvos" />
                Carregando seus endereços...
              </div>
            )}

            {c.view === 'saved' && (
              <>
                <AddressSelector
                  profiles={c.profiles}
                  selectedId={c.selectedProfile?.id}
                  onSelect={c.selectProfile}
                />
                {couponField}
              </>
            )}

            {(c.view === 'manual' || c.view === 'guest') && (
              <>
                {c.view === 'manual' && (
                  <p
                    data-testid="checkout-autosave-note"
                    className="rounded-2xl border border-gold/30 bg-cream/50 px-4 py-3 text-sm leading-relaxed text-ink-soft"
                  >
                    Este novo endereço será salvo automaticamente nos seus endereços de entrega.
                  </p>
                )}
                <CheckoutAddressForm
                  form={c.form}
                  setField={c.setField}
                  cepLookup={c.cepLookup}
                  locks={c.locks}
                  errors={c.fieldErrors}
                  askProfileName={c.view === 'manual'}
                  coupon={couponField}
                />
              </>
            )}

            {c.view !== 'loading' && (
              <div className="border-t border-line pt-6">
                <PaymentMethodChoice
                  value={c.paymentMethod}
                  onChange={c.setPaymentMethod}
                  view={c.paymentChoice}
                  pending={c.paymentTermsPending}
                  disabled={c.processing}
                />
              </div>
            )}

            <CheckoutErrorBox message={c.error} onDismiss={c.dismissError} />

            {c.view !== 'loading' && (
              <div className="space-y-3 border-t border-line pt-5">
                <div className="flex items-baseline justify-between gap-3 text-sm lg:hidden">
                  <span className="text-ink-soft">{methodTotalLabel(c.paymentMethod)}</span>
                  <span className="text-right">
                    <span
                      data-testid="checkout-total-bottom"
                      className="block font-display text-xl font-semibold tabular-nums text-ink"
                    >
                      {formatBRL(c.totals.total)}
                    </span>
                    {c.otherMethodTotal.total !== c.totals.total && (
                      <span className="block text-xs text-muted">
                        {otherMethodTotalHint(c.otherMethodTotal.method, c.otherMethodTotal.total)}
                      </span>
                    )}
                  </span>
                </div>
                <Button
                  type="submit"
                  variant="primary"
                  size="lg"
                  className="w-full"
                  data-testid="checkout-submit"
                  disabled={c.primaryBusy}
                  aria-busy={c.primaryBusy || undefined}
                >
                  {c.primaryLabel}
                </Button>
                <p
                  data-testid="checkout-unpaid-note"
                  className="text-center text-xs leading-relaxed text-muted"
                >
                  <ShieldIcon
                    width={15}
                    height={15}
                    aria-hidden="true"
                    className="mr-1.5 inline-block -translate-y-px align-middle text-gold"
                  />
                  O pagamento é concluído em uma página segura. {unpaidOrderNote}
                </p>
              </div>
            )}
          </div>
        </form>
      </div>

      <ProcessingOverlay open={c.processing} />
    </div>
  );
}
