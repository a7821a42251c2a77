import { REVIEW_STARS_MAX } from '@semijoias/domain/reviews';
import { useId, useState, type Ref } from 'react';
import { cx } from '@/ui/cx';
import { REVIEW_STARS_LABEL, STAR_WORDS, starName } from './texts';

const STARS = Array.from({ length: REVIEW_STARS_MAX }, (_, i) => i + 1);

/**
 * 'Sua nota': five stars as a radio group (native radios, so the arrow keys move between them and
 * a screen reader says '3 estrelas, 3 de 5'), each 48 px for a thumb. A star chosen fills those
 * before it; an empty star is an outline, so the choice does not rest on colour alone.
 */
export function StarRatingInput({
  value,
  onChange,
  error,
  disabled,
  firstRef,
}: {
  value: number | null;
  onChange: (stars: number) => void;
  error?: string;
  disabled?: boolean;
  /** The radio to focus when the stars are missing: the chosen one, else the first. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  const name = useId();
  const labelId = `${name}-label`;
  const errorId = `${name}-error`;
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;

  return (
    <div>
      <p id={labelId} className="mb-1 text-sm font-medium text-ink-soft">
        {REVIEW_STARS_LABEL}
        <span aria-hidden="true" className="text-rose">
          {' '}
          *
        </span>
      </p>
      <div className="flex flex-col items-start sm:flex-row sm:items-center sm:gap-3">
        <div
          role="radiogroup"
          aria-labelledby={labelId}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="-ml-1.5 flex"
          onPointerLeave={() => setHovered(null)}
        >
          {STARS.map((stars) => {
            const focusTarget = value === null ? stars === 1 : value === stars;
            return (
              <label
                key={stars}
                // A mouse previews the stars; a finger's tap would leave its preview behind.
                onPointerEnter={(event) => {
                  if (event.pointerType === 'mouse' && !disabled) setHovered(stars);
                }}
                className={cx(
                  'relative inline-flex size-12 items-center justify-center rounded-full transition-transform',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-[-2px] has-[:focus-visible]:outline-gold-dark',
                  disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer active:scale-90',
                )}
              >
                <input
                  ref={focusTarget ? firstRef : undefined}
                  type="radio"
                  name={name}
                  value={stars}
                  checked={value === stars}
                  disabled={disabled}
                  onChange={() => onChange(stars)}
                  aria-label={starName(stars)}
                  className="sr-only"
                />
                <StarShape filled={stars <= shown} />
              </label>
            );
          })}
        </div>
        {/* The radio's own name says it; this is for the eye. */}
        <span aria-hidden="true" className="min-h-5 text-sm font-medium text-ink-soft">
          {value ? STAR_WORDS[value] : ''}
        </span>
      </div>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1 text-sm text-rose">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** A star drawn filled (chosen) or as an outline; `small` for her review shown. */
export function StarShape({ filled, small }: { filled: boolean; small?: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      className={cx(
        small ? 'size-4' : 'size-9',
        filled ? 'fill-gold text-gold' : 'fill-transparent text-gold',
      )}
    >
      <path
        d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z"
        stroke="currentColor"
        strokeWidth={small ? 1.4 : 1.1}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Her stars, read out once: 'Sua nota: 4 de 5'. */
export function StarsShown({ stars, label }: { stars: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5">
      {STARS.map((n) => (
        <StarShape key={n} filled={n <= stars} small />
      ))}
    </span>
  );
}
