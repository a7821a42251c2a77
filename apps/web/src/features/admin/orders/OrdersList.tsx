/**
 * The orders list: status chips, a date range and a search box, all kept in the address bar
 * (`?status=paid` is where the Painel's 'a enviar' links), newest first, a page at a time. Cards
 * on a phone, a table from the desktop's width.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatBRL } from '@semijoias/domain/money';
import { ORDER_STATUS_TEXT } from '@semijoias/domain/orders';
import { Button, buttonClasses } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { inputClasses } from '@/ui/Field';
import { SearchIcon } from '@/ui/icons';
import { formatDateTime } from '../lib/format';
import { AdminPagination } from '../ui/AdminPagination';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { rowLinkProps } from '../ui/row-link';
import {
  FILTER_KEYS,
  ordersListQuery,
  type AdminOrderSummary,
  type OrdersFilters,
} from './orders-api';
import { AdminOrderStatus, HoldsStockBadge, STATUS_FILTERS, TestOrderBadge } from './status';

const chip =
  'inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold';

export function OrdersList() {
  const [params, setParams] = useSearchParams();
  const filters: OrdersFilters = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  );
  const list = useQuery({ ...ordersListQuery(filters), placeholderData: keepPreviousData });
  const [busca, setBusca] = useState(filters.busca ?? '');

  /** Changes some filters; any change but the page's goes back to page 1. */
  function update(changes: OrdersFilters) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('pagina' in changes)) next.delete('pagina');
    setParams(next, { replace: true });
  }

  function search(event: FormEvent) {
    event.preventDefault();
    update({ busca: busca.trim() });
  }

  const page = list.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.por_pagina)) : 1;

  return (
    <>
      <AdminPageHeader
        title="Pedidos"
        description={
          page
            ? `${page.total} ${page.total === 1 ? 'pedido' : 'pedidos'}`
            : 'Todos os pedidos da loja'
        }
      />

      <section aria-label="Filtros" className="space-y-4">
        <div
          role="group"
          aria-label="Situação"
          className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
        >
          <button
            type="button"
            aria-pressed={!filters.status}
            onClick={() => update({ status: '' })}
            className={cx(
              chip,
              !filters.status ? 'border-ink bg-ink text-ivory' : 'border-line bg-white text-ink',
            )}
          >
            Todos
          </button>
          {STATUS_FILTERS.map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={filters.status === code}
              data-testid={`filtro-${code}`}
              onClick={() => update({ status: filters.status === code ? '' : code })}
              className={cx(
                chip,
                filters.status === code
                  ? 'border-ink bg-ink text-ivory'
                  : 'border-line bg-white text-ink hover:border-gold',
              )}
            >
              {ORDER_STATUS_TEXT[code]}
            </button>
          ))}
        </div>

        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
          <form role="search" onSubmit={search} className="flex gap-2">
            <div className="min-w-0 flex-1">
              <label
                htmlFor="pedidos-busca"
                className="mb-1.5 block text-sm font-medium text-ink-soft"
              >
                Buscar por número, nome, e-mail ou CPF
              </label>
              <input
                id="pedidos-busca"
                type="search"
                value={busca}
                onChange={(e) => setBusca(e.target.value)}
                maxLength={100}
                className={inputClasses}
                placeholder="Ex.: 1042, Ana, 529.982.247-25"
              />
            </div>
            <Button type="submit" variant="primary" className="self-end" aria-label="Buscar">
              <SearchIcon width={18} height={18} />
            </Button>
          </form>
          <DateFilter label="De" value={filters.de} onChange={(de) => update({ de })} />
          <DateFilter label="Até" value={filters.ate} onChange={(ate) => update({ ate })} />
        </div>
      </section>

      <div className="mt-6">
        {list.isPending ? (
          <AdminLoading label="Carregando os pedidos" />
        ) : list.isError ? (
          <AdminLoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : page!.pedidos.length === 0 ? (
          <AdminEmpty>Nenhum pedido encontrado com estes filtros.</AdminEmpty>
        ) : (
          <>
            <ul className="space-y-3 lg:hidden" data-testid="pedidos-cards">
              {page!.pedidos.map((order) => (
                <li key={order.reference}>
                  <OrderCard order={order} />
                </li>
              ))}
            </ul>
            <OrdersTable orders={page!.pedidos} />
            <AdminPagination
              page={page!.pagina}
              pages={pages}
              onPage={(p) => update({ pagina: String(p) })}
            />
          </>
        )}
      </div>
    </>
  );
}

function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = `pedidos-${label === 'De' ? 'de' : 'ate'}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-soft">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        className={cx(inputClasses, 'sm:w-44')}
      />
    </div>
  );
}

const orderHref = (reference: string) => `/admin/pedidos/${encodeURIComponent(reference)}`;

function OrderCard({ order }: { order: AdminOrderSummary }) {
  return (
    <Link
      to={orderHref(order.reference)}
      data-testid="pedido-linha"
      data-reference={order.reference}
      className="block rounded-2xl border border-line bg-white p-4 shadow-soft transition-colors hover:border-gold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold tabular-nums text-ink">
            #{order.reference}
            {order.teste && <TestOrderBadge />}
          </p>
          <p className="mt-0.5 text-xs text-muted">{formatDateTime(order.criado_em)}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <AdminOrderStatus status={order.status} />
          <HoldsStockBadge status={order.status} units={order.itens} />
        </div>
      </div>
      <div className="mt-3 flex items-end justify-between gap-3">
        <div className="min-w-0 text-sm">
          <p className="truncate text-ink">{order.cliente.nome ?? 'Sem nome'}</p>
          <p className="truncate text-muted">{order.cliente.email ?? '—'}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-semibold tabular-nums text-ink">{formatBRL(order.total_cents)}</p>
          <p className="text-xs text-muted">
            {order.itens} {order.itens === 1 ? 'peça' : 'peças'}
          </p>
        </div>
      </div>
    </Link>
  );
}

function OrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-line bg-white shadow-soft lg:block">
      <table className="w-full text-left text-sm" data-testid="pedidos-tabela">
        <thead className="bg-cream/60 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Pedido
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Data
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Cliente
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Situação
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Peças
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {orders.map((order) => (
            <tr
              key={order.reference}
              // The whole row opens the order (row-link.ts); '#100001' stays the real link.
              className="cursor-pointer hover:bg-cream/30"
              data-reference={order.reference}
              data-testid="pedido-linha-tabela"
              {...rowLinkProps}
            >
              <td className="px-4 py-2">
                <div className="flex items-center gap-1">
                  <Link
                    to={orderHref(order.reference)}
                    data-row-link
                    className={buttonClasses('ghost', 'sm', 'px-2 font-semibold tabular-nums')}
                  >
                    #{order.reference}
                  </Link>
                  {order.teste && <TestOrderBadge />}
                </div>
              </td>
              <td className="px-4 py-2 tabular-nums text-ink-soft">
                {formatDateTime(order.criado_em)}
              </td>
              <td className="max-w-72 px-4 py-2">
                <p className="truncate text-ink">{order.cliente.nome ?? 'Sem nome'}</p>
                <p className="truncate text-xs text-muted">{order.cliente.email ?? '—'}</p>
              </td>
              <td className="px-4 py-2">
                <div className="flex flex-wrap items-center gap-1.5">
                  <AdminOrderStatus status={order.status} />
                  <HoldsStockBadge status={order.status} units={order.itens} />
                </div>
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{order.itens}</td>
              <td className="px-4 py-2 text-right font-semibold tabular-nums">
                {formatBRL(order.total_cents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
