import { formatReviewAverage, reviewCountText } from '@semijoias/domain/reviews';
import type { MouseEvent } from 'react';
import { prefersReducedMotion } from '@/lib/hooks';
import type { ProductRating } from '@/lib/product';
import { cx } from '@/ui/cx';
import { Stars } from '@/ui/Stars';

/** The id of the product page's reviews section: the summary's link and the section's anchor. */
export const REVIEWS_SECTION_ID = 'avaliacoes';

/**
 * Near the price, for a piece with reviews: its stars, the average and how many, one link down to
 * the section 'Avaliações' (a plain #avaliacoes link without JavaScript; with it, the page scrolls
 * there and focus follows). Nothing for a piece without reviews.
 */
export function RatingSummary({
  rating,
  className,
}: {
  rating: ProductRating | null;
  className?: string;
}) {
  if (!rating) return null;

  function goToReviews(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(REVIEWS_SECTION_ID);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }

  return (
    <a
      href={`#${REVIEWS_SECTION_ID}`}
      onClick={goToReviews}
      data-testid="product-rating"
      className={cx(
        'group inline-flex min-h-11 items-center gap-2 self-start rounded-full text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark',
        className,
      )}
    >
      <Stars value={rating.average} />
      <span aria-hidden="true" className="font-semibold tabular-nums text-ink">
        {formatReviewAverage(rating.average)}
      </span>
      <span className="text-gold-dark underline decoration-gold/50 underline-offset-4 group-hover:text-ink group-hover:decoration-ink">
        {reviewCountText(rating.count)}
      </span>
    </a>
  );
}
