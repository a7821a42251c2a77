/**
 * The cart's shipping quote (SPEC §4 "Shipping calculator": idle, calculating, quoted, stale).
 * It is kept with the subtotal it was computed for, so any later change of the cart shows it as
 * stale (more than R$ 0,01 apart) instead of passing it off as current. It lives in
 * sessionStorage: closing the drawer or reloading the page keeps it for this visit.
 */
import type { QuotedCart, ShippingQuote } from '@semijoias/domain/shipping';
import { useSyncExternalStore } from 'react';

export interface CartShippingQuote {
  /** The CEP as masked (12345-678). */
  cep: string;
  quote: ShippingQuote;
  /** The cart's subtotal and units the quote was computed for. */
  quotedFor: QuotedCart;
  /** True when the quote call failed and this is the local estimate (SPEC §7). */
  estimated: boolean;
}

const STORAGE_KEY = 'cart-shipping';

function load(): CartShippingQuote | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as CartShippingQuote;
    return typeof parsed?.cep === 'string' &&
      typeof parsed.quote?.valor === 'number' &&
      typeof parsed.quotedFor?.subtotalCents === 'number'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

let current: CartShippingQuote | null | undefined;
const listeners = new Set<() => void>();

function read(): CartShippingQuote | null {
  if (current === undefined) current = load();
  return current;
}

export function setCartShippingQuote(quote: CartShippingQuote | null): void {
  current = quote;
  try {
    if (quote) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(quote));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Kept in memory only.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCartShippingQuote(): CartShippingQuote | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
