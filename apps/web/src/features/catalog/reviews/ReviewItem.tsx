import {
  REVIEW_OWNERS_ANSWER,
  REVIEW_PHOTOS_MAX,
  REVIEW_VERIFIED,
  starsLabel,
} from '@semijoias/domain/reviews';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { reviewDateText, reviewIsoDay } from '@/lib/review-dates';
import { CheckIcon } from '@/ui/icons';
import { SmartImage } from '@/ui/SmartImage';
import { Stars } from '@/ui/Stars';
import type { PublicReview } from '../api/get-product-reviews';
import { reviewPhotoLabel, reviewSizeText } from './texts';

// The larger photo's dialog (and the dialog's library) loads when she reaches for a thumbnail.
const loadDialog = () => import('./ReviewPhotoDialog');
const ReviewPhotoDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReviewPhotoDialog })));

/**
 * One review: its stars, title and text, her first name and city, the day, the size she bought,
 * 'Compra verificada', up to 3 photos (each opens larger) and the owners' answer. Every text is
 * hers as plain text: React writes it escaped, its line breaks kept by CSS, and nothing in it
 * becomes a link.
 */
export function ReviewItem({ review }: { review: PublicReview }) {
  const photos = review.fotos.slice(0, REVIEW_PHOTOS_MAX);
  const [shown, setShown] = useState(0);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so it can play its closing animation.
  const [mounted, setMounted] = useState(false);

  function show(event: MouseEvent<HTMLAnchorElement>, index: number) {
    // Without JavaScript (or with a modifier key: a new tab) the link opens the photo itself.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setShown(index);
    setOpen(true);
    setMounted(true);
  }

  const day = reviewIsoDay(review.data);
  return (
    <article tabIndex={-1} data-testid="review" className="outline-none">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Stars value={review.estrelas} label={starsLabel(review.estrelas)} />
        {day && (
          <time dateTime={day} className="text-xs text-muted">
            {reviewDateText(review.data)}
          </time>
        )}
      </div>
      {review.titulo && (
        <h3 className="mt-2 break-words font-semibold leading-snug text-ink">{review.titulo}</h3>
      )}
      {review.texto && (
        <p className="mt-1.5 max-w-prose whitespace-pre-line break-words text-[0.95rem] leading-relaxed text-ink-soft">
          {review.texto}
        </p>
      )}
      {photos.length > 0 && (
        <ul className="mt-3 flex gap-2">
          {photos.map((photo, index) => (
            <li key={photo.url}>
              <a
                href={photo.url}
                onClick={(event) => show(event, index)}
                onPointerEnter={() => void loadDialog()}
                onFocus={() => void loadDialog()}
                aria-haspopup="dialog"
                className="block overflow-hidden rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
              >
                <SmartImage
                  src={photo.url}
                  alt={reviewPhotoLabel(index, photos.length, review.autora)}
                  width={80}
                  height={80}
                  className="h-20 w-20 bg-cream object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold text-ink">{review.autora}</span>
        {review.cidade && (
          <>
            <span aria-hidden="true" className="text-muted">
              ·
            </span>
            <span className="text-muted">{review.cidade}</span>
          </>
        )}
        {review.compra_verificada && (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-sage">
            <CheckIcon width={14} height={14} />
            {REVIEW_VERIFIED}
          </span>
        )}
      </p>
      {review.tamanho && (
        <p className="mt-1 text-xs text-muted">{reviewSizeText(review.tamanho)}</p>
      )}
      {review.resposta && (
        <div className="mt-4 rounded-xl border-l-2 border-gold bg-cream/60 px-4 py-3">
          <p className="text-xs font-semibold uppercase tracking-[0.14em] text-gold-dark">
            {REVIEW_OWNERS_ANSWER}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-sm leading-relaxed text-ink-soft">
            {review.resposta.texto}
          </p>
        </div>
      )}
      {mounted && photos[shown] && (
        <Suspense fallback={null}>
          <ReviewPhotoDialog
            photo={photos[shown]}
            label={reviewPhotoLabel(shown, photos.length, review.autora)}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </article>
  );
}
