import { FAVOURITES_TITLE, favouritesHeaderLabel } from '@semijoias/domain/favourites';
import { Link } from 'react-router';
import { cx } from '@/ui/cx';
import { useFavouritesCount } from '@/lib/favourites/use-favourites';
import { HeartIcon } from '@/ui/favourites/HeartIcon';

/**
 * The header's heart with the number of her favourites, on phones and desktops. It leads to
 * /favoritos (her account's tab when logged in, the device's list for a guest). Rendered on the
 * server with no number (a shared page knows no visitor); the badge sits over the icon, so it
 * appears after hydration without moving anything.
 */
export function HeaderFavourites({ className }: { className?: string }) {
  const count = useFavouritesCount();
  return (
    <Link
      to="/favoritos"
      data-testid="header-favourites"
      aria-label={favouritesHeaderLabel(count)}
      title={FAVOURITES_TITLE}
      className={cx(
        'relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-ink/5',
        className,
      )}
    >
      <HeartIcon />
      {count > 0 && (
        <span
          data-testid="favourites-badge"
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose px-1 text-[0.68rem] font-semibold tabular-nums text-white ring-2 ring-ivory"
        >
          {count}
        </span>
      )}
    </Link>
  );
}
