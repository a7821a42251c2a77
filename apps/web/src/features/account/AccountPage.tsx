import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_ENTRY } from '@semijoias/domain/admin';
import { logout } from '@/lib/api';
import { LOGIN_DRAWER_HREF } from '@/lib/drawer-requests';
import { useDocumentTitle } from '@/lib/hooks';
import { clearSession, useIsLoggedIn } from '@/lib/session';
import { cx } from '@/ui/cx';
import { HeartIcon } from '@/ui/favourites/HeartIcon';
import { FavouritesList } from '@/ui/favourites/FavouritesList';
import { LogoutIcon, PinIcon, ReceiptIcon, SparkleIcon, UserIcon } from '@/ui/icons';
import { fetchUserInfo, userInfoQueryKey } from './api';
import { AddressesTab } from './components/AddressesTab';
import { InfoTab } from './components/InfoTab';
import { LogoutEverywhere } from './components/LogoutEverywhere';
import { OrdersTab } from './components/OrdersTab';

const TABS = [
  { key: 'info', label: 'Informações do Usuário', icon: UserIcon },
  { key: 'orders', label: 'Meus Pedidos', icon: ReceiptIcon },
  { key: 'enderecos', label: 'Endereços de Entrega', icon: PinIcon },
  { key: 'favoritos', label: 'Favoritos', icon: HeartIcon },
] as const;

type TabKey = (typeof TABS)[number]['key'];

function tabFrom(value: string | null): TabKey {
  return TABS.find((t) => t.key === value)?.key ?? 'info';
}

/**
 * SPEC §2 /usuario: the side menu, the four tabs in the query (default info; switching
 * replaces the history entry), 'Sair da Conta' and 'Sair de todos os aparelhos'. The SPEC does not say what a guest sees:
 * a guest is sent home with the login drawer open.
 */
export function AccountPage() {
  useDocumentTitle('Minha conta');
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [leaving, setLeaving] = useState(false);
  const tab = tabFrom(params.get('tab'));
  // The same cached query as the info tab: one request, and the greeting has the name.
  const info = useQuery({ queryKey: userInfoQueryKey, queryFn: fetchUserInfo, enabled: loggedIn });
  const firstName = info.data?.first_name;

  if (!loggedIn) return leaving ? null : <Navigate to={LOGIN_DRAWER_HREF} replace />;

  const selectTab = (key: TabKey) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };

  // The tabs pattern: arrow keys move between tabs, Tab goes on to the panel.
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.findIndex((t) => t.key === tab) + step + TABS.length) % TABS.length];
    if (!next) return;
    selectTab(next.key);
    document.getElementById(`tab-${next.key}`)?.focus();
  };

  // 'Sair da Conta': this browser's session ends at once; the server is told (best effort).
  const signOut = () => {
    setLeaving(true);
    void logout();
    void navigate('/');
  };

  // 'Sair de todos os aparelhos': the server has ended every session of hers.
  const signedOutEverywhere = () => {
    setLeaving(true);
    clearSession();
    void navigate('/');
  };

  const current = TABS.find((t) => t.key === tab) ?? TABS[0];

  return (
    <div className="bg-gradient-to-b from-cream/70 to-ivory">
      <div className="container-page py-8 sm:py-12">
        <header className="mb-6 sm:mb-8">
          <p className="eyebrow mb-2">Minha conta</p>
          <h1 className="font-display text-4xl font-semibold text-ink sm:text-5xl">
            {firstName ? `Olá, ${firstName}!` : 'Olá!'}
          </h1>
        </header>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
          <aside className="min-w-0">
            <nav aria-label="Minha conta">
              <div
                role="tablist"
                aria-orientation="vertical"
                onKeyDown={onTabKey}
                className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:flex lg:flex-col"
              >
                {TABS.map(({ key, label, icon: Icon }) => (
                  <button
                    key={key}
                    type="button"
                    role="tab"
                    id={`tab-${key}`}
                    aria-selected={tab === key}
                    tabIndex={tab === key ? 0 : -1}
                    aria-controls={`painel-${key}`}
                    onClick={() => selectTab(key)}
                    className={cx(
                      // Phone: two rows of two, icon over a wrapped label; desktop: a side menu.
                      'flex min-h-16 flex-col items-center justify-center gap-1 rounded-2xl border px-1.5 py-2 text-center text-[0.72rem] font-medium leading-tight transition-colors sm:text-sm lg:min-h-11 lg:flex-row lg:justify-start lg:gap-3 lg:rounded-xl lg:px-4 lg:py-3 lg:text-left',
                      tab === key
                        ? 'border-ink bg-ink text-ivory'
                        : 'border-line bg-white/70 text-ink-soft hover:border-ink/30 hover:text-ink',
                    )}
                  >
                    <Icon
                      width={20}
                      height={20}
                      className={tab === key ? 'text-gold-light' : 'text-gold-dark'}
                    />
                    {label}
                  </button>
                ))}
              </div>
            </nav>
            {info.data?.administrador && (
              <Link
                to="/admin"
                data-testid="admin-entry"
                className="mt-3 inline-flex min-h-11 w-full items-center justify-center gap-3 rounded-xl border border-gold-dark/40 bg-white/70 px-4 text-sm font-medium text-ink hover:border-gold-dark lg:justify-start"
              >
                <SparkleIcon width={20} height={20} className="text-gold-dark" /> {ADMIN_ENTRY}
              </Link>
            )}
            <button
              type="button"
              onClick={signOut}
              data-testid="logout"
              className="mt-3 hidden min-h-11 w-full items-center gap-3 rounded-xl px-4 text-sm font-medium text-rose hover:bg-rose-soft lg:inline-flex"
            >
              <LogoutIcon width={20} height={20} /> Sair da Conta
            </button>
            <LogoutEverywhere
              onDone={signedOutEverywhere}
              testId="logout-everywhere"
              className="hidden w-full lg:inline-flex"
            />
          </aside>
          <section
            role="tabpanel"
            id={`painel-${tab}`}
            aria-labelledby={`tab-${tab}`}
            className="min-w-0 rounded-3xl border border-line bg-ivory px-5 py-6 shadow-soft sm:px-8 sm:py-8"
          >
            <h2 className="mb-5 font-display text-3xl font-semibold text-ink">{current.label}</h2>
            {tab === 'info' && <InfoTab />}
            {tab === 'orders' && <OrdersTab />}
            {tab === 'enderecos' && <AddressesTab />}
            {tab === 'favoritos' && <FavouritesList />}
          </section>
          <button
            type="button"
            onClick={signOut}
            data-testid="logout-mobile"
            className="inline-flex min-h-12 w-full items-center justify-center gap-3 rounded-full border border-rose/40 px-4 text-sm font-medium text-rose hover:bg-rose-soft lg:hidden"
          >
            <LogoutIcon width={20} height={20} /> Sair da Conta
          </button>
          <LogoutEverywhere
            onDone={signedOutEverywhere}
            testId="logout-everywhere-mobile"
            className="-mt-3 inline-flex w-full justify-center lg:hidden"
          />
        </div>
      </div>
    </div>
  );
}
