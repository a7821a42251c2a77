import { orderStatusPresentation, unpaidRecheckDelayMs } from '@semijoias/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/hooks';
import { readOrderChave, rememberOrderChave } from '@/lib/order-access';
import { useIsLoggedIn } from '@/lib/session';
import { Button, ButtonLink } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ChevronLeftIcon } from '@/ui/icons';
import { Skeleton } from '@/ui/Spinner';
import { fetchOrder, fetchUserOrders, orderQueryKey, userOrdersQueryKey } from '@/lib/orders/api';
import { OrderDetails } from './OrderDetails';
import { OrderStatusPanel, statusHeading } from './OrderStatusPanel';

/**
 * While the payment is awaited the page asks again every 2.5 s, for 2 minutes; after that, and for
 * a failed payment, just after the deadline and at least once a minute (unpaidRecheckDelayMs), so
 * an order the server cancels at its deadline shows 'Cancelado' without a reload.
 */
export const ORDER_POLL_INTERVAL_MS = 2_500;
export const ORDER_POLL_WINDOW_MS = 120_000;

export const MY_ORDERS_HREF = '/usuario?tab=orders';

/**
 * /pedido/{reference}: where the payment page sends her back. GET /api/orders/{reference}/ with
 * the bearer when logged in and/or the order's secret (`?chave=` in the URL, else the one the
 * checkout kept on this device). It follows the status until the payment notification arrives
 * (paid, still waiting, declined). Without the right to see the order (404) nothing of it shows.
 */
export function OrderReturnPage() {
  const { reference = '' } = useParams();
  // Another order is another page: its polling window and announcements start afresh.
  return <OrderReturn key={reference} reference={reference} />;
}

