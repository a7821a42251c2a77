/**
 * The product page's reviews as its components read them: the pages shown so far, 'Ver mais'
 * asking one more (the list shown stays meanwhile), another order starting again at its first
 * page. A file of its own: the router imports only the query's options for the server's prefetch.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReviewOrder } from '@semijoias/domain/reviews';
import { productReviewsQuery } from './get-product-reviews';

export function useProductReviews(id: number, order: ReviewOrder = 'recentes') {
  const [wanted, setWanted] = useState({ id, order, pages: 1 });
  const pages = wanted.id === id && wanted.order === order ? wanted.pages : 1;
  const query = useQuery({
    ...productReviewsQuery(id, order, pages),
    // While another order's first page loads, the list shown stays (dimmed), not a blank.
    placeholderData: keepPreviousData,
    // A page the server rendered without its reviews (the call failed) hydrates the same: asking
    // again on mount would first render it as loading, not as the server's HTML.
    retryOnMount: false,
  });
  const shown = query.data?.pages;
  const last = shown?.at(-1);
  // One page more of the same list is on its way (not another order's first page).
  const loadingMore = query.isFetching && pages > 1 && (shown?.length ?? 0) < pages;
  return {
    ...query,
    isPlaceholderData: query.isPlaceholderData && !loadingMore,
    hasNextPage: last !== undefined && last.pagina < last.total_paginas,
    isFetchingNextPage: loadingMore,
    isFetchNextPageError: query.isError && pages > 1,
    fetchNextPage: () => setWanted({ id, order, pages: pages + 1 }),
  };
}
