import { FAVOURITES_GUEST_NOTE, FAVOURITES_TITLE } from '@semijoias/domain/favourites';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '@/lib/hooks';
import { useIsLoggedIn } from '@/lib/session';
import { ButtonLink } from '@/ui/Button';
import { FavouritesList } from '@/ui/favourites/FavouritesList';

/** Her account's list is the Favoritos tab of /usuario. */
export const ACCOUNT_FAVOURITES_HREF = '/usuario?tab=favoritos';

/**
 * /favoritos, where the header's heart leads: a logged-in customer goes to the Favoritos tab of
 * her account; a guest sees the list kept on this device, with a way to log in and take it along
 * (the merge at login posts it to her account, docs/favourites-contract.md).
 */
export function FavouritesPage() {
  useDocumentTitle(FAVOURITES_TITLE);
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <Navigate to={ACCOUNT_FAVOURITES_HREF} replace />;
  return (
    <div className="bg-gradient-to-b from-cream/70 to-ivory">
      <div className="container-page max-w-3xl py-8 sm:py-12">
        <header className="mb-6 sm:mb-8">
          <p className="eyebrow mb-2">Sua seleção</p>
          <h1 className="font-display text-4xl font-semibold text-ink sm:text-5xl">
            {FAVOURITES_TITLE}
          </h1>
          <p className="mt-3 text-[0.95rem] leading-relaxed text-ink-soft">
            {FAVOURITES_GUEST_NOTE}
          </p>
          <ButtonLink
            to="/favoritos?login=true"
            variant="outline"
            size="sm"
            className="mt-4 bg-white"
            data-testid="favourites-login"
          >
            Entrar na minha conta
          </ButtonLink>
        </header>
        <section
          aria-label={FAVOURITES_TITLE}
          className="rounded-3xl border border-line bg-ivory px-4 py-5 shadow-soft sm:px-8 sm:py-8"
        >
          <FavouritesList
            emptyAction={
              <ButtonLink to="/" variant="primary">
                Ver a coleção
              </ButtonLink>
            }
          />
        </section>
      </div>
    </div>
  );
}
