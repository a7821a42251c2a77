import type { ReactNode } from 'react';
import { cx } from './cx';

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
  className?: string;
}

/** A small gold overline, a serif h2 and an optional lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
  className,
}: SectionHeadingProps) {
  return (
    <div
      className={cx(
        align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl',
        'mb-8 sm:mb-10',
        className,
      )}
    >
      {eyebrow && <p className="eyebrow mb-2">{eyebrow}</p>}
      <h2
        id={id}
        className="font-display text-[2rem] font-semibold leading-tight text-ink sm:text-4xl"
      >
        {title}
      </h2>
      {children && (
        <div className="mt-3 text-[0.95rem] leading-relaxed text-muted sm:text-base">
          {children}
        </div>
      )}
    </div>
  );
}
