import {
  formatReviewAverage,
  REVIEW_ORDER_LABELS,
  REVIEW_ORDERS,
  REVIEW_STARS_MAX,
  REVIEW_STARS_MIN,
  REVIEWS_EMPTY,
  REVIEWS_TITLE,
  reviewCountText,
  type ReviewOrder,
} from '@semijoias/domain/reviews';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { Skeleton, Spinner } from '@/ui/Spinner';
import { Stars } from '@/ui/Stars';
import { type ProductReviewsPage, type ReviewStarsCount } from '../api/get-product-reviews';
import { useProductReviews } from '../api/use-product-reviews';
import { REVIEWS_SECTION_ID } from './RatingSummary';
import { ReviewItem } from './ReviewItem';
import {
  REVIEWS_DISTRIBUTION,
  REVIEWS_FAILED,
  REVIEWS_LOADING,
  REVIEWS_MORE,
  REVIEWS_ORDER_LABEL,
  REVIEWS_RETRY,
  starsCountText,
} from './texts';

const TITLE_ID = `${REVIEWS_SECTION_ID}-titulo`;

/**
 * 'Avaliações' under the piece's details (docs/reviews-contract.md): the average and how many,
 * how many gave each number of stars, the order, the reviews 10 at a time and 'Ver mais
 * avaliações'; a small line for a piece without any. The first page of 'Mais recentes' is in the
 * server's page (the route's prefetch), so hydration finds the same HTML.
 */
