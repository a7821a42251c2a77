/**
 * Cart arithmetic (SPEC §3, §4): lines in centavos, subtotal, the badge count, quantity
 * limits and the bounds of the cart calls. (The guest-cart merge at login is the server's
 * idempotent `POST api/cart/`: docs/cart-contract.md.)
 */
import { toCents, type Cents } from './money';

/** A cart line in the domain's terms, whatever shape it came in (server or guest). */
export interface CartLine {
  productId: string;
  name: string;
  priceCents: Cents;
  quantidade: number;
  image?: string | null;
}

/** Server cart item: { produto: {id, name, price, image}, quantidade }. */
export interface ServerCartItem {
  produto: { id: number | string; name: string; price: string | number; image?: string | null };
  quantidade: number;
}

/** Guest cart item kept locally: { id, name, price, image, quantidade }. */
export interface GuestCartItem {
  id: number | string;
  name: string;
  price: string | number;
  image?: string | null;
  quantidade: number;
}

/** Either item shape -> a CartLine (prices are the API's decimal reais; unreadable counts as 0). */
export function toCartLine(item: ServerCartItem | GuestCartItem): CartLine {
  const p = 'produto' in item ? item.produto : item;
  return {
    productId: String(p.id),
    name: p.name,
    priceCents: toCents(p.price) ?? 0,
    quantidade: item.quantidade,
    image: p.image ?? null,
  };
}

export function lineSubtotal(line: Pick<CartLine, 'priceCents' | 'quantidade'>): Cents {
  return line.priceCents * line.quantidade;
}

export function cartSubtotal(lines: readonly Pick<CartLine, 'priceCents' | 'quantidade'>[]): Cents {
  return lines.reduce((sum, l) => sum + lineSubtotal(l), 0);
}

/** Units in the cart (the shipping quote's quantidade_itens). */
export function cartItemCount(lines: readonly Pick<CartLine, 'quantidade'>[]): number {
  return lines.reduce((sum, l) => sum + l.quantidade, 0);
}

/** The cart icon's badge: the number of distinct products, not of units (SPEC §2). */
export function cartBadgeCount(lines: readonly Pick<CartLine, 'productId'>[]): number {
  return new Set(lines.map((l) => l.productId)).size;
}

/**
 * A quantity within [1, stock], as a whole number. With no stock (0) it still answers 1: whether
 * the product can be bought at all is the caller's check, not this clamp's.
 */
export function clampQuantity(quantity: number, stock: number): number {
  const q = Number.isFinite(quantity) ? Math.trunc(quantity) : 1;
  return Math.max(1, Math.min(q, Math.trunc(stock)));
}

/** The most units one cart call may add or take away (a PUT delta, a merged quantidade). */
export const CART_CHANGE_MAX = 999;

/** A PUT api/cart/update/ delta: a non-zero whole number within ±CART_CHANGE_MAX. */
export function isCartDelta(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value !== 0 &&
    Math.abs(value) <= CART_CHANGE_MAX
  );
}

/** A quantity to add (the guest-cart merge's quantidade): a whole number in 1…CART_CHANGE_MAX. */
export function isCartAddition(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= CART_CHANGE_MAX
  );
}
