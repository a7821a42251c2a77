/**
 * The server cart calls (docs/cart-contract.md). Every mutation answers the whole cart, which
 * replaces the cached one, so the drawer never shows a line the server does not have.
 */
import { apiRequest } from '../api';

export interface ServerCartLine {
  /** `estoque` is the line's size's stock for a piece sold by size. */
  produto: { id: number; name: string; price: string; image: string | null; estoque: number };
  quantidade: number;
  subtotal: string;
  /** The line's size (null without one; absent from older answers) and its axis. */
  variacao?: { id: number; nome: string } | null;
  nome_variacao?: string | null;
}

/** `variacao_id` beside the product when the line has a size (docs/variations-contract.md). */
function withVariation<T extends object>(body: T, variationId: number | null | undefined) {
  return variationId == null ? body : { ...body, variacao_id: variationId };
}

export type ServerCart = ServerCartLine[];

/** Account data lives under ['session', ...]: it is dropped when the session ends. */
export const SERVER_CART_KEY = ['session', 'cart'] as const;

export function fetchServerCart(signal?: AbortSignal): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/', { signal });
}

/** Her cart's CEP, remembered by the server when she quoted it logged in (8 digits, or null). */
export async function fetchCartCep(signal?: AbortSignal): Promise<string | null> {
  const answer = await apiRequest<{ cep?: unknown }>('api/cart/cep/', { signal });
  return typeof answer.cep === 'string' ? answer.cep : null;
}

export function addToServerCart(
  productId: number,
  variationId: number | null = null,
): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/add/', {
    method: 'POST',
    body: withVariation({ product_id: productId }, variationId),
  });
}

/** SPEC §7: `quantity` is a delta. The line is the product and its size, when it has one. */
export function updateServerCart(
  productId: number,
  delta: number,
  variationId: number | null = null,
): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/update/', {
    method: 'PUT',
    body: withVariation({ productId, quantity: delta }, variationId),
  });
}

/** Removes one line: the product's, or only the size `variationId` of it (`?variacao=`). */
export function removeFromServerCart(
  productId: number,
  variationId: number | null = null,
): Promise<ServerCart> {
  return apiRequest<ServerCart>(`api/cart/item/${productId}/`, {
    method: 'DELETE',
    ...(variationId == null ? {} : { query: { variacao: variationId } }),
  });
}

export function clearServerCart(): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/clear/', { method: 'DELETE' });
}

/** One guest line into the server cart (SPEC §7 `POST api/cart/`), idempotent by `key`. */
export function mergeIntoServerCart(
  productId: number,
  quantidade: number,
  key: string,
  variationId: number | null = null,
): Promise<ServerCart> {
  return apiRequest<ServerCart>('api/cart/', {
    method: 'POST',
    body: withVariation({ produto: productId, quantidade }, variationId),
    headers: { 'Idempotency-Key': key },
  });
}
