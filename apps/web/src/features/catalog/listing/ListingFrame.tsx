import { pageCounterText } from '@semijoias/domain/catalog';
import {
  hasListingFilters,
  LISTING_SORTS,
  NO_LISTING_FILTERS,
  platingLabel,
  type ListingFilters,
  type ListingSort,
} from '@semijoias/domain/listing';
import {
  LISTING_CHOSEN_TITLE,
  LISTING_CLEAR_FILTERS,
  LISTING_FILTERED_EMPTY_TEXT,
  LISTING_FILTERED_EMPTY_TITLE,
  LISTING_FILTERS_BUTTON,
  LISTING_FILTERS_TITLE,
  LISTING_PROMO_LABEL,
  LISTING_SORT_LABEL,
  listingActiveFiltersText,
  listingPriceChipText,
  listingRemoveFilterText,
  listingSizeChipText,
} from '@semijoias/domain/messages';
import { formatBRL } from '@semijoias/domain/money';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Product } from '@/lib/product';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { EmptyState } from '@/ui/EmptyState';
import { CloseIcon, FilterIcon } from '@/ui/icons';
import { ProductCardSkeleton, productGridClasses } from '@/ui/ProductCard';
import { Skeleton } from '@/ui/Spinner';
import type { ListingFacets } from '../api/listing-facets';
import { Pagination } from '../components/Pagination';
import { ProductGrid } from '../components/ProductGrid';
import { FilterPanel } from './FilterPanel';
import { activeFilterCount, listingApiQuery } from './listing-url';

// The phone's sheet: its code comes when she first taps 'Filtrar'.
const FilterSheet = lazy(() => import('./FilterSheet').then((m) => ({ default: m.FilterSheet })));

export interface ListingPage {
  results: Product[];
  total: number;
  offset: number;
}

export interface ListingFrameProps {
  /** The page's heading, its last crumb and the small line above it. */
  title: string;
  crumb: string;
  eyebrow: string;
  description?: ReactNode;
  /** The section's name for screen readers ('Produtos de Anéis'). */
  label: string;
  query: {
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  data: ListingPage | undefined;
  errorTitle: string;
  /** The listing has no piece at all (no filter on): the page's own empty state. */
  empty: ReactNode;
  /** A sentence over the counter (the search's 'near' results). */
  notice?: ReactNode;
  counterTestId: string;
  page: number;
  pageCount: number;
  /** The address's query of page n with the current filters. */
  pageSearch: (page: number) => string;
  filters: ListingFilters;
  facets: ListingFacets | undefined;
  /** Goes to the first page of the listing with these filters (a new history entry). */
  onFiltersChange: (next: ListingFilters) => void;
}

/**
 * A listing's page (a category's, the search's results): its header, the filters beside the grid
 * on a desktop and in a sheet on a phone, the sort, the chosen filters as chips with 'Limpar
 * filtros', SPEC's counter, the grid and the pages. Everything is in the server's HTML; only the
 * sheet's code waits for a tap.
 */
export function ListingFrame(props: ListingFrameProps) {
  const { title, crumb, eyebrow, description, label } = props;
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
                {crumb}
              </li>
            </ol>
          </nav>
          <p className="eyebrow mb-2">{eyebrow}</p>
          <h1 className="break-words font-display text-3xl font-semibold text-ink sm:text-5xl">
            {title}
          </h1>
          {description && (
            <p className="mx-auto mt-3 max-w-xl text-[0.95rem] leading-relaxed text-muted sm:text-base">
              {description}
            </p>
          )}
        </div>
      </header>
      <section aria-label={label} className="container-page py-6 sm:py-10">
        <ListingBody {...props} />
      </section>
    </>
  );
}

