import { FEATURED_COUNT } from '@semijoias/domain/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import type { Product } from '@/lib/product';

/** The home's product lists (SPEC §7): every product (for the carousel), featured, best sellers. */

export const allProductsQuery = () =>
  queryOptions({
    queryKey: ['products', 'all'],
    queryFn: ({ signal }) => apiGet<Product[]>('/api/listar_produtos/', { signal }),
  });

export const featuredProductsQuery = () =>
  queryOptions({
    queryKey: ['products', 'featured'],
    queryFn: ({ signal }) => apiGet<Product[]>('/api/listar_produtos_destaque/', { signal }),
    // The API picks them at random; keep the same four while the shopper is on the site.
    select: (products) => products.slice(0, FEATURED_COUNT),
  });

export const bestSellersQuery = () =>
  queryOptions({
    queryKey: ['products', 'best-sellers'],
    queryFn: ({ signal }) => apiGet<Product[]>('/api/listar_best_sellers/', { signal }),
  });

export const useAllProducts = () => useQuery(allProductsQuery());
export const useFeaturedProducts = () => useQuery(featuredProductsQuery());
export const useBestSellers = () => useQuery(bestSellersQuery());
