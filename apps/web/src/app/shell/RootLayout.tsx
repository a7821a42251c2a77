import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { PageLoading } from '@/ui/PageLoading';
import { Footer } from './Footer';
import { Header } from './Header';
import { CART_DRAWER_HREF, LOGIN_DRAWER_HREF } from './drawer-requests';
import { TopBanner } from './TopBanner';

/** The frame of every page (SPEC §1 shared elements). */
export function RootLayout() {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only z-[80] rounded-full bg-ink px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Pular para o conteúdo
      </a>
      <TopBanner />
      <Header onOpenAccount={() => void navigate(LOGIN_DRAWER_HREF)} onOpenCart={() => void navigate(CART_DRAWER_HREF)} />
      <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
