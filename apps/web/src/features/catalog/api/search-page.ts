import { CATEGORY_PAGE_SIZE } from '@semijoias/domain/catalog';
import { NO_LISTING_FILTERS, type ListingFilters } from '@semijoias/domain/listing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import { SEARCH_RESULTS_PATH } from '@/lib/search-request';
import type { Product } from '@/lib/product';
import { listingApiQuery } from '../listing/listing-url';

/** The results page's address: /busca?q=texto (and &pagina=n), shareable and indexable. */
export const SEARCH_PAGE_PATH = SEARCH_RESULTS_PATH;

export interface SearchResultsPage {
  results: Product[];
  total: number;
  /** No piece matched the words as typed: these are the nearest (a typo, 'colr'). */
  aproximada: boolean;
  /** The offset this page starts at (the counter reads it, not the URL). */
  offset: number;
}

/**
 * GET /api/busca/?q=&limit=36&offset=n and the sort and filters (docs/search-contract.md): a
 * category's page of results.
 */
export async function getSearchPage(
  text: string,
  offset: number,
  filters: ListingFilters = NO_LISTING_FILTERS,
  signal?: AbortSignal,
): Promise<SearchResultsPage> {
  const chosen = listingApiQuery(filters);
  const answer = await apiGet<Omit<SearchResultsPage, 'offset'>>(
    `/api/busca/${chosen ? `?${chosen}` : ''}`,
    { query: { q: text, limit: CATEGORY_PAGE_SIZE, offset }, signal },
  );
  return { ...answer, offset };
}

export const searchPageQuery = (
  text: string,
  offset: number,
  filters: ListingFilters = NO_LISTING_FILTERS,
) =>
  queryOptions({
    queryKey: ['products', 'search', text, offset, listingApiQuery(filters)],
    queryFn: ({ signal }) => getSearchPage(text, offset, filters, signal),
  });

export function useSearchPage(text: string, offset: number, filters: ListingFilters) {
  return useQuery({
    ...searchPageQuery(text, offset, filters),
    // Without a text there is nothing to ask (the page asks her for one).
    enabled: text !== '',
    // While the next page loads, this search's page stays (dimmed), never another search's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === text ? keepPreviousData(previous) : undefined,
  });
}
