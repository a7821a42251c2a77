/**
 * /admin, the Painel: paid sales of today, 7 and 30 days, the orders waiting for the
 * owners (to ship, awaiting payment — each a link to the Pedidos list filtered), the reviews
 * waiting (a link to Avaliações), the 30 days' chart and the pieces running out, each a link to
 * restock it or open it.
 */
import { LOW_STOCK_THRESHOLD } from '@semijoias/domain/admin';
import { formatBRL } from '@semijoias/domain/money';
import { variationLabel } from '@semijoias/domain/variations';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { ChevronRightIcon } from '@/ui/icons';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard, AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import {
  DASHBOARD_QUERY_KEY,
  fetchDashboard,
  longDay,
  ordersCount,
  type Dashboard,
  type LowStockProduct,
  type SalesTotal,
} from './dashboard-api';
import { SalesChart } from './SalesChart';
import { EarningsCard } from './EarningsCard';
import { WaitingReviews } from '../reviews/WaitingReviews';

export function DashboardPage() {
  const dashboard = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => fetchDashboard(signal),
  });

  return (
    <>
      <AdminPageHeader
        title="Painel"
        description={
          dashboard.data
            ? `Vendas pagas e o que pede atenção hoje, ${longDay(dashboard.data.hoje)}.`
            : 'Vendas pagas e o que pede atenção hoje.'
        }
      />
      {dashboard.isPending ? (
        <AdminLoading />
      ) : dashboard.isError ? (
        <AdminLoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardContent data={dashboard.data} />
      )}
    </>
  );
}

/** What the Painel shows once its numbers arrived. */
function DashboardContent({ data }: { data: Dashboard }) {
  return (
    <div className="space-y-4">
      <section aria-labelledby="painel-vendas">
        <h2 id="painel-vendas" className="sr-only">
          Vendas e pedidos
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <SalesCard label="Hoje" sales={data.vendas.hoje} testId="vendas-hoje" wide />
          <SalesCard label="7 dias" sales={data.vendas.dias_7} testId="vendas-7-dias" />
          <SalesCard label="30 dias" sales={data.vendas.dias_30} testId="vendas-30-dias" />
          <OrdersCard
            to="/admin/pedidos?status=paid"
            label="A enviar"
            count={data.pedidos_a_enviar}
            hint="pagos, aguardando envio"
            urgent={data.pedidos_a_enviar > 0}
            testId="a-enviar"
          />
          <OrdersCard
            to="/admin/pedidos?status=awaiting_payment"
            label="Aguardando pagamento"
            count={data.pedidos_aguardando_pagamento}
            hint="ou com pagamento recusado"
            testId="aguardando-pagamento"
          />
        </div>
      </section>
      <WaitingReviews count={data.avaliacoes_pendentes ?? 0} />

      <div className="grid gap-4 lg:grid-cols-3 lg:items-start">
        <AdminCard title="Vendas dos últimos 30 dias" className="min-w-0 lg:col-span-2">
          {data.vendas.dias_30.pedidos === 0 ? (
            <AdminEmpty>
              Ainda não há vendas pagas nos últimos 30 dias. Assim que um pedido for pago, ele
              aparece aqui.
            </AdminEmpty>
          ) : (
            <SalesChart days={data.serie_30_dias} today={data.hoje} />
          )}
        </AdminCard>
        <AdminCard
          title={
            <>
              Estoque baixo
              {data.estoque_baixo.total > 0 && (
                <span className="ml-2 rounded-full bg-rose-soft px-2.5 py-0.5 align-middle font-sans text-sm font-medium text-ink">
                  {data.estoque_baixo.total}
                  <span className="sr-only"> peças</span>
                </span>
              )}
            </>
          }
          className="min-w-0"
        >
          <LowStock products={data.estoque_baixo.produtos} total={data.estoque_baixo.total} />
        </AdminCard>
      </div>
      <EarningsCard earnings={data.retorno_30_dias} />
    </div>
  );
}

