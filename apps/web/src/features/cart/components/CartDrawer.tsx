import { cartItemCount, cartSubtotal } from '@semijoias/domain/cart';
import { computeTotals } from '@semijoias/domain/coupon';
import {
  CART_EMPTY_TEXT,
  CART_REMOVE_CONFIRM,
  cartPaymentBlocker,
} from '@semijoias/domain/messages';
import { formatBRL } from '@semijoias/domain/money';
import { isCartQuoteStale } from '@semijoias/domain/shipping';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { buildCheckoutState } from '@/lib/cart/checkout-state';
import {
  adoptAccountCartCep,
  requoteCartShipping,
  useFreshCartQuote,
} from '@/lib/cart/shipping-quote';
import { cartLineKey, useCart, type CartLineView } from '@/lib/cart/use-cart';
import { Button, ButtonLink } from '@/ui/Button';
import { Drawer } from '@/ui/Drawer';
import { FormMessage } from '@/ui/Field';
import { BagIcon } from '@/ui/icons';
import { Modal } from '@/ui/Modal';
import { PaymentTerms } from '@/ui/PaymentTerms';
import { Spinner } from '@/ui/Spinner';
import { useQuantityChanges } from '../use-quantity-changes';
import { maxPerCustomerOf, unitsOfPiece } from '@/lib/cart/purchase-limits';
import { CartLineItem, cartLineName } from './CartLineItem';
import { FreeShippingBar } from './FreeShippingBar';
import { ShippingCalculator } from './ShippingCalculator';

interface CartDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2 cart drawer. */
export function CartDrawer({ open, onOpenChange }: CartDrawerProps) {
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title="Seu carrinho"
      description="Itens do carrinho, cálculo de frete e pagamento"
      className="w-[min(27rem,100vw)]"
      // Opened by the address or from a closed popup, focus goes back to the header's cart.
      returnFocusFallback={() => document.querySelector<HTMLElement>('[data-opens="cart"]')}
    >
      {open && <CartPanel onClose={() => onOpenChange(false)} />}
    </Drawer>
  );
}

