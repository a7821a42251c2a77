/**
 * The back office's frame: a dark top bar (the store, who is in, back to the shop, log out) and
 * the sections' menu — a side column on a desktop, a row of tabs that scrolls sideways on a
 * phone (the owners use it between two customers at the showroom) — and, under the bar, the
 * notices about the store's settings (test payments, the embedded database...). Hidden when
 * printing (the label page prints alone).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { ADMIN_SECTIONS } from '@semijoias/domain/admin';
import { logout } from '@/lib/api';
import { STORE_INFO } from '@/lib/store-info';
import { cx } from '@/ui/cx';
import { LogoutIcon } from '@/ui/icons';
import type { AdminSession } from './lib/admin-api';
import { EnvironmentNotices } from './ui/EnvironmentNotices';

export function AdminLayout({ owner, children }: { owner: AdminSession; children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const menu = useRef<HTMLUListElement>(null);
  // On a phone the sections are a row that scrolls sideways: keep the current one in sight.
  useEffect(() => {
    const list = menu.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  const signOut = () => {
    logout();
    queryClient.removeQueries({ queryKey: ['session'] });
    void navigate('/');
  };

  return (
    <div className="min-h-screen bg-cream/40">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded-full focus:bg-ivory focus:px-4 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      <header className="bg-ink text-ivory print:hidden">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/admin" className="min-h-11 min-w-0 leading-tight">
            <span className="block truncate font-display text-xl font-semibold sm:text-2xl">
              {STORE_INFO.name}
            </span>
            <span className="block text-xs uppercase tracking-[0.18em] text-gold-light">
              Administração
            </span>
          </Link>
          <div className="flex items-center gap-1 text-sm sm:gap-3">
            <span className="hidden text-ivory/80 md:inline" data-testid="admin-owner">
              {owner.nome}
            </span>
            <Link
              to="/"
              className="inline-flex min-h-11 items-center rounded-full px-3 text-ivory/90 hover:bg-white/10 hover:text-white"
            >
              Ver loja
            </Link>
            <button
              type="button"
              onClick={signOut}
              className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-ivory/90 hover:bg-white/10 hover:text-white"
            >
              <LogoutIcon width={18} height={18} />
              <span className="hidden sm:inline">Sair</span>
              <span className="sr-only sm:hidden">Sair</span>
            </button>
          </div>
        </div>
      </header>
      <EnvironmentNotices />
      <div className="mx-auto max-w-7xl lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8 lg:px-6">
        <nav
          aria-label="Administração"
          className="sticky top-0 z-20 border-b border-line bg-ivory/95 backdrop-blur print:hidden lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:pt-8"
        >
          <ul
            ref={menu}
            className="relative flex gap-1 overflow-x-auto px-3 py-2 [scrollbar-width:none] lg:flex-col lg:overflow-visible lg:p-0"
          >
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.path} className="shrink-0">
                <NavLink
                  to={section.path === '' ? '/admin' : `/admin/${section.path}`}
                  end={section.path === ''}
                  className={({ isActive }) =>
                    cx(
                      'flex min-h-11 items-center rounded-full px-4 text-sm font-medium transition-colors lg:rounded-xl',
                      isActive
                        ? 'bg-ink text-ivory'
                        : 'text-ink-soft hover:bg-ink/5 hover:text-ink',
                    )
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="conteudo" className="min-w-0 px-4 py-6 sm:px-6 lg:px-0 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
