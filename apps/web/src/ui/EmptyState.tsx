import type { ReactNode } from 'react';
import { cx } from './cx';

interface EmptyStateProps {
  title: string;
  /** Heading level: 'h1' when the state is the whole page (not found), else 'h2'. */
  as?: 'h1' | 'h2';
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** A calm, centred message: empty lists, not found, errors. */
export function EmptyState({
  title,
  as: Heading = 'h2',
  children,
  action,
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cx(
        'mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center sm:py-24',
        className,
      )}
    >
      <svg
        viewBox="0 0 64 64"
        className="mb-6 h-16 w-16 text-gold"
        fill="none"
        stroke="currentColor"
        aria-hidden="true"
      >
        <circle cx="32" cy="38" r="15" strokeWidth="1.5" />
        <path d="M24 14h16l-8 10z" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M32 24v-2" strokeWidth="1.5" />
      </svg>
      <Heading className="font-display text-3xl font-semibold text-ink">{title}</Heading>
      {children && <div className="mt-3 text-[0.95rem] leading-relaxed text-muted">{children}</div>}
      {action && <div className="mt-8">{action}</div>}
    </div>
  );
}