function CartPanel({ onClose }: { onClose: () => void }) {
  const cart = useCart();
  const changes = useQuantityChanges(cart.loggedIn);
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<CartLineView | null>(null);
  const [blocker, setBlocker] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<false | 'saving' | 'quoting'>(false);
  // What the shopper sees includes clicks still on their way to the server.
  const lines = cart.lines.map((line) => ({ ...line, quantidade: changes.quantityOf(line) }));
  const current = { subtotalCents: cartSubtotal(lines), itemCount: cartItemCount(lines) };
  // The remembered CEP is quoted again once the cart changed, when the clicks have arrived (the
  // server quotes its own copy of a logged-in shopper's cart).
  const settling = lines.some((line, i) => line.quantidade !== cart.lines[i]?.quantidade);
  const fresh = useFreshCartQuote(
    cart.isLoading || cart.lines.length === 0 || settling ? null : current,
  );
  const shipping = fresh.quote;

  if (cart.isLoading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Carregando o carrinho" />
      </div>
    );
  }
  if (cart.isError && cart.lines.length === 0) {
    return (
      <div className="space-y-4 px-5 py-10 text-center">
        <p className="text-ink-soft">Não foi possível carregar o carrinho.</p>
        <Button variant="outline" onClick={cart.reload}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (cart.lines.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-14 text-center">
        <span className="mb-4 inline-flex h-16 w-16 items-center justify-center rounded-full bg-cream text-gold-dark">
          <BagIcon width={28} height={28} />
        </span>
        <p data-testid="cart-empty" className="font-display text-xl text-ink">
          {CART_EMPTY_TEXT}
        </p>
        <p className="mt-2 text-sm text-muted">Que tal começar pelos anéis mais pedidos?</p>
        <ButtonLink to="/aneis" variant="primary" className="mt-6" onClick={onClose}>
          Ver anéis
        </ButtonLink>
      </div>
    );
  }

  const { subtotalCents, itemCount } = current;
  const stale = shipping !== null && isCartQuoteStale(shipping.quotedFor, current);
  const totals = computeTotals({
    subtotal: subtotalCents,
    frete: shipping && !stale ? shipping.quote.valor : 0,
  });

  /**
   * With a CEP known (on this device, or her account's when logged in), the freight is quoted
   * again here if the cart changed since; only without one does she get SPEC's 'Por favor,
   * calcule o frete…', with the CEP field focused.
   */
  async function goToCheckout() {
    if (leaving) return;
    let known = shipping;
    if (!known && cart.loggedIn && lines.length > 0) {
      setLeaving('quoting');
      try {
        known = await adoptAccountCartCep(current);
      } finally {
        setLeaving(false);
      }
    }
    const blocked = cartPaymentBlocker({
      lineCount: lines.length,
      quoted: known?.quotedFor ?? null,
      current: known?.quotedFor ?? current,
    });
    setBlocker(blocked);
    if (blocked || !known) {
      if (lines.length > 0) document.getElementById('cart-cep')?.focus();
      return;
    }
    setLeaving('saving');
    try {
      await changes.flush();
      let quote = known;
      if (isCartQuoteStale(quote.quotedFor, current)) {
        setLeaving('quoting');
        quote = await requoteCartShipping({ cep: quote.cep, subtotalCents, itemCount });
        if (isCartQuoteStale(quote.quotedFor, current)) {
          // The server's cart is not the one shown (changed elsewhere): show hers first.
          cart.reload();
          setBlocker(
            cartPaymentBlocker({ lineCount: lines.length, quoted: quote.quotedFor, current }),
          );
          return;
        }
      }
      onClose();
      void navigate('/checkout', { state: buildCheckoutState(lines, quote) });
    } finally {
      setLeaving(false);
    }
  }

  return (
    <div className="flex min-h-full flex-col">
      <div className="flex-1 px-5">
        <ul aria-label="Itens do carrinho" className="divide-y divide-line">
          {lines.map((line, index) => {
            const original = cart.lines[index] ?? line;
            // The piece's 'máximo por cliente', all its sizes together (as api/pay counts it).
            const max = maxPerCustomerOf(line.productId);
            const others = unitsOfPiece(lines, line.productId) - line.quantidade;
            return (
              <CartLineItem
                key={cartLineKey(line)}
                line={line}
                quantity={line.quantidade}
                maxPerCustomer={max === undefined ? undefined : { max, room: max - others }}
                onChange={(delta) => {
                  setBlocker(null);
                  changes.change(original, delta);
                }}
                onAskRemove={() => setRemoving(original)}
                onNavigate={onClose}
              />
            );
          })}
        </ul>
        <div className="space-y-5 border-t border-line py-5">
          <FreeShippingBar subtotalCents={subtotalCents} />
          <ShippingCalculator
            subtotalCents={subtotalCents}
            itemCount={itemCount}
            quote={shipping}
            stale={stale}
            requoting={fresh.requoting}
          />
        </div>
      </div>

      <div className="sticky bottom-0 border-t border-line bg-ivory/95 px-5 pb-5 pt-4 backdrop-blur">
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">Subtotal</dt>
            <dd className="text-right">
              <span data-testid="cart-subtotal" className="tabular-nums">
                {formatBRL(totals.subtotal)}
              </span>
              {/* The products by card and by PIX: the freight is neither split nor discounted. */}
              <PaymentTerms
                amountCents={totals.subtotalComDesconto}
                className="mb-1 mt-0.5 items-end"
                testId="cart-payment-terms"
              />
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-ink-soft">Frete</dt>
            <dd data-testid="cart-shipping" className="tabular-nums">
              {!shipping || stale
                ? fresh.requoting
                  ? 'calculando...'
                  : 'a calcular'
                : shipping.quote.gratis
                  ? 'Grátis'
                  : formatBRL(shipping.quote.valor)}
            </dd>
          </div>
          <div className="flex justify-between pt-1 text-base font-semibold">
            <dt>Total</dt>
            <dd data-testid="cart-total" className="tabular-nums">
              {formatBRL(totals.total)}
            </dd>
          </div>
        </dl>
        <div className="mt-3 empty:hidden">
          <FormMessage tone="error" testId="cart-payment-error">
            {blocker}
          </FormMessage>
        </div>
        <Button
          variant="primary"
          size="lg"
          className="mt-3 w-full"
          data-testid="cart-checkout"
          onClick={() => void goToCheckout()}
          disabled={leaving !== false}
          aria-busy={leaving !== false || undefined}
        >
          {leaving === 'quoting' ? 'Calculando o frete...' : 'Finalizar Compra'}
        </Button>
      </div>

      <Modal
        open={removing !== null}
        onOpenChange={(isOpen) => !isOpen && setRemoving(null)}
        role="alertdialog"
        title={CART_REMOVE_CONFIRM}
        description={removing ? cartLineName(removing) : undefined}
        testId="cart-remove-dialog"
        actions={
          <>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              Manter
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                const line = removing;
                setRemoving(null);
                setBlocker(null);
                if (line) void changes.remove(line);
              }}
            >
              Excluir
            </Button>
          </>
        }
      />
    </div>
  );
}
