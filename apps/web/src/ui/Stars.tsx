import { REVIEW_STARS_MAX, starsLabel } from '@semijoias/domain/reviews';
import { cx } from './cx';

const STAR_PATH = 'M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z';

const sizes = {
  sm: 'h-3.5 w-3.5',
  md: 'h-4 w-4',
  lg: 'h-5 w-5',
} as const;

function Row({ className, size }: { className: string; size: keyof typeof sizes }) {
  return (
    <span className={cx('flex gap-0.5', className)}>
      {Array.from({ length: REVIEW_STARS_MAX }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          focusable="false"
          className={cx('shrink-0', sizes[size])}
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/**
 * Five stars in the store's gold, filled to `value` (4,7 fills four and most of the fifth), with
 * one accessible name: 'Nota 4,7 de 5'. The empty stars are sand, so the filled ones read apart
 * (gold reaches the 3:1 of graphics on white and ivory).
 */
export function Stars({
  value,
  size = 'md',
  className,
  label = starsLabel(value),
}: {
  value: number;
  size?: keyof typeof sizes;
  className?: string;
  /** The accessible name; 'Nota 4,7 de 5' unless told. */
  label?: string;
}) {
  const filled = Math.round(Math.min(Math.max(value / REVIEW_STARS_MAX, 0), 1) * 1000) / 10;
  return (
    <span role="img" aria-label={label} className={cx('relative inline-flex shrink-0', className)}>
      <Row className="text-sand" size={size} />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${filled}%` }}>
        <Row className="text-gold" size={size} />
      </span>
    </span>
  );
}
