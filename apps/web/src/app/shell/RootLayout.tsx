import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAddedPopup } from '@/lib/cart/added-popup';
import { useGuestCartMerge } from '@/lib/cart/merge';
import { useGuestFavouritesMerge } from '@/lib/favourites/merge';
import { requestedDrawer } from '@/lib/drawer-requests';
import { lazyOnSight } from '@/ui/lazy-on-sight';
import { PageLoading } from '@/ui/PageLoading';
import { PageErrorBoundary } from '../RouteError';
import { Header } from './Header';
import { useScrollRestoration } from './scroll-restoration';
import { TopBanner } from './TopBanner';

// The footer is below the fold of every page: its code (the map, the social icons) loads as it
// comes near the screen; until then the server's HTML of it stands as it is.
const Footer = lazyOnSight('rodape', () => import('./Footer').then((m) => m.Footer));

// The login form (and react-hook-form with it) loads the first time the drawer opens, not with
// every page.
const LoginDrawer = lazy(() =>
  import('@/features/auth/components/LoginDrawer').then((m) => ({ default: m.LoginDrawer })),
);

// The 'added to cart' popup (and the dialog code under it) loads when a product is first added.
const AddedToCartPopup = lazy(() =>
  import('@/features/cart/components/AddedToCartPopup').then((m) => ({
    default: m.AddedToCartPopup,
  })),
);

const CartDrawer = lazy(() =>
  import('@/features/cart/components/CartDrawer').then((m) => ({ default: m.CartDrawer })),
);

/** The frame of every page (SPEC §1 shared elements). */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [loginOpen, setLoginOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  useGuestCartMerge();
  useGuestFavouritesMerge();
  useScrollRestoration();

  // '?login=true' and '?openCart=true' (SPEC §2) on any page ask for a drawer (the verify page's
  // 'Fazer Login Agora', the account area for guests, links to the cart): open it and take the
  // request out of the address, so a reload or the back button does not open it again.
  // Once per entry of the history: she may close the drawer before the address is cleaned.
  const wanted = requestedDrawer(params);
  const [handledRequest, setHandledRequest] = useState<string | null>(null);
  if (wanted && handledRequest !== location.key) {
    setHandledRequest(location.key);
    if (wanted === 'login') setLoginOpen(true);
    else setCartOpen(true);
  }
  // Each drawer's code loads the first time it opens, then stays for its closing animation.
  const [loginMounted, setLoginMounted] = useState(false);
  if (loginOpen && !loginMounted) setLoginMounted(true);
  const [cartMounted, setCartMounted] = useState(false);
  if (cartOpen && !cartMounted) setCartMounted(true);
  const [popupMounted, setPopupMounted] = useState(false);
  if (useAddedPopup() !== null && !popupMounted) setPopupMounted(true);
  useEffect(() => {
    if (!wanted) return;
    const rest = new URLSearchParams(params);
    rest.delete('login');
    rest.delete('openCart');
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: location.state },
    );
  }, [wanted, params, navigate, location.pathname, location.state]);

  const onLoginOpenChange = useCallback((open: boolean) => setLoginOpen(open), []);
  const onCartOpenChange = useCallback((open: boolean) => setCartOpen(open), []);
  const openCart = useCallback(() => setCartOpen(true), []);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only z-[80] rounded-full bg-ink px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Pular para o conteúdo
      </a>
      <TopBanner />
      <Header onOpenAccount={() => setLoginOpen(true)} onOpenCart={openCart} />
      <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
        <PageErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      {loginMounted && (
        <Suspense fallback={null}>
          <LoginDrawer open={loginOpen} onOpenChange={onLoginOpenChange} />
        </Suspense>
      )}
      {cartMounted && (
        <Suspense fallback={null}>
          <CartDrawer open={cartOpen} onOpenChange={onCartOpenChange} />
        </Suspense>
      )}
      {popupMounted && (
        <Suspense fallback={null}>
          <AddedToCartPopup onOpenCart={openCart} />
        </Suspense>
      )}
    </div>
  );
}