function SalesCard({
  label,
  sales,
  testId,
  wide = false,
}: {
  label: string;
  sales: SalesTotal;
  testId: string;
  wide?: boolean;
}) {
  return (
    <div
      data-testid={testId}
      className={cx(
        'min-w-0 rounded-2xl border border-line bg-white px-4 py-4 shadow-soft',
        wide && 'col-span-2 lg:col-span-1',
      )}
    >
      <p className="text-xs font-medium uppercase tracking-wide text-muted">{label}</p>
      <p className="mt-1 font-display text-2xl font-semibold tabular-nums text-ink sm:text-3xl">
        {formatBRL(sales.total_cents)}
      </p>
      <p className="text-sm text-muted">{ordersCount(sales.pedidos)}</p>
    </div>
  );
}

function OrdersCard({
  to,
  label,
  count,
  hint,
  urgent = false,
  testId,
}: {
  to: string;
  label: string;
  count: number;
  hint: ReactNode;
  urgent?: boolean;
  testId: string;
}) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className={cx(
        'group flex min-w-0 flex-col rounded-2xl border px-4 py-4 shadow-soft transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark',
        urgent
          ? 'border-gold bg-gold-light/30 hover:border-gold-dark'
          : 'border-line bg-white hover:border-gold',
      )}
    >
      <span className="flex items-center justify-between gap-1 text-xs font-medium uppercase tracking-wide text-muted">
        {label}
        <ChevronRightIcon
          aria-hidden="true"
          className="h-4 w-4 shrink-0 text-gold-dark transition-transform group-hover:translate-x-0.5"
        />
      </span>
      <span className="mt-1 font-display text-3xl font-semibold tabular-nums text-ink">
        {count}
      </span>
      <span className="text-sm text-muted">{hint}</span>
    </Link>
  );
}

const unitsText = (n: number) =>
  n === 0 ? 'Esgotado' : `${n} ${n === 1 ? 'unidade' : 'unidades'}`;

function LowStock({ products, total }: { products: LowStockProduct[]; total: number }) {
  if (products.length === 0) {
    return <AdminEmpty>Nenhuma peça com estoque baixo. Tudo abastecido!</AdminEmpty>;
  }
  return (
    <>
      <ul
        aria-label="Peças com estoque baixo"
        className="divide-y divide-line"
        data-testid="low-stock"
      >
        {products.map((p) => (
          <li key={p.id} className="flex items-center gap-3 py-2.5">
            {p.imagem ? (
              <img
                src={p.imagem}
                alt=""
                loading="lazy"
                className="h-11 w-11 shrink-0 rounded-lg bg-cream object-cover"
              />
            ) : (
              <span aria-hidden="true" className="h-11 w-11 shrink-0 rounded-lg bg-cream" />
            )}
            <div className="min-w-0 flex-1">
              <Link
                to={`/admin/produtos/${p.id}`}
                className="line-clamp-2 text-sm font-medium text-ink underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-gold-dark"
              >
                {p.nome}
              </Link>
              {p.nome_variacao && (
                <p className="text-xs text-ink-soft" data-testid="low-stock-sum">
                  Soma de todos os tamanhos ({p.nome_variacao.toLocaleLowerCase('pt-BR')})
                </p>
              )}
              <p
                className={cx(
                  'text-xs font-medium',
                  p.estoque === 0
                    ? 'text-rose'
                    : p.estoque <= LOW_STOCK_THRESHOLD
                      ? 'text-gold-dark'
                      : 'text-ink-soft',
                )}
              >
                {unitsText(p.estoque)}
              </p>
              {(p.variacoes_baixas ?? []).map((size) => (
                <p
                  key={size.id}
                  data-testid="low-stock-kept"
                  className={cx(
                    'text-xs font-medium',
                    size.estoque === 0 ? 'text-rose' : 'text-gold-dark',
                  )}
                >
                  {variationLabel(p.nome_variacao, size.nome)} (manter em estoque):{' '}
                  {unitsText(size.estoque).toLocaleLowerCase('pt-BR')}
                </p>
              ))}
            </div>
            <Link
              // One kept size low: the adjustment opens on it.
              to={`/admin/estoque?ajustar=${p.id}${p.variacoes_baixas?.length === 1 ? `&variacao=${p.variacoes_baixas[0]!.id}` : ''}`}
              aria-label={`Repor ${p.nome}`}
              className={buttonClasses('outline', 'sm', 'shrink-0')}
            >
              Repor
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/admin/produtos?situacao=estoque_baixo"
        className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-gold-dark underline-offset-4 hover:underline"
      >
        {total === 1 ? 'Ver a peça com estoque baixo' : `Ver as ${total} peças com estoque baixo`}
      </Link>
    </>
  );
}
