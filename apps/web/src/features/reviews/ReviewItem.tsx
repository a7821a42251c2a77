import { REVIEW_SAVED, REVIEW_UPDATED } from '@semijoias/domain/reviews';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { FormMessage } from '@/ui/Field';
import { SmartImage } from '@/ui/SmartImage';
import { ReviewForm } from './ReviewForm';
import type { OwnReview, ReviewableItem } from './reviews-api';
import { StarsShown } from './StarRatingInput';
import { ownStarsLabel, REVIEW_EDIT, REVIEW_STATUS_LABELS, reviewPhotoAlt } from './texts';

/**
 * One piece of her order: its picture, name and the size she bought, then her form, or her
 * review once sent: 'Editar' while the owners have not judged it, read-only after.
 */
export function ReviewItem({
  token,
  item,
  onSaved,
  onStale,
}: {
  token: string;
  item: ReviewableItem;
  onSaved: (linha: number, review: OwnReview) => void;
  onStale: () => void;
}) {
  const review = item.avaliacao;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<'new' | 'edited' | null>(null);
  const headingId = `review-item-${item.linha}`;
  // A review the owners judged meanwhile is final, even if she had opened it to edit.
  const showForm = review === null || (editing && review.pode_editar);

  // Focus follows what replaces what she pressed: the message after sending, the first star
  // when she opens her review again, 'Editar' when she cancels.
  const savedRef = useRef<HTMLDivElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'saved' | 'edit' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'saved') savedRef.current?.focus();
    if (focusNext.current === 'edit') editRef.current?.focus();
    focusNext.current = null;
  });

  return (
    <section
      aria-labelledby={headingId}
      data-testid="review-item"
      className="rounded-3xl border border-line bg-white p-4 shadow-soft sm:p-7"
    >
      <div className="flex items-center gap-3.5">
        <div className="size-16 shrink-0 overflow-hidden rounded-2xl bg-cream ring-1 ring-line sm:size-20">
          <SmartImage
            src={item.imagem}
            alt=""
            width={80}
            height={80}
            className="size-full object-cover"
          />
        </div>
        <div className="min-w-0 flex-1">
          <h2
            id={headingId}
            className="break-words font-display text-xl font-semibold leading-snug text-ink sm:text-2xl"
          >
            {item.nome}
          </h2>
          {item.tamanho && (
            <p className="mt-0.5 text-sm font-medium text-ink-soft" data-testid="review-item-size">
              {item.tamanho}
            </p>
          )}
        </div>
      </div>

      <div className="mt-5 border-t border-line pt-5">
        {showForm ? (
          <ReviewForm
            key={review?.id ?? 'new'}
            token={token}
            linha={item.linha}
            initial={review}
            focusOnOpen={editing}
            onSaved={(answer) => {
              setSaved(review === null ? 'new' : 'edited');
              setEditing(false);
              focusNext.current = 'saved';
              onSaved(item.linha, answer);
            }}
            onCancel={
              review
                ? () => {
                    setEditing(false);
                    focusNext.current = 'edit';
                  }
                : undefined
            }
            onStale={onStale}
          />
        ) : (
          <div className="space-y-4">
            {saved && (
              <div ref={savedRef} tabIndex={-1} className="outline-none">
                <FormMessage tone="success" testId="review-saved">
                  {saved === 'new' ? REVIEW_SAVED : REVIEW_UPDATED}
                </FormMessage>
              </div>
            )}
            <ReviewShown review={review} />
            {review.pode_editar && (
              <button
                ref={editRef}
                type="button"
                className={buttonClasses('outline', 'md', 'w-full sm:w-auto')}
                onClick={() => {
                  setSaved(null);
                  setEditing(true);
                }}
              >
                {REVIEW_EDIT}
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** Her review as she sent it, with where it stands. Plain text: React escapes it. */
function ReviewShown({ review }: { review: OwnReview }) {
  const published = review.status === 'aprovada';
  return (
    <div data-testid="review-shown" data-status={review.status}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <StarsShown stars={review.estrelas} label={ownStarsLabel(review.estrelas)} />
        <span
          data-testid="review-status"
          className={cx(
            'inline-flex items-center rounded-full px-2.5 py-1 text-xs font-medium',
            published ? 'bg-sage/10 text-sage' : 'bg-cream text-ink-soft',
          )}
        >
          {REVIEW_STATUS_LABELS[review.status]}
        </span>
      </div>
      {review.titulo && (
        <p className="mt-3 break-words font-medium leading-snug text-ink">{review.titulo}</p>
      )}
      {review.texto && (
        <p className="mt-1.5 whitespace-pre-line break-words text-[0.95rem] leading-relaxed text-ink-soft">
          {review.texto}
        </p>
      )}
      {/* A hidden review's photos are not served any more: not shown, rather than broken. */}
      {review.fotos.length > 0 && review.status !== 'oculta' && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {review.fotos.map((photo, index) => (
            <li key={photo.id} className="size-16 overflow-hidden rounded-xl ring-1 ring-line">
              <SmartImage
                src={photo.url}
                alt={reviewPhotoAlt(index + 1)}
                width={64}
                height={64}
                className="size-full bg-cream object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
