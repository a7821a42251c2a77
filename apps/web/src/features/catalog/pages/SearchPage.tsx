import { CATEGORIES, CATEGORY_PAGE_SIZE } from '@semijoias/domain/catalog';
import {
  hasListingFilters,
  NO_LISTING_FILTERS,
  type ListingFilters,
} from '@semijoias/domain/listing';
import {
  SEARCH_EMPTY_HINT,
  SEARCH_PAGE_PROMPT,
  SEARCH_PAGE_TITLE,
  SEARCH_SUGGESTIONS_TITLE,
  searchApproximateText,
  searchEmptyText,
  searchResultsTitle,
} from '@semijoias/domain/messages';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepScrollState } from '@/lib/keep-scroll';
import { MovedTo, usePageHead } from '@/lib/page-head';
import { EmptyState } from '@/ui/EmptyState';
import { useListingFacets } from '../api/listing-facets';
import { SEARCH_PAGE_PATH, useSearchPage } from '../api/search-page';
import { readPage } from '../components/Pagination';
import { ListingFrame } from '../listing/ListingFrame';
import { listingSearch, readListing, SEARCH_PARAM } from '../listing/listing-url';

/** The text searched: ?q=, trimmed, spaces collapsed (the address keeps what she typed). */
function readText(value: string | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * /busca?q=texto: the search's results, rendered on the server like a category's page (indexable,
 * shareable): the same frame, sort and filters (&ordem=, &banho=…), the counter, the grid, the
 * pages, and SPEC's empty state with the four categories. A typo's results ('colr') say they
 * are the nearest.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const text = readText(params.get(SEARCH_PARAM));
  const page = readPage(params.get('pagina'));
  const filters = readListing(params);
  const offset = (page - 1) * CATEGORY_PAGE_SIZE;
  const query = useSearchPage(text, offset, filters);
  const facets = useListingFacets({ text }).data;
  const data = text ? query.data : undefined;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / CATEGORY_PAGE_SIZE)) : 1;
  const own: [string, string][] = [[SEARCH_PARAM, text]];
  const search = (n: number) => listingSearch(own, filters, n);
  // A page past the end (an old link after the catalog shrank): go to the last one.
  const pastTheEnd =
    data &&
    !query.isPlaceholderData &&
    data.total > 0 &&
    data.results.length === 0 &&
    page > pageCount;
  const lastPage = `${SEARCH_PAGE_PATH}${search(pageCount)}`;
  const title = text ? searchResultsTitle(text) : SEARCH_PAGE_TITLE;
  // Results are a page worth finding; no text, or nothing found, is not.
  const indexable = data !== undefined && data.total > 0;
  usePageHead({
    title: page > 1 ? `${title} – página ${page}` : title,
    description: text
      ? `Semijoias encontradas para "${text}": anéis, brincos, colares e pulseiras com garantia e envio para todo o Brasil.`
      : 'Busque semijoias por nome, pedra ou banho: anéis, brincos, colares e pulseiras.',
    // Sorted or filtered, the page is the search's, for search engines.
    ...(indexable
      ? { path: `${SEARCH_PAGE_PATH}${listingSearch(own, NO_LISTING_FILTERS, page)}` }
      : { noindex: true }),
    mainImage: data?.results[0]?.image,
    ...(pastTheEnd ? { redirect: lastPage } : {}),
  });
  if (pastTheEnd) return <MovedTo to={lastPage} />;

  // Nothing to list (no text, or nothing found without a filter): SPEC's empty state is the
  // whole page, its heading the page's.
  if (!text || (data?.total === 0 && !hasListingFilters(filters))) {
    return (
      <section aria-label="Resultados da busca" className="container-page py-2 sm:py-6">
        {text ? (
          <NothingToShow title={searchEmptyText(text)}>
            <p>{SEARCH_EMPTY_HINT}</p>
          </NothingToShow>
        ) : (
          <NothingToShow title={SEARCH_PAGE_TITLE}>
            <p>{SEARCH_PAGE_PROMPT}</p>
          </NothingToShow>
        )}
      </section>
    );
  }

  const onFiltersChange = (next: ListingFilters) =>
    void navigate({ search: listingSearch(own, next) }, { state: keepScrollState(null) });

  return (
    <ListingFrame
      title={title}
      crumb="Busca"
      eyebrow="Busca"
      label="Resultados da busca"
      query={query}
      data={data}
      errorTitle="Não foi possível buscar agora"
      empty={null}
      notice={
        data?.aproximada && (
          <p data-testid="search-approximate" className="mb-4 text-sm text-ink-soft">
            {searchApproximateText(text)}
          </p>
        )
      }
      counterTestId="search-counter"
      page={page}
      pageCount={pageCount}
      pageSearch={search}
      filters={filters}
      facets={facets}
      onFiltersChange={onFiltersChange}
    />
  );
}

/** SPEC's empty state, the page's heading: what was not found, and the four categories. */
function NothingToShow({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <EmptyState
      as="h1"
      title={title}
      action={
        <div>
          <p className="mb-3 text-sm text-muted">{SEARCH_SUGGESTIONS_TITLE}</p>
          <ul className="flex flex-wrap justify-center gap-2" data-testid="search-suggestions">
            {CATEGORIES.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/${category.slug}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-line bg-white px-5 text-sm font-medium text-ink-soft hover:border-gold hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
                >
                  {category.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      }
    >
      {children}
    </EmptyState>
  );
}
