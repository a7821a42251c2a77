/**
 * The guest cart, kept in localStorage under 'cart' with the SPEC §3 fields {id, name, price,
 * image, quantidade} (plus `estoque` when known, so the plus button stops at the stock). It is
 * the cart of a shopper without a session; at login it is merged into the server cart
 * (./merge.ts) and then cleared.
 *
 * A piece sold by size keeps its size on the line, `variacao: {id, nome}` and the axis
 * `nome_variacao`: a line is a product and a variation, so two sizes of one ring are two lines.
 * Lines written before sizes existed carry neither and stay lines of their product.
 */
import { clampQuantity, type GuestCartItem } from '@semijoias/domain/cart';

export const GUEST_CART_KEY = 'cart';
/** Fired on this window after the cart changes ('storage' covers the other tabs). */
export const CART_UPDATED_EVENT = 'cart-updated';

export interface LineVariation {
  id: number;
  nome: string;
}

export interface StoredGuestItem extends GuestCartItem {
  estoque?: number;
  /** The size of a piece sold by size; absent (or null) for any other. */
  variacao?: LineVariation | null;
  /** Its axis, 'Aro': the line reads 'Aro 16'. */
  nome_variacao?: string | null;
}

function isLineVariation(value: unknown): value is LineVariation {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' && Number.isInteger(v.id) && v.id > 0 && typeof v.nome === 'string'
  );
}

/** The variation id of a line or product: null for one without a size. */
export function variationIdOf(item: { variacao?: LineVariation | null }): number | null {
  return item.variacao?.id ?? null;
}

function sameLine(
  item: StoredGuestItem,
  productId: number | string,
  variationId: number | null,
): boolean {
  return String(item.id) === String(productId) && variationIdOf(item) === variationId;
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
    v.quantidade >= 1 &&
    (v.variacao === undefined || v.variacao === null || isLineVariation(v.variacao))
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
  /** Its stock, or the chosen size's stock for a piece sold by size. */
  estoque?: number;
  /** The chosen size, for a piece sold by size. */
  variacao?: LineVariation | null;
  nome_variacao?: string | null;
}

/**
 * Adds one unit, merging with the line already there; never beyond the stock when it is known.
 * Answers false when the line was already at the stock (nothing added).
 */
export function addToGuestCart(product: GuestProduct): boolean {
  const items = readGuestCart().map((item) => ({ ...item }));
  const variationId = variationIdOf(product);
  const existing = items.find((item) => sameLine(item, product.id, variationId));
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
      ...(product.variacao
        ? {
            variacao: { id: product.variacao.id, nome: product.variacao.nome },
            nome_variacao: product.nome_variacao ?? null,
          }
        : {}),
    });
  }
  writeGuestCart(items);
  return true;
}

/**
 * Moves a line (a product, and its size when it has one) by `delta` units, kept within 1 and the
 * stock (removal is removeFromGuestCart).
 */
export function changeGuestQuantity(
  productId: string,
  delta: number,
  variationId: number | null = null,
): void {
  const items = readGuestCart().map((item) =>
    sameLine(item, productId, variationId)
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

export function removeFromGuestCart(productId: string, variationId: number | null = null): void {
  writeGuestCart(readGuestCart().filter((item) => !sameLine(item, productId, variationId)));
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
