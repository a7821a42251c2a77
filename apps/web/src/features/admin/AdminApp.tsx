/**
 * /admin: the owners' back office, its own chunk — a shopper never downloads it. It
 * asks the server who she is (GET api/admin/sessao/) before showing anything: a guest is asked
 * to log in, a customer is told the area is the owners', an owner whose session lacks the second
 * factor passes the gate first. The server checks the role and the factor again on
 * every call; this screen only decides what to show. The factor lasts 12 hours: when a call of an
 * open page answers that it is needed again, the same gate covers the page, which stays mounted
 * underneath (what she typed, where she was), and a valid code uncovers it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useRoutes, useSearchParams } from 'react-router';
import { ADMIN_FORBIDDEN, ADMIN_LOGIN_REQUIRED } from '@semijoias/domain/admin';
import { isApiError } from '@/lib/api';
import { LOGIN_DRAWER_HREF } from '@/lib/drawer-requests';
import { useDocumentTitle } from '@/lib/hooks';
import { useIsLoggedIn } from '@/lib/session';
import { buttonClasses } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import './admin.css';
import { AdminLayout } from './AdminLayout';
import {
  ADMIN_QUERY_ROOT,
  adminSessionQuery,
  needsSecondFactor,
  onSecondFactorRequired,
} from './lib/admin-api';
import {
  RecoveryCodesStep,
  SecondFactorGate,
  type FreshRecoveryCodes,
} from './second-factor/SecondFactorGate';
import { SET_UP_PARAM, SET_UP_VALUE } from './second-factor/second-factor-api';
import { AdminLoadError, AdminLoading } from './ui/AdminStates';

const DashboardPage = lazy(() =>
  import('./dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
const ProductsPage = lazy(() =>
  import('./products/ProductsPage').then((m) => ({ default: m.ProductsPage })),
);
const StockPage = lazy(() => import('./stock/StockPage').then((m) => ({ default: m.StockPage })));
const OrdersPage = lazy(() =>
  import('./orders/OrdersPage').then((m) => ({ default: m.OrdersPage })),
);
const ReviewsPage = lazy(() =>
  import('./reviews/ReviewsPage').then((m) => ({ default: m.ReviewsPage })),
);
const CouponsPage = lazy(() =>
  import('./coupons/CouponsPage').then((m) => ({ default: m.CouponsPage })),
);
const CustomersPage = lazy(() =>
  import('./customers/CustomersPage').then((m) => ({ default: m.CustomersPage })),
);
const AuditPage = lazy(() => import('./audit/AuditPage').then((m) => ({ default: m.AuditPage })));
const HealthPage = lazy(() =>
  import('./health/HealthPage').then((m) => ({ default: m.HealthPage })),
);
const BackupsPage = lazy(() =>
  import('./backups/BackupsPage').then((m) => ({ default: m.BackupsPage })),
);
const HelpPage = lazy(() => import('./help/HelpPage').then((m) => ({ default: m.HelpPage })));
const PaymentsPage = lazy(() =>
  import('./payments/PaymentsPage').then((m) => ({ default: m.PaymentsPage })),
);
const ShippingPage = lazy(() =>
  import('./shipping/ShippingPage').then((m) => ({ default: m.ShippingPage })),
);
const SalesChannelsPage = lazy(() =>
  import('./sales-channels/SalesChannelsPage').then((m) => ({ default: m.SalesChannelsPage })),
);

/** Each section owns the routes under its path (`produtos/novo`, `pedidos/:reference`...). */
const SECTION_ROUTES = [
  { index: true, element: <DashboardPage /> },
  { path: 'produtos/*', element: <ProductsPage /> },
  { path: 'estoque/*', element: <StockPage /> },
  { path: 'pedidos/*', element: <OrdersPage /> },
  { path: 'avaliacoes/*', element: <ReviewsPage /> },
  { path: 'cupons/*', element: <CouponsPage /> },
  { path: 'clientes/*', element: <CustomersPage /> },
  { path: 'auditoria/*', element: <AuditPage /> },
  { path: 'saude/*', element: <HealthPage /> },
  { path: 'pagamentos/*', element: <PaymentsPage /> },
  { path: 'frete/*', element: <ShippingPage /> },
  { path: 'canais/*', element: <SalesChannelsPage /> },
  { path: 'backups/*', element: <BackupsPage /> },
  { path: 'ajuda/*', element: <HelpPage /> },
  {
    path: '*',
    element: (
      <EmptyState title="Página não encontrada">
        Esta página não existe na administração.
      </EmptyState>
    ),
  },
];

