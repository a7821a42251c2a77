import { CATEGORY_PAGE_SIZE, type Category } from '@semijoias/domain/catalog';
import {
  hasListingFilters,
  NO_LISTING_FILTERS,
  type ListingFilters,
} from '@semijoias/domain/listing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '@/lib/api';
import type { Product } from '@/lib/product';
import { listingApiQuery } from '../listing/listing-url';

export interface CategoryPage {
  results: Product[];
  total: number;
  /** The offset this page starts at (the counter reads it, not the URL). */
  offset: number;
}

type CategoryAnswer = { results: Product[]; total: number } | Product[];

/**
 * A plain list is either the page itself (the server paginated and left the total out) or the
 * whole category (a server without pagination, and the listar_* fallback): longer than a page
 * means the whole list, which is then cut here. SPEC §7: "accept either response shape".
 */
export function toCategoryPage(
  answer: CategoryAnswer,
  offset: number,
  limit: number,
): CategoryPage {
  if (!Array.isArray(answer)) {
    return { results: answer.results ?? [], total: Number(answer.total) || 0, offset };
  }
  if (answer.length > limit || offset === 0) {
    return { results: answer.slice(offset, offset + limit), total: answer.length, offset };
  }
  return { results: answer, total: offset + answer.length, offset };
}

/**
 * GET /api/produtos/{slug}/?limit=36&offset=n, with the sort and filters (docs/search-contract.md).
 * When it fails with a server answer (not a cancellation, not a missing connection), the old
 * whole-category list /api/listar_{slug}/ is the fallback the SPEC names, paginated here — for
 * the category as it is: it knows no sort nor filter.
 */
export async function getCategoryProducts(
  category: Category,
  offset: number,
  filters: ListingFilters = NO_LISTING_FILTERS,
  signal?: AbortSignal,
): Promise<CategoryPage> {
  const limit = CATEGORY_PAGE_SIZE;
  const chosen = listingApiQuery(filters);
  try {
    const answer = await apiGet<CategoryAnswer>(
      `/api/produtos/${category.slug}/${chosen ? `?${chosen}` : ''}`,
      { query: { limit, offset }, signal },
    );
    return toCategoryPage(answer, offset, limit);
  } catch (error) {
    if (!isApiError(error) || error.isNetworkError) throw error;
    if (filters.sort !== 'relevancia' || hasListingFilters(filters)) throw error;
    const all = await apiGet<Product[]>(`/api/listar_${category.slug}/`, { signal });
    return toCategoryPage(all, offset, limit);
  }
}

export const categoryProductsQuery = (
  category: Category,
  offset: number,
  filters: ListingFilters = NO_LISTING_FILTERS,
) =>
  queryOptions({
    queryKey: ['products', 'category', category.slug, offset, listingApiQuery(filters)],
    queryFn: ({ signal }) => getCategoryProducts(category, offset, filters, signal),
  });

export function useCategoryProducts(category: Category, offset: number, filters: ListingFilters) {
  return useQuery({
    ...categoryProductsQuery(category, offset, filters),
    // While the next page (or the next filters' answer) loads, keep showing this category's
    // current one (dimmed), never another category's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === category.slug ? keepPreviousData(previous) : undefined,
  });
}
