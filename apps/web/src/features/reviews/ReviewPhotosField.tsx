import { REVIEW_PHOTOS_MAX } from '@semijoias/domain/reviews';
import { useId, type Ref } from 'react';
import { cx } from '@/ui/cx';
import { Line, type IconProps } from '@/ui/icon-set/line';
import { CloseIcon } from '@/ui/icons';
import { SmartImage } from '@/ui/SmartImage';
import { Spinner } from '@/ui/Spinner';
import {
  REVIEW_PHOTO_ADD,
  REVIEW_PHOTO_UPLOADING,
  REVIEW_PHOTOS_HINT,
  REVIEW_PHOTOS_LABEL,
  reviewPhotoAlt,
  reviewPhotoRemove,
} from './texts';
import type { ReviewPhotos } from './use-review-photos';

const CameraIcon = (p: IconProps) => (
  <Line {...p}>
    <path d="M4 8h3l1.6-2.2h6.8L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13.3" r="3.4" />
  </Line>
);

/**
 * Up to three photos: a thumbnail for each (a spinner over it while it uploads), a button to take
 * it off, and 'Adicionar foto' while there is room. The input asks for any image, so a phone
 * offers its camera and its gallery.
 */
export function ReviewPhotosField({
  photos,
  error,
  disabled,
  inputRef,
}: {
  photos: ReviewPhotos;
  error?: string | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div>
      <p id={labelId} className="text-sm font-medium text-ink-soft">
        {REVIEW_PHOTOS_LABEL}
      </p>
      <p id={hintId} className="mt-0.5 text-xs text-muted">
        {REVIEW_PHOTOS_HINT}
      </p>
      <ul aria-labelledby={labelId} className="mt-3 flex flex-wrap gap-3">
        {photos.slots.map((slot, index) => (
          <li key={slot.key} className="relative size-20 sm:size-24" data-testid="review-photo">
            {/* A photo the owners hid is not served: its place shows the placeholder. */}
            <SmartImage
              src={slot.src}
              alt={reviewPhotoAlt(index + 1)}
              width={96}
              height={96}
              loading="eager"
              className="size-full rounded-2xl bg-cream object-cover ring-1 ring-line"
            />
            {slot.uploading && (
              <div className="absolute inset-0 flex items-center justify-center rounded-2xl bg-white/60">
                <Spinner label={REVIEW_PHOTO_UPLOADING} />
              </div>
            )}
            <button
              type="button"
              onClick={() => photos.remove(slot.key)}
              disabled={disabled}
              aria-label={reviewPhotoRemove(index + 1)}
              className="absolute -right-3 -top-3 inline-flex size-11 items-center justify-center rounded-full disabled:opacity-50"
            >
              <span className="inline-flex size-7 items-center justify-center rounded-full bg-ink text-ivory shadow-soft">
                <CloseIcon width={16} height={16} />
              </span>
            </button>
          </li>
        ))}
        {photos.slots.length < REVIEW_PHOTOS_MAX && (
          <li>
            <label
              className={cx(
                'flex size-20 flex-col items-center justify-center gap-1 rounded-2xl border border-dashed border-gold bg-ivory px-1 text-center text-xs font-medium leading-tight text-ink-soft transition-colors sm:size-24',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-dark',
                disabled
                  ? 'cursor-not-allowed opacity-60'
                  : 'cursor-pointer hover:border-gold-dark hover:bg-cream/60',
              )}
            >
              <input
                ref={inputRef}
                type="file"
                accept="image/*"
                multiple
                disabled={disabled}
                aria-describedby={cx(hintId, error ? errorId : undefined)}
                aria-invalid={error ? true : undefined}
                className="sr-only"
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? []);
                  // The same photo may be picked again after it is taken off.
                  event.target.value = '';
                  if (files.length > 0) photos.add(files);
                }}
              />
              <CameraIcon width={22} height={22} className="text-gold-dark" />
              {REVIEW_PHOTO_ADD}
            </label>
          </li>
        )}
      </ul>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-2 text-sm text-rose">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
