import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import type { Product } from '@/lib/product';

/** GET /api/buscar/produtos/?search=text (case- and accent-insensitive on the server). */
export function searchProducts(text: string, signal?: AbortSignal): Promise<Product[]> {
  return apiGet<Product[]>('/api/buscar/produtos/', { query: { search: text }, signal });
}

export const searchProductsQuery = (text: string) =>
  queryOptions({
    queryKey: ['search', text],
    queryFn: ({ signal }) => searchProducts(text, signal),
    staleTime: 60_000,
  });

/** Minimum length before a search is sent: one letter matches almost everything. */
export const SEARCH_MIN_LENGTH = 2;

export function useSearchProducts(text: string) {
  return useQuery({ ...searchProductsQuery(text), enabled: text.length >= SEARCH_MIN_LENGTH });
}