function ListingBody({
  query,
  data,
  errorTitle,
  empty,
  notice,
  counterTestId,
  page,
  pageCount,
  pageSearch,
  filters: asked,
  facets,
  onFiltersChange: navigateTo,
}: ListingFrameProps) {
  // A choice shows at once (a box ticked stays ticked) while the address changes in a
  // transition: until the page with it arrives, the controls show what she chose.
  const [chosen, setChosen] = useState<{ from: string; to: ListingFilters } | null>(null);
  const askedKey = listingApiQuery(asked);
  // The address moved (her choice arrived, or back and forward): it says what is chosen again.
  const [seenKey, setSeenKey] = useState(askedKey);
  if (seenKey !== askedKey) {
    setSeenKey(askedKey);
    setChosen(null);
  }
  const filters = chosen && chosen.from === askedKey ? chosen.to : asked;
  const onFiltersChange = (next: ListingFilters) => {
    setChosen({ from: askedKey, to: next });
    navigateTo(next);
  };
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetWanted, setSheetWanted] = useState(false);
  const filtered = hasListingFilters(filters);
  const active = activeFilterCount(filters);
  const clear = () => onFiltersChange({ ...NO_LISTING_FILTERS, sort: filters.sort });

  if (query.isPending) {
    return (
      <>
        <Skeleton className="mb-5 h-5 w-48" />
        <div className={productGridClasses}>
          {Array.from({ length: 8 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      </>
    );
  }
  if (query.isError && !data) {
    return (
      <EmptyState
        title={errorTitle}
        action={
          <Button variant="primary" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        }
      >
        <p>Verifique sua conexão e tente de novo.</p>
      </EmptyState>
    );
  }
  if (!data) return null;
  // Nothing in the listing at all: its own empty state, no filter to offer.
  if (data.total === 0 && !filtered) return <>{empty}</>;

  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside
        aria-labelledby="filtros-titulo"
        className="hidden lg:block"
        data-testid="filter-sidebar"
      >
        <h2 id="filtros-titulo" className="mb-5 font-display text-xl font-semibold text-ink">
          {LISTING_FILTERS_TITLE}
        </h2>
        <FilterPanel
          facets={facets}
          filters={filters}
          onChange={onFiltersChange}
          idPrefix="lateral"
        />
      </aside>

      <div className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => {
              setSheetWanted(true);
              setSheetOpen(true);
            }}
            aria-haspopup="dialog"
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ink/25 px-4 text-sm font-medium text-ink hover:border-ink lg:hidden"
            data-testid="filter-open"
          >
            <FilterIcon width={18} height={18} />
            {LISTING_FILTERS_BUTTON}
            {active > 0 && (
              <span
                className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-ink px-1.5 text-xs text-ivory"
                aria-label={listingActiveFiltersText(active)}
              >
                {active}
              </span>
            )}
          </button>
          <p
            data-testid={counterTestId}
            className="order-last w-full text-sm text-muted lg:order-none lg:mr-auto lg:w-auto"
            aria-live="polite"
          >
            {pageCounterText(data.offset, data.results.length, data.total)}
          </p>
          <label className="ml-auto flex items-center gap-2 text-sm text-ink-soft">
            <span className="sr-only sm:not-sr-only">{LISTING_SORT_LABEL}</span>
            <select
              value={filters.sort}
              onChange={(e) => onFiltersChange({ ...filters, sort: e.target.value as ListingSort })}
              className="h-11 rounded-full border border-line bg-white pl-4 pr-9 text-sm text-ink outline-none focus:border-gold-dark focus:ring-2 focus:ring-gold/40"
              data-testid="listing-sort"
            >
              {LISTING_SORTS.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>

        {filtered && <ChosenFilters filters={filters} onChange={onFiltersChange} onClear={clear} />}
        {notice}

        {data.total === 0 ? (
          <EmptyState
            title={LISTING_FILTERED_EMPTY_TITLE}
            className="sm:py-16"
            action={
              <Button variant="primary" onClick={clear}>
                {LISTING_CLEAR_FILTERS}
              </Button>
            }
          >
            <p>{LISTING_FILTERED_EMPTY_TEXT}</p>
          </EmptyState>
        ) : (
          <>
            <ProductGrid
              products={data.results}
              dimmed={query.isPlaceholderData}
              gridClasses="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4"
            />
            <Pagination page={page} pageCount={pageCount} search={pageSearch} />
          </>
        )}
      </div>

      {sheetWanted && (
        <Suspense fallback={null}>
          <FilterSheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            facets={facets}
            filters={filters}
            onChange={onFiltersChange}
            onClear={clear}
            total={query.isPlaceholderData ? undefined : data.total}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The filters on, each one a chip that takes it off, and 'Limpar filtros'. */
function ChosenFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: ListingFilters;
  onChange: (next: ListingFilters) => void;
  onClear: () => void;
}) {
  const chips: { key: string; text: string; without: ListingFilters }[] = [];
  if (filters.promo) {
    chips.push({ key: 'promo', text: LISTING_PROMO_LABEL, without: { ...filters, promo: false } });
  }
  const { priceMinCents: min, priceMaxCents: max } = filters;
  if (min !== null || max !== null) {
    const text = listingPriceChipText(
      min === null ? null : formatBRL(min),
      max === null ? null : formatBRL(max),
    );
    chips.push({
      key: 'price',
      text,
      without: { ...filters, priceMinCents: null, priceMaxCents: null },
    });
  }
  for (const code of filters.platings) {
    chips.push({
      key: `banho-${code}`,
      text: platingLabel(code) ?? code,
      without: { ...filters, platings: filters.platings.filter((c) => c !== code) },
    });
  }
  for (const size of filters.sizes) {
    chips.push({
      key: `tamanho-${size}`,
      text: listingSizeChipText(size),
      without: { ...filters, sizes: filters.sizes.filter((s) => s !== size) },
    });
  }
  return (
    <ul className="mb-5 flex flex-wrap items-center gap-2" aria-label={LISTING_CHOSEN_TITLE}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => onChange(chip.without)}
            aria-label={listingRemoveFilterText(chip.text)}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-cream px-3 text-sm text-ink hover:bg-line/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
          >
            {chip.text}
            <CloseIcon width={14} height={14} />
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={onClear}
          className={cx(
            'inline-flex min-h-9 items-center px-2 text-sm font-medium text-ink underline decoration-gold underline-offset-4 hover:text-gold-dark',
          )}
          data-testid="clear-filters"
        >
          {LISTING_CLEAR_FILTERS}
        </button>
      </li>
    </ul>
  );
}
