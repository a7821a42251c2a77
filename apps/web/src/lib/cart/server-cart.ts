/**
 * The server cart calls (docs/cart-contract.md). Every mutation answers the whole cart, which
 * replaces the cached one, so the drawer never shows a line the server does not have.
 */
import { apiRequest } from '../api';

export interface ServerCartLine {
  produto: { id: number; name: string; price: string; image: string | null; estoque: number };
  quantidade: number;
  subtotal: string;
}

export type ServerCart = ServerCartLine[];

/** Account data lives under ['session', ...]: it is dropped when the session ends. */
export const SERVER_CART_KEY = ['session', 'cart'] as const;

export function fetchServerCart(signal?: AbortSignal): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/', { signal });
}

export function addToServerCart(productId: number): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/add/', {
    method: 'POST',
    body: { product_id: productId },
  });
}

/** SPEC §7: `quantity` is a delta. */
export function updateServerCart(productId: number, delta: number): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/update/', {
    method: 'PUT',
    body: { productId, quantity: delta },
  });
}

export function removeFromServerCart(productId: number): Promise<ServerCart> {
  return apiRequest<ServerCart>(`api/cart/item/${productId}/`, { method: 'DELETE' });
}

export function clearServerCart(): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/clear/', { method: 'DELETE' });
}

/** One guest line into the server cart (SPEC §7 `POST api/cart/`), idempotent by `key`. */
export function mergeIntoServerCart(
  productId: number,
  quantidade: number,
  key: string,
): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/', {
    method: 'POST',
    body: { produto: productId, quantidade },
    headers: { 'Idempotency-Key': key },
  });
}