export function AdminApp() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const session = useQuery({ ...adminSessionQuery, enabled: loggedIn, retry: false });
  const sections = useRoutes(SECTION_ROUTES);
  // The recovery codes of a setup just confirmed: shown once, before the pages, whatever the
  // session query does meanwhile (her new tokens already open the back office).
  const [freshCodes, setFreshCodes] = useState<FreshRecoveryCodes | null>(null);
  // With OWNER_2FA=optional nothing forces the gate: her 'Segurança' card sends her here
  // (?segundo-fator=configurar) to set one up of her own will.
  const [params, setParams] = useSearchParams();
  const settingUp = params.get(SET_UP_PARAM) === SET_UP_VALUE;
  const leaveSetup = () => {
    const next = new URLSearchParams(params);
    next.delete(SET_UP_PARAM);
    setParams(next, { replace: true });
  };
  // The session that opened the back office (kept by the query when a later check fails).
  const owner = session.data;
  // An open page's call answered 403 segundo_fator_necessario: her 12 hours with the code are
  // over. Before the back office opens, the session's own answer shows the gate instead.
  const [factorLost, setFactorLost] = useState(false);
  const opened = owner !== undefined;
  useEffect(() => {
    if (opened) return onSecondFactorRequired(() => setFactorLost(true));
  }, [opened]);
  const gateShown = needsSecondFactor(session.error) || (opened && factorLost);
  const interrupted = gateShown && opened;
  // The gate writes its own title over the page's; the page gets hers back when it closes.
  const titleUnderGate = useRef<string | null>(null);
  useEffect(() => {
    if (interrupted) titleUnderGate.current ??= document.title;
    else if (titleUnderGate.current !== null) {
      document.title = titleUnderGate.current;
      titleUnderGate.current = null;
    }
  }, [interrupted]);
  // Her new tokens carry the factor: what failed without it is asked again (the session on
  // entry, the open page's data); what loaded before is kept, so no form is reset.
  const passGate = async () => {
    await queryClient.invalidateQueries({
      queryKey: ADMIN_QUERY_ROOT,
      predicate: (query) => query.state.status === 'error',
    });
    setFactorLost(false);
  };

  if (!loggedIn) return <AdminDoor kind="login" />;
  if (freshCodes)
    return (
      <RecoveryCodesStep
        fresh={freshCodes}
        onDone={() => {
          setFreshCodes(null);
          if (settingUp) leaveSetup();
        }}
      />
    );
  if (session.isPending) return <AdminLoading label="Abrindo a administração" />;
  if (session.isError && !gateShown) {
    if (isApiError(session.error) && session.error.status === 403)
      return <AdminDoor kind="forbidden" />;
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <AdminLoadError error={session.error} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  const gate = <SecondFactorGate onActivated={setFreshCodes} onPassed={passGate} />;
  if (!opened) return gate;
  if (settingUp)
    return (
      <SecondFactorGate
        onActivated={setFreshCodes}
        onPassed={async () => {
          leaveSetup();
          await queryClient.invalidateQueries({ queryKey: adminSessionQuery.queryKey });
          setFactorLost(false);
        }}
      />
    );
  return (
    <>
      {interrupted && gate}
      <div hidden={interrupted}>
        <AdminLayout owner={owner}>
          <Suspense fallback={<AdminLoading />}>{sections}</Suspense>
        </AdminLayout>
      </div>
    </>
  );
}

function AdminDoor({ kind }: { kind: 'login' | 'forbidden' }) {
  useDocumentTitle('Administração');
  return (
    <main id="conteudo" className="min-h-screen bg-gradient-to-b from-cream/70 to-ivory">
      <EmptyState
        as="h1"
        title="Administração"
        action={
          kind === 'login' ? (
            <Link to={LOGIN_DRAWER_HREF} className={buttonClasses('primary', 'lg')}>
              Entrar
            </Link>
          ) : (
            <Link to="/" className={buttonClasses('outline', 'lg')}>
              Voltar à loja
            </Link>
          )
        }
      >
        {kind === 'login' ? ADMIN_LOGIN_REQUIRED : ADMIN_FORBIDDEN}
      </EmptyState>
    </main>
  );
}
