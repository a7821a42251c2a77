/**
 * /admin/cupons: every coupon with its state and uses; a coupon's page (its rules,
 * uses, pause/activate and history); the create and edit forms.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, useRoutes } from 'react-router';
import { couponValueLabel } from '@semijoias/domain/coupon-form';
import { formatBRL, toCents } from '@semijoias/domain/money';
import { Button, ButtonLink } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { useToast } from '@/ui/toast';
import { AuditHistory } from '../audit/AuditHistory';
import { AUDIT_QUERY_KEY } from '../audit/audit-api';
import { adminErrorMessage } from '../lib/errors';
import { formatDate, formatDateTime } from '../lib/format';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard, AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { CouponForm } from './CouponForm';
import {
  COUPONS_QUERY_KEY,
  couponQuery,
  couponsQuery,
  setCouponActive,
  STATUS_CHIP,
  type AdminCoupon,
} from './coupons-api';

export function CouponsPage() {
  return useRoutes([
    { index: true, element: <CouponList /> },
    { path: 'novo', element: <NewCoupon /> },
    { path: ':id', element: <CouponDetail /> },
    { path: ':id/editar', element: <EditCoupon /> },
  ]);
}

const money = (decimal: string | null) => formatBRL(toCents(decimal ?? '0') ?? 0);

function valueLabel(c: AdminCoupon): string {
  return couponValueLabel(
    c.tipo === 'percentual' ? 'percent' : 'fixed',
    c.percentual === null ? null : Math.round(c.percentual * 100),
    c.valor === null ? null : toCents(c.valor),
    formatBRL,
  );
}

function usesLabel(c: AdminCoupon): string {
  const n = `${c.vezes_usado} ${c.vezes_usado === 1 ? 'uso' : 'usos'}`;
  return c.limite_uso === null ? n : `${n} de ${c.limite_uso}`;
}

function StatusChip({ status }: { status: AdminCoupon['status'] }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
        STATUS_CHIP[status],
      )}
      data-testid="coupon-status"
    >
      {status}
    </span>
  );
}

function CouponList() {
  const list = useQuery(couponsQuery);
  return (
    <>
      <AdminPageHeader
        title="Cupons"
        description="Descontos que as clientes digitam no carrinho."
        actions={
          <ButtonLink to="/admin/cupons/novo" variant="primary">
            Novo cupom
          </ButtonLink>
        }
      />
      {list.isPending ? (
        <AdminLoading label="Carregando cupons" />
      ) : list.isError ? (
        <AdminLoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.cupons.length === 0 ? (
        <AdminEmpty>Nenhum cupom ainda. Crie o primeiro em “Novo cupom”.</AdminEmpty>
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Cupons">
          {list.data.cupons.map((c) => (
            <li key={c.id}>
              <Link
                to={`/admin/cupons/${c.id}`}
                className="block rounded-2xl border border-line bg-white px-4 py-4 shadow-soft transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
                data-testid="coupon-card"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="break-all font-mono text-lg font-semibold tracking-wide text-ink">
                      {c.codigo}
                    </p>
                    {c.descricao && <p className="truncate text-sm text-muted">{c.descricao}</p>}
                  </div>
                  <StatusChip status={c.status} />
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
                  <div>
                    <dt className="text-xs text-muted">Desconto</dt>
                    <dd className="font-medium text-ink">{valueLabel(c)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted">Usos</dt>
                    <dd className="font-medium text-ink" data-testid="coupon-uses">
                      {usesLabel(c)}
                    </dd>
                  </div>
                  <div className="col-span-2 sm:col-span-1">
                    <dt className="text-xs text-muted">Validade</dt>
                    <dd className="text-ink">{validity(c)}</dd>
                  </div>
                </dl>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function validity(c: AdminCoupon): string {
  if (!c.valido_de && !c.valido_ate) return 'Sem prazo';
  if (!c.valido_de) return `Até ${formatDate(c.valido_ate)}`;
  if (!c.valido_ate) return `A partir de ${formatDate(c.valido_de)}`;
  return `${formatDate(c.valido_de)} a ${formatDate(c.valido_ate)}`;
}

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex min-h-11 items-center text-sm text-ink-soft underline-offset-4 hover:underline"
    >
      ← {children}
    </Link>
  );
}

function NewCoupon() {
  return (
    <>
      <BackLink to="/admin/cupons">Cupons</BackLink>
      <AdminPageHeader title="Novo cupom" />
      <CouponForm coupon={null} />
    </>
  );
}

function EditCoupon() {
  const { id = '' } = useParams();
  const coupon = useQuery(couponQuery(id));
  return (
    <>
      <BackLink to={`/admin/cupons/${id}`}>Voltar ao cupom</BackLink>
      <AdminPageHeader
        title={coupon.data ? `Editar ${coupon.data.cupom.codigo}` : 'Editar cupom'}
      />
      {coupon.isPending ? (
        <AdminLoading />
      ) : coupon.isError ? (
        <AdminLoadError error={coupon.error} onRetry={() => void coupon.refetch()} />
      ) : (
        <CouponForm key={coupon.data.cupom.atualizado_em} coupon={coupon.data.cupom} />
      )}
    </>
  );
}

function CouponDetail() {
  const { id = '' } = useParams();
  const query = useQuery(couponQuery(id));
  const queryClient = useQueryClient();
  const toast = useToast();
  const toggle = useMutation({
    mutationFn: (active: boolean) => setCouponActive(Number(id), active),
    onSuccess: async ({ cupom }) => {
      await queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY });
      toast({ title: cupom.ativo ? 'Cupom ativado' : 'Cupom pausado', tone: 'success' });
    },
    onError: (error) => toast({ title: adminErrorMessage(error), tone: 'error' }),
  });

  if (query.isPending)
    return (
      <>
        <BackLink to="/admin/cupons">Cupons</BackLink>
        <AdminLoading />
      </>
    );
  if (query.isError)
    return (
      <>
        <BackLink to="/admin/cupons">Cupons</BackLink>
        <AdminPageHeader title="Cupom" />
        <AdminLoadError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  const { cupom: c, usos } = query.data;
  const rules: [string, ReactNode][] = [
    ['Desconto', valueLabel(c)],
    ['Pedido mínimo', c.pedido_minimo ? money(c.pedido_minimo) : 'Sem mínimo'],
    ['Válido a partir de', c.valido_de ? formatDateTime(c.valido_de) : '—'],
    ['Válido até', c.valido_ate ? formatDateTime(c.valido_ate) : '—'],
    ['Usos', usesLabel(c)],
    ['Uma vez por cliente', c.uma_vez_por_cliente ? 'Sim' : 'Não'],
    ['Só na primeira compra', c.primeira_compra ? 'Sim' : 'Não'],
    ['Só para', c.cliente_email ?? 'Qualquer cliente'],
  ];

  return (
    <>
      <BackLink to="/admin/cupons">Cupons</BackLink>
      <AdminPageHeader
        title={c.codigo}
        description={c.descricao || undefined}
        actions={
          <>
            <ButtonLink to={`/admin/cupons/${c.id}/editar`} variant="outline">
              Editar
            </ButtonLink>
            <Button
              variant={c.ativo ? 'outline' : 'primary'}
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(!c.ativo)}
            >
              {c.ativo ? 'Pausar' : 'Ativar'}
            </Button>
          </>
        }
      />
      <div className="space-y-5">
        <AdminCard title="Regras">
          <div className="mb-3">
            <StatusChip status={c.status} />
          </div>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {rules.map(([label, value]) => (
              <div
                key={label}
                className="flex justify-between gap-3 border-b border-line/60 pb-2 sm:block sm:border-0 sm:pb-0"
              >
                <dt className="text-muted">{label}</dt>
                <dd className="text-right font-medium text-ink sm:text-left">{value}</dd>
              </div>
            ))}
          </dl>
        </AdminCard>

        <AdminCard title={`Usos (${usos.length})`}>
          {usos.length === 0 ? (
            <p className="text-sm text-muted">Ninguém usou este cupom ainda.</p>
          ) : (
            <ul className="divide-y divide-line" data-testid="coupon-use-list">
              {usos.map((u) => (
                <li
                  key={u.pedido}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 text-sm"
                >
                  <div className="min-w-0">
                    <Link
                      to={`/admin/pedidos/${u.pedido}`}
                      className="inline-flex min-h-11 items-center font-semibold text-ink underline-offset-4 hover:underline"
                    >
                      Pedido #{u.pedido}
                    </Link>
                    <p className="truncate text-muted">
                      {u.cliente} · {u.cliente_email}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-medium text-ink">− {money(u.desconto)}</p>
                    <p className="text-xs text-muted">
                      {formatDateTime(u.data)} · {u.status_pedido}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </AdminCard>

        <AdminCard title="Histórico">
          <AuditHistory entityType="coupon" entityId={c.id} />
        </AdminCard>
      </div>
    </>
  );
}
