/**
 * The orders list: status chips, a date range and a search box, all kept in the address bar
 * (`?status=paid` is where the Painel's 'a enviar' links), newest first, a page at a time. Cards
 * on a phone, a table from the desktop's width.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatBRL } from '@semijoias/domain/money';
import { ORDER_STATUS_TEXT } from '@semijoias/domain/orders';
import { Button, buttonClasses } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { inputClasses } from '@/ui/Field';
import { SearchIcon } from '@/ui/icons';
import { adminErrorMessage } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { AdminPagination } from '../ui/AdminPagination';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { rowLinkProps } from '../ui/row-link';
import {
  FILTER_KEYS,
  ORDERS_QUERY_KEY,
  ordersListQuery,
  type AdminOrderSummary,
  type OrdersFilters,
} from './orders-api';
import { AdminOrderStatus, HoldsStockBadge, STATUS_FILTERS, TestOrderBadge } from './status';
import { buyLabels, type LabelResult } from './labels-api';

/** The orders whose label may be bought from the list (paid, in progress). */
const canBuyLabel = (order: AdminOrderSummary) =>
  order.status === 'paid' || order.status === 'in_progress';

interface Selection {
  selected: ReadonlySet<string>;
  toggle: (reference: string) => void;
}

const chip =
  'inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold';

export function OrdersList() {
  const [params, setParams] = useSearchParams();
  const filters: OrdersFilters = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  );
  const list = useQuery({ ...ordersListQuery(filters), placeholderData: keepPreviousData });
  const [busca, setBusca] = useState(filters.busca ?? '');
  const client = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [results, setResults] = useState<LabelResult[] | null>(null);
  const toggle = (reference: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(reference)) next.delete(reference);
      else next.add(reference);
      return next;
    });
  const selection: Selection = { selected, toggle };
  const bulk = useMutation({
    mutationFn: () => buyLabels([...selected]),
    onMutate: () => setResults(null),
    onSuccess: (answer) => {
      setResults(answer.resultados);
      setSelected(new Set());
      void client.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
  });

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

      {(selected.size > 0 || bulk.isPending || bulk.isError || results) && (
        <section
          aria-label="Etiquetas"
          data-testid="etiquetas-lote"
          className="mt-6 rounded-2xl border border-line bg-white p-4 shadow-soft sm:p-5"
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-ink">
              {selected.size > 0
                ? `${selected.size} ${selected.size === 1 ? 'pedido selecionado' : 'pedidos selecionados'}`
                : 'Etiquetas'}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              {selected.size > 0 && (
                <Button
                  variant="ghost"
                  disabled={bulk.isPending}
                  onClick={() => setSelected(new Set())}
                >
                  Limpar seleção
                </Button>
              )}
              <Button
                variant="primary"
                disabled={bulk.isPending || selected.size === 0}
                onClick={() => bulk.mutate()}
              >
                {bulk.isPending ? 'Comprando etiquetas…' : 'Comprar etiquetas'}
              </Button>
            </div>
          </div>
          {bulk.isError && (
            <p role="alert" className="mt-3 text-sm text-rose">
              {adminErrorMessage(bulk.error)}
            </p>
          )}
          {results && (
            <ul
              className="mt-3 space-y-2 border-t border-line pt-3 text-sm"
              data-testid="etiquetas-resultados"
            >
              {results.map((r) => (
                <li key={r.reference} className="flex flex-wrap gap-x-2">
                  <Link
                    to={orderHref(r.reference)}
                    className="font-semibold tabular-nums text-ink underline decoration-gold/60 underline-offset-4"
                  >
                    #{r.reference}
                  </Link>
                  {r.ok ? (
                    <span className="text-ink-soft">
                      Etiqueta comprada
                      {r.etiqueta?.codigo_rastreio ? (
                        <>
                          {' · '}
                          <span className="font-mono text-ink">{r.etiqueta.codigo_rastreio}</span>
                        </>
                      ) : null}
                    </span>
                  ) : (
                    <span className="text-rose">{r.erro}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

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
                <li key={order.reference} className="flex items-center gap-2">
                  {canBuyLabel(order) ? (
                    <SelectBox order={order} selection={selection} />
                  ) : (
                    page!.pedidos.some(canBuyLabel) && <span className="size-11 shrink-0" />
                  )}
                  <div className="min-w-0 flex-1">
                    <OrderCard order={order} />
                  </div>
                </li>
              ))}
            </ul>
            <OrdersTable orders={page!.pedidos} selection={selection} />
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

/** The box that picks an order for 'Comprar etiquetas' (44 px to tap). */
function SelectBox({ order, selection }: { order: AdminOrderSummary; selection: Selection }) {
  return (
    <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        checked={selection.selected.has(order.reference)}
        onChange={() => selection.toggle(order.reference)}
        aria-label={`Selecionar o pedido #${order.reference} para comprar a etiqueta`}
        data-testid="pedido-selecionar"
        className="size-5 accent-gold-dark"
      />
    </label>
  );
}

function OrdersTable({ orders, selection }: { orders: AdminOrderSummary[]; selection: Selection }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-line bg-white shadow-soft lg:block">
      <table className="w-full text-left text-sm" data-testid="pedidos-tabela">
        <thead className="bg-cream/60 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="w-12 py-3 pl-2">
              <span className="sr-only">Selecionar</span>
            </th>
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
              <td className="py-1 pl-2">
                {canBuyLabel(order) && <SelectBox order={order} selection={selection} />}
              </td>
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
