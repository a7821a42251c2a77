import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

/**
 * What a listing's filters may offer (GET /api/produtos/{slug}/filtros/, /api/busca/filtros/?q=;
 * docs/search-contract.md): counted on the listing without filters, so the choices stay put
 * while she filters.
 */
export interface ListingFacets {
  total: number;
  banhos: { codigo: string; nome: string; quantidade: number }[];
  tamanhos: { nome: string; quantidade: number }[];
  /** Decimal strings ("49.90"); null for an empty listing. */
  preco_min: string | null;
  preco_max: string | null;
  promocao: number;
}

export const categoryFacetsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['products', 'facets', 'category', slug],
    queryFn: ({ signal }) => apiGet<ListingFacets>(`/api/produtos/${slug}/filtros/`, { signal }),
  });

export const searchFacetsQuery = (text: string) =>
  queryOptions({
    queryKey: ['products', 'facets', 'search', text],
    queryFn: ({ signal }) =>
      apiGet<ListingFacets>('/api/busca/filtros/', { query: { q: text }, signal }),
  });

/** A category's (`slug`) or a search's (`text`) filters; nothing asked without either. */
export function useListingFacets(of: { slug: string } | { text: string }) {
  const options = 'slug' in of ? categoryFacetsQuery(of.slug) : searchFacetsQuery(of.text);
  return useQuery({ ...options, enabled: 'slug' in of || of.text !== '' });
}
