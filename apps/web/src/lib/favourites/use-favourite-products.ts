/**
 * The pieces of her list with today's price and stock: her account's answer when logged in (the
 * catalog's shape, newest first), else the device's ids looked up in the catalog's whole list
 * (`api/listar_produtos/`, kept by the server's catalog cache). A piece the store no longer shows
 * is left out.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { apiGet } from '../api';
import type { Product } from '../product';
import { useIsLoggedIn } from '../session';
import { readGuestFavourites, subscribeGuestFavourites } from './guest-favourites';
import { useServerFavourites } from './use-favourites';

const NO_IDS: readonly number[] = [];
const NO_PRODUCTS: Product[] = [];

export const CATALOG_ALL_KEY = ['products', 'all'] as const;

export interface FavouriteProducts {
  products: Product[];
  loggedIn: boolean;
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
}

export function useFavouriteProducts(): FavouriteProducts {
  const loggedIn = useIsLoggedIn();
  const guestIds = useSyncExternalStore(
    subscribeGuestFavourites,
    readGuestFavourites,
    () => NO_IDS,
  );
  const server = useServerFavourites(loggedIn);
  const catalog = useQuery({
    queryKey: CATALOG_ALL_KEY,
    queryFn: ({ signal }) => apiGet<Product[]>('/api/listar_produtos/', { signal }),
    enabled: !loggedIn && guestIds.length > 0,
    staleTime: 60_000,
  });

  const guestProducts = useMemo(() => {
    if (!catalog.data) return NO_PRODUCTS;
    const byId = new Map(catalog.data.map((p) => [p.id, p]));
    return guestIds.flatMap((id) => byId.get(id) ?? []);
  }, [catalog.data, guestIds]);

  if (loggedIn) {
    return {
      products: server.data ?? NO_PRODUCTS,
      loggedIn,
      isLoading: server.isPending,
      isError: server.isError && !server.data,
      retry: () => void server.refetch(),
    };
  }
  return {
    products: guestIds.length === 0 ? NO_PRODUCTS : guestProducts,
    loggedIn,
    isLoading: guestIds.length > 0 && catalog.isPending,
    isError: guestIds.length > 0 && catalog.isError && !catalog.data,
    retry: () => void catalog.refetch(),
  };
}
