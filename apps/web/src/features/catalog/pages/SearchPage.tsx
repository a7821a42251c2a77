import { CATEGORIES, CATEGORY_PAGE_SIZE, pageCounterText } from '@semijoias/domain/catalog';
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
import { Link, useSearchParams } from 'react-router';
import { MovedTo, usePageHead } from '@/lib/page-head';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ProductCardSkeleton, productGridClasses } from '@/ui/ProductCard';
import { Skeleton } from '@/ui/Spinner';
import { SEARCH_PAGE_PATH, useSearchPage } from '../api/search-page';
import { Pagination, readPage } from '../components/Pagination';
import { ProductGrid } from '../components/ProductGrid';

/** The text searched: ?q=, trimmed, spaces collapsed (the address keeps what she typed). */
function readText(value: string | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** The address of a page of results: ?q=texto&pagina=n (page 1 without pagina). */
export function searchPageSearch(text: string, page: number): string {
  const params = new URLSearchParams({ q: text });
  if (page > 1) params.set('pagina', String(page));
  return `?${params.toString()}`;
}

/**
 * /busca?q=texto: the search's results, rendered on the server like a category's page (indexable,
 * shareable): the counter, the grid, the pages, and SPEC's empty state with the four categories.
 * A typo's results ('colr') say they are the nearest. Sort and filters, when they come, are more
 * parameters of the same address and of GET /api/busca/.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const text = readText(params.get('q'));
  const page = readPage(params.get('pagina'));
  const offset = (page - 1) * CATEGORY_PAGE_SIZE;
  const query = useSearchPage(text, offset);
  const data = text ? query.data : undefined;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / CATEGORY_PAGE_SIZE)) : 1;
  // A page past the end (an old link after the catalog shrank): go to the last one.
  const pastTheEnd =
    data &&
    !query.isPlaceholderData &&
    data.total > 0 &&
    data.results.length === 0 &&
    page > pageCount;
  const lastPage = `${SEARCH_PAGE_PATH}${searchPageSearch(text, pageCount)}`;
  const title = text ? searchResultsTitle(text) : SEARCH_PAGE_TITLE;
  // Results are a page worth finding; no text, or nothing found, is not.
  const indexable = data !== undefined && data.total > 0;
  usePageHead({
    title: page > 1 ? `${title} – página ${page}` : title,
    description: text
      ? `Semijoias encontradas para "${text}": anéis, brincos, colares e pulseiras com garantia e envio para todo o Brasil.`
      : 'Busque semijoias por nome, pedra ou banho: anéis, brincos, colares e pulseiras.',
    ...(indexable
      ? { path: `${SEARCH_PAGE_PATH}${searchPageSearch(text, page)}` }
      : { noindex: true }),
    mainImage: data?.results[0]?.image,
    ...(pastTheEnd ? { redirect: lastPage } : {}),
  });
  if (pastTheEnd) return <MovedTo to={lastPage} />;

  // Nothing to list (no text, or nothing found): SPEC's empty state is the whole page, its
  // heading the page's.
  if (!text || data?.total === 0) {
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

  return (
    <>
      <header className="border-b border-line bg-cream/60">
        <div className="container-page py-8 text-center sm:py-12">
          <nav aria-label="Trilha de navegação" className="mb-4 text-xs text-muted">
            <ol className="flex items-center justify-center gap-2">
              <li>
                <Link to="/" className="hover:text-ink">
                  Início
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="text-ink-soft">
                Busca
              </li>
            </ol>
          </nav>
          <p className="eyebrow mb-2">Busca</p>
          <h1 className="break-words font-display text-3xl font-semibold text-ink sm:text-5xl">
            {title}
          </h1>
        </div>
      </header>

      <section aria-label="Resultados da busca" className="container-page py-6 sm:py-10">
        {query.isPending ? (
          <>
            <Skeleton className="mb-5 h-5 w-48" />
            <div className={productGridClasses}>
              {Array.from({ length: 8 }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          </>
        ) : query.isError ? (
          <EmptyState
            title="Não foi possível buscar agora"
            action={
              <Button variant="primary" onClick={() => void query.refetch()}>
                Tentar novamente
              </Button>
            }
          >
            <p>Verifique sua conexão e tente de novo.</p>
          </EmptyState>
        ) : data ? (
          <>
            {data.aproximada && (
              <p data-testid="search-approximate" className="mb-2 text-sm text-ink-soft">
                {searchApproximateText(text)}
              </p>
            )}
            <p data-testid="search-counter" className="mb-5 text-sm text-muted" aria-live="polite">
              {pageCounterText(data.offset, data.results.length, data.total)}
            </p>
            <ProductGrid products={data.results} dimmed={query.isPlaceholderData} />
            <Pagination
              page={page}
              pageCount={pageCount}
              search={(n) => searchPageSearch(text, n)}
            />
          </>
        ) : null}
      </section>
    </>
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
