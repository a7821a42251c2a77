/**
 * A listing's sort, filters and page in its address (/aneis?ordem=menor-preco&banho=dourado…,
 * /busca?q=colar&tamanho=16…): read leniently — a value the store does not know is left out, so
 * an old or hand-edited link still opens a page — and written in one order, so the same choice is
 * always the same address (the server keeps one page for it) and the same query to the API.
 */
import {
  DEFAULT_LISTING_SORT,
  isListingSort,
  isPlatingCode,
  LISTING_PARAMS,
  LISTING_SIZE_MAX_LENGTH,
  LISTING_VALUES_MAX,
  listingQueryEntries,
  normalizeSizeParam,
  parsePriceParam,
  PLATINGS,
  type ListingFilters,
} from '@semijoias/domain/listing';

/** ?pagina=n: the page, never sent to the API (it asks with offset). */
export const PAGE_PARAM = 'pagina';
/** The search page's words (?q=), beside its listing's own. */
export const SEARCH_PARAM = 'q';

/** Every parameter a listing's page reads besides its own (a search's q). */
export const LISTING_PAGE_PARAMS: readonly string[] = [
  PAGE_PARAM,
  ...Object.values(LISTING_PARAMS),
];

/** The sort and filters an address asks for; what it says wrong is left out. */
export function readListing(params: URLSearchParams): ListingFilters {
  const sort = params.get(LISTING_PARAMS.sort);
  const price = (name: string) => {
    const value = params.get(name);
    return value === null ? null : parsePriceParam(value);
  };
  let priceMinCents = price(LISTING_PARAMS.priceMin);
  let priceMaxCents = price(LISTING_PARAMS.priceMax);
  // Typed the wrong way round: what she meant.
  if (priceMinCents !== null && priceMaxCents !== null && priceMinCents > priceMaxCents) {
    [priceMinCents, priceMaxCents] = [priceMaxCents, priceMinCents];
  }
  const asked = params.getAll(LISTING_PARAMS.plating);
  const sizes = [
    ...new Set(
      params
        .getAll(LISTING_PARAMS.size)
        .map(normalizeSizeParam)
        .filter((s) => s.length >= 1 && s.length <= LISTING_SIZE_MAX_LENGTH),
    ),
  ].slice(0, LISTING_VALUES_MAX);
  return {
    sort: isListingSort(sort) ? sort : DEFAULT_LISTING_SORT,
    priceMinCents,
    priceMaxCents,
    platings: PLATINGS.map((p) => p.code).filter((c) => asked.includes(c) && isPlatingCode(c)),
    sizes,
    promo: params.get(LISTING_PARAMS.promo) === '1',
  };
}

/**
 * The address's query for a listing's page: its own parameters first (`?q=colar`), then the sort
 * and filters, then the page (left out on the first). '' when there is nothing to say.
 */
export function listingSearch(
  own: readonly [string, string][],
  filters: ListingFilters,
  page = 1,
): string {
  const entries = [...own, ...listingQueryEntries(filters)];
  if (page > 1) entries.push([PAGE_PARAM, String(page)]);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}

/** The API's query for the sort and filters ('' without any): part of its path, cache keys too. */
export function listingApiQuery(filters: ListingFilters): string {
  return new URLSearchParams(listingQueryEntries(filters)).toString();
}

/** How many filters are on (each plating, size, the price range and the promo count one). */
export function activeFilterCount(f: ListingFilters): number {
  return (
    f.platings.length +
    f.sizes.length +
    (f.priceMinCents !== null || f.priceMaxCents !== null ? 1 : 0) +
    (f.promo ? 1 : 0)
  );
}