function OrderReturn({ reference }: { reference: string }) {
  const [params] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const urlChave = params.get('chave')?.trim() || null;
  const chave = urlChave || readOrderChave(reference) || null;
  const canAsk = reference !== '' && (loggedIn || chave !== null);

  // Polling window: restarted by 'Atualizar'.
  const [pollUntil, setPollUntil] = useState(() => Date.now() + ORDER_POLL_WINDOW_MS);
  const [pollExpired, setPollExpired] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(
      () => setPollExpired(true),
      Math.max(0, pollUntil - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [pollUntil]);

  const query = useQuery({
    queryKey: orderQueryKey(reference, chave),
    queryFn: ({ signal }) => fetchOrder(reference, chave, signal),
    enabled: canAsk,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (q) => {
      const { kind, canRetryPayment } = orderStatusPresentation(q.state.data?.status);
      if (!pollExpired && kind === 'awaiting') return ORDER_POLL_INTERVAL_MS;
      return canRetryPayment ? unpaidRecheckDelayMs([q.state.data?.expira_em]) : false;
    },
  });
  // Opened from an e-mail's link (another device, the reminder to pay): the secret the link
  // carried opened the order, so this device keeps it, and the provider's page, which sends her
  // back without it, returns her to her order rather than to 'Pedido não encontrado'.
  useEffect(() => {
    if (urlChave && query.isSuccess && readOrderChave(reference) !== urlChave)
      rememberOrderChave(reference, urlChave);
  }, [urlChave, query.isSuccess, reference]);
  // Her own orders tell whether this one is hers (a guest's order opened with its secret is not):
  // only then does the page offer 'Meus Pedidos'.
  const mine = useQuery({
    queryKey: userOrdersQueryKey,
    queryFn: fetchUserOrders,
    enabled: loggedIn && query.isSuccess,
  });
  const isOwner =
    loggedIn && (mine.data ?? []).some((line) => String(line.reference) === reference);

  const notFound = !canAsk || (isApiError(query.error) && query.error.status === 404);
  const order = notFound ? undefined : query.data;
  useDocumentTitle(
    notFound ? 'Pedido não encontrado' : reference ? `Pedido #${reference}` : 'Pedido',
  );

  // Announces a change of status (e.g. 'Aguardando Pagamento' -> 'Pedido Pago') once it arrives.
  const [seenStatus, setSeenStatus] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const status = order?.status ?? null;
  if (status !== null && status !== seenStatus) {
    if (seenStatus !== null)
      setAnnouncement(`O status do pedido mudou para: ${statusHeading(status)}.`);
    setSeenStatus(status);
  }

  // The heading takes focus when the order (or the not-found view) appears, so a screen reader
  // starts at what the page is about rather than at the top of the shop.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ready = notFound || order !== undefined;
  useEffect(() => {
    if (ready) headingRef.current?.focus({ preventScroll: true });
  }, [ready]);

  const refresh = () => {
    setPollExpired(false);
    setPollUntil(Date.now() + ORDER_POLL_WINDOW_MS);
    void query.refetch();
  };

  if (notFound) {
    return (
      <div className="container-page py-8 sm:py-12" data-testid="order-not-found">
        <EmptyState
          as="h1"
          title="Pedido não encontrado"
          action={
            <div className="flex flex-col items-center gap-3 sm:flex-row">
              {loggedIn && (
                <ButtonLink to={MY_ORDERS_HREF} variant="primary" size="lg">
                  Meus Pedidos
                </ButtonLink>
              )}
              <ButtonLink to="/" variant={loggedIn ? 'outline' : 'primary'} size="lg">
                Voltar para a página inicial
              </ButtonLink>
            </div>
          }
        >
          <p>
            Confira se o endereço está completo, como você o recebeu.
            {loggedIn
              ? ' Todos os pedidos da sua conta estão em Meus Pedidos.'
              : ' Se você comprou com a sua conta, entre para ver seus pedidos.'}
          </p>
        </EmptyState>
      </div>
    );
  }

  if (!order) {
    if (query.isError) {
      return (
        <div className="container-page py-8 sm:py-12">
          <EmptyState
            as="h1"
            title="Não foi possível carregar o pedido"
            action={
              <Button variant="primary" size="lg" onClick={refresh}>
                Tentar novamente
              </Button>
            }
          >
            <p>Verifique sua conexão e tente de novo em instantes.</p>
          </EmptyState>
        </div>
      );
    }
    return (
      <div
        className="container-page max-w-5xl space-y-5 py-8 sm:py-12"
        aria-busy="true"
        aria-label="Carregando pedido"
      >
        <Skeleton className="h-10 w-2/3 max-w-sm" />
        <Skeleton className="h-48" />
        <Skeleton className="h-64" />
      </div>
    );
  }

  const waitingForPayment = orderStatusPresentation(order.status).kind === 'awaiting';

  return (
    <div className="bg-gradient-to-b from-cream/70 to-ivory">
      <div className="container-page max-w-5xl py-8 sm:py-12">
        <p className="sr-only" role="status" data-testid="order-status-announcement">
          {announcement}
        </p>
        {isOwner && (
          <Link
            to={MY_ORDERS_HREF}
            data-testid="order-my-orders"
            className="-ml-1 mb-4 inline-flex min-h-11 items-center gap-1 rounded-full px-1 text-sm font-medium text-ink-soft hover:text-ink"
          >
            <ChevronLeftIcon width={18} height={18} className="text-gold-dark" />
            Meus Pedidos
          </Link>
        )}
        <OrderStatusPanel
          order={order}
          chave={chave}
          headingRef={headingRef}
          polling={waitingForPayment && !pollExpired}
          pollStopped={waitingForPayment && pollExpired}
          refreshing={query.isFetching}
          onRefresh={refresh}
          onStale={() => void query.refetch()}
        />
        {isOwner && (order.status_code === 'shipped' || order.status_code === 'delivered') && (
          <div
            data-testid="order-review-invite"
            className="mt-6 flex flex-col gap-4 rounded-3xl border border-line bg-white p-5 shadow-soft sm:mt-8 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-7"
          >
            <p className="text-[0.95rem] leading-relaxed text-ink-soft">
              Já está com suas joias? Conte o que achou e ajude outras clientes a escolher.
            </p>
            <ButtonLink
              to={`/avaliar?pedido=${encodeURIComponent(reference)}`}
              variant="outline"
              size="md"
              className="shrink-0"
            >
              Avaliar minhas joias
            </ButtonLink>
          </div>
        )}
        <OrderDetails order={order} className="mt-6 sm:mt-8" />
      </div>
    </div>
  );
}
