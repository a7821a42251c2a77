import { Link } from 'react-router';
import { cx } from '@/ui/cx';
import { ChevronLeftIcon, ChevronRightIcon } from '@/ui/icons';

/** Page numbers to show: first, last, the current one and its neighbours; null marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set(
    [1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount),
  );
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && n - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && n - prev > 2) out.push(null);
    out.push(n);
  });
  return out;
}

/** The page lives in the URL (?pagina=2), so a reload or a shared link keeps it. */
export function pageSearch(page: number): string {
  return page <= 1 ? '' : `?pagina=${page}`;
}

/** ?pagina=n, a whole number from 1; anything else is page 1. */
export function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

const item =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-medium transition-colors';

// 'Anterior' on the first page and 'Próxima' on the last: a link that is there but unavailable,
// so its faded text is an inactive control's (WCAG 1.4.3 exempts it), not low-contrast text.
const unavailable = { role: 'link', 'aria-disabled': true } as const;

/**
 * `search` gives a page's query (the search's keeps its text: ?q=colar&pagina=2); a category's
 * is ?pagina=n alone.
 */
export function Pagination({
  page,
  pageCount,
  search = pageSearch,
}: {
  page: number;
  pageCount: number;
  search?: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const hasPrev = page > 1;
  const hasNext = page < pageCount;
  return (
    <nav aria-label="Paginação" className="mt-10 flex items-center justify-center gap-1 sm:gap-2">
      {hasPrev ? (
        <Link
          to={{ search: search(page - 1) }}
          rel="prev"
          className={cx(item, 'gap-1 text-ink hover:bg-ink/5')}
          data-testid="pagination-prev"
        >
          <ChevronLeftIcon width={18} height={18} />
          <span className="hidden sm:inline">Anterior</span>
          <span className="sr-only sm:hidden">Página anterior</span>
        </Link>
      ) : (
        <span className={cx(item, 'gap-1 text-muted/50')} {...unavailable}>
          <ChevronLeftIcon width={18} height={18} />
          <span className="hidden sm:inline">Anterior</span>
          <span className="sr-only sm:hidden">Página anterior</span>
        </span>
      )}
      <ol className="flex items-center gap-1">
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={{ search: search(n) }}
                aria-label={`Página ${n}`}
                aria-current={n === page ? 'page' : undefined}
                className={cx(item, n === page ? 'bg-ink text-ivory' : 'text-ink hover:bg-ink/5')}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {hasNext ? (
        <Link
          to={{ search: search(page + 1) }}
          rel="next"
          className={cx(item, 'gap-1 text-ink hover:bg-ink/5')}
          data-testid="pagination-next"
        >
          <span className="hidden sm:inline">Próxima</span>
          <span className="sr-only sm:hidden">Próxima página</span>
          <ChevronRightIcon width={18} height={18} />
        </Link>
      ) : (
        <span className={cx(item, 'gap-1 text-muted/50')} {...unavailable}>
          <span className="hidden sm:inline">Próxima</span>
          <span className="sr-only sm:hidden">Próxima página</span>
          <ChevronRightIcon width={18} height={18} />
        </span>
      )}
    </nav>
  );
}
