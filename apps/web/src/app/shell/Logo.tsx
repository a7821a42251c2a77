import { Link } from 'react-router';
import { STORE_INFO } from '@/lib/store-info';
import { cx } from '@/ui/cx';

export function Logo({
  className,
  tone = 'dark',
}: {
  className?: string;
  tone?: 'dark' | 'light';
}) {
  return (
    // The name starts with the words it shows, 'Duas Irmãs Semijoias' (WCAG 2.5.3: a voice
    // command saying what she sees must find it); the space between the two lines is part of it.
    <Link
      to="/"
      aria-label={`${STORE_INFO.name}, página inicial`}
      className={cx(
        'inline-flex min-h-11 shrink-0 flex-col justify-center whitespace-nowrap leading-none',
        className,
      )}
    >
      <span
        className={cx(
          'font-display text-[1.6rem] font-semibold tracking-wide sm:text-3xl',
          tone === 'dark' ? 'text-ink' : 'text-ivory',
        )}
      >
        Duas Irmãs
      </span>{' '}
      <span
        className={cx(
          'mt-0.5 pl-0.5 text-[0.58rem] font-semibold uppercase tracking-[0.42em] sm:text-[0.62rem]',
          tone === 'dark' ? 'text-gold-dark' : 'text-gold-light',
        )}
      >
        Semijoias
      </span>
    </Link>
  );
}
