/**
 * Favourites as every screen sees them: her account's list when logged in, the device's for a
 * guest. The server render and the first (hydrating) render see none, whoever asks: the pages
 * rendered on the server are shared by every visitor (docs/server-rendering.md), so the hearts
 * and the header's count fill in from the browser, in place (no layout moves).
 */
import {
  FAVOURITE_ADDED,
  FAVOURITE_REMOVED,
  FAVOURITE_SAVE_ERROR,
} from '@semijoias/domain/favourites';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { isApiError } from '../api';
import type { Product, ProductSummary } from '../product';
import { useIsLoggedIn } from '../session';
import {
  readGuestFavourites,
  subscribeGuestFavourites,
  toggleGuestFavourite,
} from './guest-favourites';
import {
  addFavourite,
  fetchFavourites,
  removeFavourite,
  SERVER_FAVOURITES_KEY,
} from './server-favourites';

const NO_IDS: readonly number[] = [];
const serverIds = () => NO_IDS;

/** Her account's list (the Favoritos tab and the ids below read the same cached query). */
export function useServerFavourites(enabled: boolean) {
  return useQuery({
    queryKey: SERVER_FAVOURITES_KEY,
    queryFn: ({ signal }) => fetchFavourites(signal),
    enabled,
    // Another tab or device may have changed it: look again now and then.
    staleTime: 30_000,
  });
}

export interface FavouriteIds {
  /** Newest first. */
  ids: readonly number[];
  loggedIn: boolean;
}

export function useFavouriteIds(): FavouriteIds {
  const loggedIn = useIsLoggedIn();
  const guest = useSyncExternalStore(subscribeGuestFavourites, readGuestFavourites, serverIds);
  const { data } = useServerFavourites(loggedIn);
  const ids = useMemo(
    () => (loggedIn ? (data?.map((p) => p.id) ?? NO_IDS) : guest),
    [loggedIn, data, guest],
  );
  return { ids, loggedIn };
}

export function useIsFavourite(productId: number): boolean {
  return useFavouriteIds().ids.includes(productId);
}

/** The header's number: the pieces in her list. */
export function useFavouritesCount(): number {
  return useFavouriteIds().ids.length;
}

// --------------------------------------------------------------------------------- Toggling

/** A heart waiting for the server ignores more taps (one call per piece at a time). */
const pending = new Set<number>();

export type ToggleResult =
  { ok: true; favourite: boolean; message: string } | { ok: false; message: string };

/** The cached list with the piece put first or taken out, before the server answers. */
function optimistic(
  client: QueryClient,
  product: ProductSummary,
  favourite: boolean,
): Product[] | undefined {
  const before = client.getQueryData<Product[]>(SERVER_FAVOURITES_KEY);
  const rest = (before ?? []).filter((p) => p.id !== product.id);
  // A card's summary stands in until the refetch brings the full product.
  client.setQueryData<Product[]>(
    SERVER_FAVOURITES_KEY,
    favourite ? [product as Product, ...rest] : rest,
  );
  return before;
}

/** Hearts or un-hearts a piece in the list she has (account or device). */
export function useToggleFavourite(): (product: ProductSummary) => Promise<ToggleResult> {
  const loggedIn = useIsLoggedIn();
  const client = useQueryClient();
  return useCallback(
    async (product) => {
      if (!loggedIn) {
        try {
          const favourite = toggleGuestFavourite(product.id);
          return { ok: true, favourite, message: favourite ? FAVOURITE_ADDED : FAVOURITE_REMOVED };
        } catch {
          return { ok: false, message: FAVOURITE_SAVE_ERROR };
        }
      }
      if (pending.has(product.id)) return { ok: false, message: '' };
      pending.add(product.id);
      const list = client.getQueryData<Product[]>(SERVER_FAVOURITES_KEY) ?? [];
      const favourite = !list.some((p) => p.id === product.id);
      await client.cancelQueries({ queryKey: SERVER_FAVOURITES_KEY });
      const before = optimistic(client, product, favourite);
      try {
        if (favourite) await addFavourite(product.id);
        else await removeFavourite(product.id);
        return { ok: true, favourite, message: favourite ? FAVOURITE_ADDED : FAVOURITE_REMOVED };
      } catch (error) {
        client.setQueryData(SERVER_FAVOURITES_KEY, before);
        // A piece the store no longer shows (404) says so in the server's words.
        const data = isApiError(error) && error.status === 404 ? error.data : null;
        const text =
          data && typeof data === 'object' && 'error' in data ? String(data.error) : null;
        return { ok: false, message: text ?? FAVOURITE_SAVE_ERROR };
      } finally {
        pending.delete(product.id);
        void client.invalidateQueries({ queryKey: SERVER_FAVOURITES_KEY });
      }
    },
    [loggedIn, client],
  );
}
