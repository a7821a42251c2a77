/**
 * /checkout without the cart's navigation state (reloaded, opened in a new tab, typed): the same
 * state built from her cart (the device cart for a guest, the server cart when logged in) and the
 * remembered CEP and quote (./shipping-quote.ts), quoted again first when the cart changed since
 * (logged in on a device that knows no CEP, her account's CEP is quoted first).
 * Only a cart that is really empty leaves the checkout without data.
 */
import { cartItemCount, cartSubtotal } from '@semijoias/domain/cart';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { buildCheckoutState, type CheckoutNavigationState } from './checkout-state';
import { useFreshCartQuote } from './shipping-quote';
import { useCart } from './use-cart';

export type CheckoutFromCart =
  /** Before hydration, the server cart's first load, or the first re-quote. */
  | { status: 'loading' }
  /** The server cart could not be read (and nothing of it is known). */
  | { status: 'error'; retry: () => void }
  | { status: 'empty' }
  | { status: 'ready'; state: CheckoutNavigationState };

const noSubscription = () => () => {};

/** False on the server and while hydrating (the guest cart is in this browser only). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** `enabled` false (the cart's state came with the navigation): nothing is quoted. */
export function useCheckoutFromCart(enabled = true): CheckoutFromCart {
  const hydrated = useHydrated();
  const cart = useCart();
  const { lines } = cart;
  const current = useMemo(
    () => ({ subtotalCents: cartSubtotal(lines), itemCount: cartItemCount(lines) }),
    [lines],
  );
  const usable = enabled && hydrated && !cart.isLoading && lines.length > 0;
  const fresh = useFreshCartQuote(usable ? current : null, 0);
  // Quoting again a changed cart, or her account's CEP on a device that knew none.
  const waiting = fresh.requoting && (fresh.stale || fresh.quote === null);
  // A cart changed while she is on the page keeps the page (and what she typed) while the
  // freight is asked again; only the first build waits for it.
  const [built, setBuilt] = useState(false);
  const state = useMemo(
    () => (usable ? buildCheckoutState(lines, fresh.quote) : null),
    [usable, lines, fresh.quote],
  );
  const ready = state !== null && !waiting;
  // Adjusted while rendering (React's pattern for state derived from a change).
  if (ready && !built) setBuilt(true);

  if (!hydrated || cart.isLoading) return { status: 'loading' };
  if (lines.length === 0) {
    return cart.isError ? { status: 'error', retry: cart.reload } : { status: 'empty' };
  }
  if (!state || (waiting && !built)) return { status: 'loading' };
  return { status: 'ready', state };
}
