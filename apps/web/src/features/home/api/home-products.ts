import { FEATURED_COUNT } from '@semijoias/domain/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import type { Product } from '@/lib/product';

/** The home's product lists (SPEC §7): the carousel's slides, featured, best sellers. */

/** Only the slides: the home must not download the whole catalog for six pictures. */
export const carouselProductsQuery = () =>
  queryOptions({
    queryKey: ['products', 'carousel'],
    queryFn: ({ signal }) => apiGet<Product[]>('/api/listar_produtos_carrossel/', { signal }),
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

export const useCarouselProducts = () => useQuery(carouselProductsQuery());
export const useFeaturedProducts = () => useQuery(featuredProductsQuery());
export const useBestSellers = () => useQuery(bestSellersQuery());