export function ReviewsSection({ productId }: { productId: number }) {
  const [order, setOrder] = useState<ReviewOrder>('recentes');
  const query = useProductReviews(productId, order);
  const pages = query.data?.pages;
  const first = pages?.[0];

  if (!first) {
    return (
      <Frame>
        {query.isError ? (
          <div className="mt-3 text-sm text-ink-soft">
            <p>{REVIEWS_FAILED}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              onClick={() => void query.refetch()}
            >
              {REVIEWS_RETRY}
            </Button>
          </div>
        ) : (
          <div aria-hidden="true" className="mt-5 space-y-3">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-20 w-full" />
          </div>
        )}
      </Frame>
    );
  }

  if (first.total === 0) {
    return (
      <Frame small>
        <p data-testid="reviews-empty" className="mt-2 text-sm text-muted">
          {REVIEWS_EMPTY}
        </p>
      </Frame>
    );
  }

  const reviews = pages.flatMap((page) => page.avaliacoes);
  return (
    <Frame>
      <div className="mt-6 grid gap-8 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-14">
        <Overview page={first} />
        <div>
          <div className="flex items-center justify-end border-b border-line pb-4">
            <label className="flex items-center gap-2 text-sm text-ink-soft">
              {/* Said on the narrowest phones too, where only the select has room. */}
              <span className="sr-only min-[22rem]:not-sr-only">{REVIEWS_ORDER_LABEL}</span>
              <select
                value={order}
                onChange={(e) => setOrder(e.target.value as ReviewOrder)}
                data-testid="reviews-order"
                className="h-11 rounded-full border border-line bg-white pl-4 pr-9 text-sm text-ink outline-none focus:border-gold-dark focus:ring-2 focus:ring-gold/40"
              >
                {REVIEW_ORDERS.map((code) => (
                  <option key={code} value={code}>
                    {REVIEW_ORDER_LABELS[code]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ReviewList
            reviews={reviews}
            busy={query.isPlaceholderData}
            more={query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            failedMore={query.isFetchNextPageError}
            onMore={() => void query.fetchNextPage()}
          />
        </div>
      </div>
    </Frame>
  );
}

/** The section itself: its heading, and the anchor the summary near the price links to. */
function Frame({ small = false, children }: { small?: boolean; children: ReactNode }) {
  return (
    <section
      id={REVIEWS_SECTION_ID}
      tabIndex={-1}
      aria-labelledby={TITLE_ID}
      data-testid="reviews"
      className="container-page scroll-mt-32 outline-none"
    >
      <div className={cx('border-t border-line', small ? 'py-6 sm:py-8' : 'py-10 sm:py-14')}>
        <h2
          id={TITLE_ID}
          className={cx(
            'font-display font-semibold text-ink',
            small ? 'text-2xl' : 'text-3xl sm:text-4xl',
          )}
        >
          {REVIEWS_TITLE}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The average, how many, and the bars of 5 to 1 stars. */
function Overview({ page }: { page: ProductReviewsPage }) {
  const average = page.media ?? 0;
  return (
    <div className="rounded-2xl border border-line bg-white/70 p-5 sm:p-6 lg:sticky lg:top-32 lg:self-start">
      <div className="flex items-center gap-4">
        <p
          aria-hidden="true"
          className="font-display text-5xl font-semibold leading-none tabular-nums text-ink"
        >
          {formatReviewAverage(average)}
        </p>
        <div>
          <Stars value={average} size="lg" />
          <p data-testid="reviews-count" className="mt-1 text-sm text-muted">
            {reviewCountText(page.total)}
          </p>
        </div>
      </div>
      <Distribution counts={page.distribuicao} total={page.total} />
    </div>
  );
}

function Distribution({ counts, total }: { counts: ReviewStarsCount; total: number }) {
  const rows: number[] = [];
  for (let stars = REVIEW_STARS_MAX; stars >= REVIEW_STARS_MIN; stars--) rows.push(stars);
  return (
    <ul
      aria-label={REVIEWS_DISTRIBUTION}
      data-testid="reviews-distribution"
      className="mt-5 space-y-2"
    >
      {rows.map((stars) => {
        const count = counts[String(stars) as keyof ReviewStarsCount];
        const share = total > 0 ? Math.round((count / total) * 1000) / 10 : 0;
        return (
          <li key={stars} className="flex items-center gap-3 text-sm">
            <span className="sr-only">{`${starsCountText(stars)}: ${reviewCountText(count)}`}</span>
            <span
              aria-hidden="true"
              className="flex w-8 shrink-0 items-center gap-1 tabular-nums text-ink-soft"
            >
              {stars}
              <svg
                viewBox="0 0 20 20"
                fill="currentColor"
                focusable="false"
                className="h-3.5 w-3.5 text-gold"
              >
                <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z" />
              </svg>
            </span>
            <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-sand/70">
              <span className="block h-full rounded-full bg-gold" style={{ width: `${share}%` }} />
            </span>
            <span aria-hidden="true" className="w-8 shrink-0 text-right tabular-nums text-muted">
              {count}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function ReviewList({
  reviews,
  busy,
  more,
  loadingMore,
  failedMore,
  onMore,
}: {
  reviews: ProductReviewsPage['avaliacoes'];
  busy: boolean;
  more: boolean;
  loadingMore: boolean;
  failedMore: boolean;
  onMore: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  // After 'Ver mais avaliações', focus goes to the first review that came: the list grew above
  // the button, and a keyboard or screen reader goes on reading from there.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || reviews.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('article')[from]?.focus();
  }, [reviews.length]);

  return (
    <>
      <ul
        ref={listRef}
        data-testid="reviews-list"
        aria-busy={busy || undefined}
        className={cx('divide-y divide-line transition-opacity', busy && 'opacity-60')}
      >
        {reviews.map((review) => (
          <li key={review.id} className="py-6">
            <ReviewItem review={review} />
          </li>
        ))}
      </ul>
      {(more || failedMore) && (
        <div className="flex flex-col items-center gap-2 pt-2">
          {failedMore && (
            <p role="alert" className="text-sm text-rose">
              {REVIEWS_FAILED}
            </p>
          )}
          {more && (
            <Button
              variant="outline"
              disabled={loadingMore}
              aria-busy={loadingMore || undefined}
              data-testid="reviews-more"
              onClick={() => {
                focusFrom.current = reviews.length;
                onMore();
              }}
            >
              {loadingMore && <Spinner label={REVIEWS_LOADING} />}
              {REVIEWS_MORE}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
