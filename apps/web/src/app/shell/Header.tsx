import { CATEGORIES } from '@semijoias/domain/catalog';
import { USER_ENTRY_LOGGED_IN, USER_ENTRY_LOGGED_OUT } from '@semijoias/domain/messages';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { HeaderFavourites } from '@/features/favourites/HeaderFavourites';
import { SearchBox } from '@/features/search/components/SearchBox';
import { useCartCount } from '@/lib/cart/use-cart';
import { useIsLoggedIn } from '@/lib/session';
import { cx } from '@/ui/cx';
import { BagIcon, MenuIcon, UserIcon } from '@/ui/icons';
import { Logo } from './Logo';

// The phone menu (a drawer, with its dialog code) loads the first time it opens.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

interface HeaderProps {
  /** The user entry: the login drawer (logged out) or its account shortcuts (logged in). */
  onOpenAccount: () => void;
  onOpenCart: () => void;
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    'relative inline-flex min-h-11 items-center whitespace-nowrap px-1 text-[0.8rem] font-medium uppercase tracking-[0.16em] transition-colors after:absolute after:inset-x-1 after:bottom-2 after:h-px after:origin-left after:bg-gold after:transition-transform',
    isActive
      ? 'text-ink after:scale-x-100'
      : 'text-ink-soft hover:text-ink after:scale-x-0 hover:after:scale-x-100',
  );

export function Header({ onOpenAccount, onOpenCart }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  if (menuOpen && !menuMounted) setMenuMounted(true);
  const loggedIn = useIsLoggedIn();
  const cartCount = useCartCount();

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-ivory/95 backdrop-blur supports-[backdrop-filter]:bg-ivory/85">
      <div className="container-page flex flex-wrap items-center gap-x-1 gap-y-2 pb-3 pt-2 lg:flex-nowrap lg:gap-x-3 lg:py-3">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label="Abrir menu"
          aria-haspopup="dialog"
          className="-ml-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-ink/5 lg:hidden"
        >
          <MenuIcon />
        </button>

        <Logo className="mr-auto lg:mr-0" />

        <nav aria-label="Categorias" className="hidden lg:block">
          <ul className="flex items-center gap-3">
            {CATEGORIES.map((category) => (
              <li key={category.slug}>
                <NavLink to={`/${category.slug}`} className={navLink}>
                  {category.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link
          to="/sobre-nos"
          className="hidden min-h-11 items-center whitespace-nowrap pl-1 text-[0.8rem] font-medium uppercase tracking-[0.16em] text-ink-soft hover:text-ink xl:inline-flex"
        >
          Sobre nós
        </Link>

        {/* Phones: the search and the favourites' heart share the second row. From 1280 px the
            field keeps room for its whole placeholder ('O que você procura?'): the header's
            gaps are tighter for it, and between 1024 and 1279 px the account entry shows its
            icon only (its words stay its accessible name). */}
        <SearchBox className="order-last min-w-0 flex-1 basis-[calc(100%-3rem)] lg:order-none lg:ml-auto lg:w-auto lg:min-w-52 lg:max-w-sm lg:flex-1 lg:basis-auto xl:min-w-64" />

        <button
          type="button"
          onClick={onOpenAccount}
          aria-haspopup="dialog"
          data-testid="user-entry"
          data-opens="login"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-left text-ink hover:bg-ink/5"
        >
          <UserIcon className="shrink-0" />
          <span className="max-w-[5.6rem] text-[0.7rem] font-medium leading-tight sm:max-w-none sm:whitespace-nowrap sm:text-sm lg:max-xl:sr-only">
            {loggedIn ? USER_ENTRY_LOGGED_IN : USER_ENTRY_LOGGED_OUT}
          </span>
        </button>

        <HeaderFavourites className="order-last -mr-2 shrink-0 lg:order-none lg:mr-0" />

        <button
          type="button"
          onClick={onOpenCart}
          aria-haspopup="dialog"
          data-opens="cart"
          aria-label={
            cartCount === 0
              ? 'Carrinho vazio'
              : `Carrinho com ${cartCount} ${cartCount === 1 ? 'produto' : 'produtos'}`
          }
          className="relative -mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-ink/5"
        >
          <BagIcon />
          {cartCount > 0 && (
            <span
              data-testid="cart-badge"
              aria-hidden="true"
              className="absolute right-0.5 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-dark px-1 text-[0.68rem] font-semibold tabular-nums text-white ring-2 ring-ivory"
            >
              {cartCount}
            </span>
          )}
        </button>
      </div>

      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      )}
    </header>
  );
}
