import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CART_DRAWER_HREF, requestedDrawer } from '@/lib/drawer-requests';
import { PageLoading } from '@/ui/PageLoading';
import { Footer } from './Footer';
import { Header } from './Header';
import { TopBanner } from './TopBanner';

// The login form (and react-hook-form with it) loads the first time the drawer opens, not with
// every page.
const LoginDrawer = lazy(() =>
  import('@/features/auth/components/LoginDrawer').then((m) => ({ default: m.LoginDrawer })),
);

/** The frame of every page (SPEC §1 shared elements). */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [loginOpen, setLoginOpen] = useState(false);

  // '?login=true' on any page asks for the login drawer (the verify page's 'Fazer Login Agora',
  // the account area for guests): open it and take the request out of the address, so a reload
  // or the back button does not open it again.
  const wantsLogin = requestedDrawer(params) === 'login';
  if (wantsLogin && !loginOpen) setLoginOpen(true);
  const [loginMounted, setLoginMounted] = useState(false);
  if (loginOpen && !loginMounted) setLoginMounted(true);
  useEffect(() => {
    if (!wantsLogin) return;
    const rest = new URLSearchParams(params);
    rest.delete('login');
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: location.state },
    );
  }, [wantsLogin, params, navigate, location.pathname, location.state]);

  const onLoginOpenChange = useCallback((open: boolean) => setLoginOpen(open), []);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only z-[80] rounded-full bg-ink px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Pular para o conteúdo
      </a>
      <TopBanner />
      <Header
        onOpenAccount={() => setLoginOpen(true)}
        onOpenCart={() => void navigate(CART_DRAWER_HREF)}
      />
      <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {loginMounted && (
        <Suspense fallback={null}>
          <LoginDrawer open={loginOpen} onOpenChange={onLoginOpenChange} />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
