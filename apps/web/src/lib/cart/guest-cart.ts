/**
 * The guest cart, kept in localStorage under 'cart' with the SPEC §3 fields {id, name, price,
 * image, quantidade} (plus `estoque` when known, so the plus button stops at the stock). It is
 * the cart of a shopper without a session; at login it is merged into the server cart
 * (./merge.ts) and then cleared.
 */
import { clampQuantity, type GuestCartItem } from '@semijoias/domain/cart';

export const GUEST_CART_KEY = 'cart';
/** Fired on this window after the cart changes ('storage' covers the other tabs). */
export const CART_UPDATED_EVENT = 'cart-updated';

export interface StoredGuestItem extends GuestCartItem {
  estoque?: number;
}

function isGuestCartItem(value: unknown): value is StoredGuestItem {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.id === 'number' || typeof v.id === 'string') &&
    typeof v.name === 'string' &&
    (typeof v.price === 'string' || typeof v.price === 'number') &&
    typeof v.quantidade === 'number' &&
    Number.isInteger(v.quantidade) &&
    v.quantidade >= 1
  );
}

// useSyncExternalStore needs the same array while nothing changed: cache by the raw string.
let cachedRaw: string | null = null;
let cachedItems: StoredGuestItem[] = [];

export function readGuestCart(): StoredGuestItem[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(GUEST_CART_KEY);
  } catch {
    return [];
  }
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    cachedItems = Array.isArray(parsed) ? parsed.filter(isGuestCartItem) : [];
  } catch {
    cachedItems = [];
  }
  return cachedItems;
}

/** Throws when storage is unavailable (private mode, quota), so callers can show the error. */
function writeGuestCart(items: StoredGuestItem[]): void {
  if (items.length === 0) window.localStorage.removeItem(GUEST_CART_KEY);
  else window.localStorage.setItem(GUEST_CART_KEY, JSON.stringify(items));
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
}

export interface GuestProduct {
  id: number;
  name: string;
  price: string;
  image: string | null;
  estoque?: number;
}

/**
 * Adds one unit, merging with the line already there; never beyond the stock when it is known.
 * Answers false when the line was already at the stock (nothing added).
 */
export function addToGuestCart(product: GuestProduct): boolean {
  const items = readGuestCart().map((item) => ({ ...item }));
  const existing = items.find((item) => String(item.id) === String(product.id));
  const stock = product.estoque ?? existing?.estoque;
  const current = existing?.quantidade ?? 0;
  const next = stock === undefined ? current + 1 : clampQuantity(current + 1, stock);
  if (existing && next <= current) return false;
  if (existing) {
    existing.quantidade = next;
    existing.price = product.price;
    if (stock !== undefined) existing.estoque = stock;
  } else {
    items.push({
      id: product.id,
      name: product.name,
      price: product.price,
      image: product.image,
      quantidade: next,
      ...(stock === undefined ? {} : { estoque: stock }),
    });
  }
  writeGuestCart(items);
  return true;
}

/** Moves a line by `delta` units, kept within 1 and the stock (removal is removeFromGuestCart). */
export function changeGuestQuantity(productId: string, delta: number): void {
  const items = readGuestCart().map((item) =>
    String(item.id) === productId
      ? {
          ...item,
          quantidade:
            item.estoque === undefined
              ? Math.max(1, item.quantidade + delta)
              : clampQuantity(item.quantidade + delta, item.estoque),
        }
      : item,
  );
  writeGuestCart(items);
}

export function removeFromGuestCart(productId: string): void {
  writeGuestCart(readGuestCart().filter((item) => String(item.id) !== productId));
}

export function clearGuestCart(): void {
  try {
    writeGuestCart([]);
  } catch {
    // Nothing stored.
  }
}

export function subscribeGuestCart(onChange: () => void): () => void {
  window.addEventListener(CART_UPDATED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CART_UPDATED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
