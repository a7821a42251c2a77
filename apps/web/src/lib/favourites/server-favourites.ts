/** The favourites calls of a logged-in customer (docs/favourites-contract.md). */
import { apiRequest } from '../api';
import type { Product } from '../product';

/** Account data lives under ['session', ...]: it is dropped when the session ends. */
export const SERVER_FAVOURITES_KEY = ['session', 'favourites'] as const;

/** Her favourites in the catalog's product shape, newest first. */
export function fetchFavourites(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>('api/favoritos/', { signal });
}

/** 201 when added, 200 when it was already there: both are success. */
export function addFavourite(productId: number): Promise<unknown> {
  return apiRequest('api/favoritos/', { method: 'POST', body: { produto_id: productId } });
}

/** 204, also when it was not there. */
export function removeFavourite(productId: number): Promise<unknown> {
  return apiRequest(`api/favoritos/${productId}/`, { method: 'DELETE' });
}
