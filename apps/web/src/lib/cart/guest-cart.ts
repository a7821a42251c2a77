/**
 * The guest cart kept in localStorage under 'cart' (SPEC §3: {id, name, price, image,
 * quantidade}) and the count on the cart icon. The cart issue replaces this module with the
 * full cart (server cart when logged in, drawer, shipping); until then the product page adds
 * here and the header reads the badge from here.
 */
import { useSyncExternalStore } from 'react';
import {
  cartBadgeCount,
  clampQuantity,
  toCartLine,
  type GuestCartItem,
} from '@semijoias/domain/cart';

export const GUEST_CART_KEY = 'cart';
/** Fired on this window after the cart changes ('storage' covers the other tabs). */
export const CART_UPDATED_EVENT = 'cart-updated';

function isGuestCartItem(value: unknown): value is GuestCartItem {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.id === 'number' || typeof v.id === 'string') &&
    typeof v.name === 'string' &&
    (typeof v.price === 'string' || typeof v.price === 'number') &&
    typeof v.quantidade === 'number'
  );
}

export function readGuestCart(): GuestCartItem[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(GUEST_CART_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isGuestCartItem) : [];
  } catch {
    return [];
  }
}

function writeGuestCart(items: GuestCartItem[]): void {
  window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify(items));
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
}

/**
 * Adds `quantidade` units, merging with the line already there; never beyond `stock` when it
 * is known. Throws when storage is unavailable, so the caller can show the add-to-cart error.
 */
export function addToGuestCart(
  product: { id: number; name: string; price: string; image: string | null },
  quantidade = 1,
  stock?: number,
): void {
  const items = readGuestCart();
  const existing = items.find((item) => String(item.id) === String(product.id));
  const wanted = (existing?.quantidade ?? 0) + quantidade;
  const next = stock === undefined ? Math.max(1, Math.trunc(wanted)) : clampQuantity(wanted, stock);
  if (existing) {
    existing.quantidade = next;
  } else {
    items.push({
      id: product.id,
      name: product.name,
      price: product.price,
      image: product.image,
      quantidade: next,
    });
  }
  writeGuestCart(items);
}

function guestCartCount(): number {
  return cartBadgeCount(readGuestCart().map(toCartLine));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CART_UPDATED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CART_UPDATED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The badge: how many distinct products the guest cart holds. */
export function useGuestCartCount(): number {
  return useSyncExternalStore(subscribe, guestCartCount, () => 0);
}
