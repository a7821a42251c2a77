/**
 * /admin/estoque: the stock ledger — why each stock is what it is (a sale and its
 * order, a cancellation, an owner's adjustment and her note) — filtered by piece and reason, and
 * 'Ajustar estoque'. `?produto=<id>` filters the ledger; `?ajustar=<id>` opens the dialog on that
 * piece (the Painel's low-stock list links here), `&variacao=<id>` on one of its sizes.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STOCK_REASON_LABEL } from '@semijoias/domain/admin';
import { variationLabel } from '@semijoias/domain/variations';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { formatDateTime } from '../lib/format';
import { AdminPagination } from '../ui/AdminPagination';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminCard, AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { AdjustStockDialog } from './AdjustStockDialog';
import { ProductPicker } from './ProductPicker';
import { fetchLedger, fetchPicker, STOCK_QUERY_KEY, type StockReason } from './stock-api';

const REASONS = Object.keys(STOCK_REASON_LABEL) as StockReason[];

export function StockPage() {
  const [params, setParams] = useSearchParams();
  const produto = Number(params.get('produto')) || undefined;
  const motivo = REASONS.find((r) => r === params.get('motivo'));
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const ajustar = Number(params.get('ajustar')) || null;
  const variacao = Number(params.get('variacao')) || null;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);

  const ledger = useQuery({
    queryKey: [...STOCK_QUERY_KEY, 'movimentos', { produto, motivo, pagina }],
    queryFn: ({ signal }) => fetchLedger({ produto, motivo }, pagina, signal),
    placeholderData: keepPreviousData,
  });
  // The piece the dialog opens on (?ajustar=), with its current stock.
  const target = useQuery({
    queryKey: [...STOCK_QUERY_KEY, 'alvo', ajustar],
    queryFn: async ({ signal }) => {
      const found = await fetchPicker('', signal, ajustar ?? undefined);
      return found.find((p) => p.id === ajustar) ?? null;
    },
    enabled: ajustar !== null,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    if (!('pagina' in changes)) next.delete('pagina');
    setParams(next, { replace: true });
  };
  const filteredName = produto ? ledger.data?.itens[0]?.produto_nome : undefined;
  const pages = ledger.data
    ? Math.max(1, Math.ceil(ledger.data.total / ledger.data.por_pagina))
    : 1;

  return (
    <>
      <AdminPageHeader
        title="Estoque"
        description="Cada mudança de estoque com o motivo: venda, cancelamento ou ajuste manual."
        actions={<Button onClick={() => setDialogOpen(true)}>Ajustar estoque</Button>}
      />

      <AdminCard className="mb-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-56">
            <label
              htmlFor="filtro-motivo"
              className="mb-1.5 block text-sm font-medium text-ink-soft"
            >
              Motivo
            </label>
            <select
              id="filtro-motivo"
              value={motivo ?? ''}
              onChange={(e) => update({ motivo: e.target.value || null })}
              className="block min-h-12 w-full rounded-xl border border-line bg-white px-3 text-ink focus:border-gold-dark focus:outline-none focus:ring-2 focus:ring-gold/40"
            >
              <option value="">Todos</option>
              {REASONS.map((r) => (
                <option key={r} value={r}>
                  {STOCK_REASON_LABEL[r]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {produto ? (
              <>
                <span className="rounded-full bg-cream px-4 py-2 text-sm text-ink">
                  Produto: {filteredName ?? `#${produto}`}
                </span>
                <Button variant="ghost" size="sm" onClick={() => update({ produto: null })}>
                  Ver todos
                </Button>
              </>
            ) : (
              <Button variant="outline" size="sm" onClick={() => setFilterOpen((o) => !o)}>
                {filterOpen ? 'Fechar busca' : 'Filtrar por produto'}
              </Button>
            )}
          </div>
        </div>
        {filterOpen && !produto && (
          <div className="mt-4 sm:max-w-md">
            <ProductPicker
              label="Produto"
              selectedId={null}
              onSelect={(p) => {
                setFilterOpen(false);
                update({ produto: String(p.id) });
              }}
            />
          </div>
        )}
      </AdminCard>

      {ledger.isPending ? (
        <AdminLoading />
      ) : ledger.isError ? (
        <AdminLoadError error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : ledger.data.itens.length === 0 ? (
        <AdminEmpty>Nenhuma movimentação de estoque encontrada.</AdminEmpty>
      ) : (
        <>
          <ul
            aria-label="Movimentações de estoque"
            className="space-y-2"
            data-testid="stock-ledger"
          >
            {ledger.data.itens.map((m) => (
              <li
                key={m.id}
                className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-2xl border border-line bg-white px-4 py-3 shadow-soft md:grid-cols-[9rem_minmax(0,1fr)_7rem_6rem_5rem] md:items-center"
              >
                <p className="order-3 col-span-2 text-xs text-muted md:order-none md:col-span-1 md:text-sm">
                  <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                </p>
                <div className="min-w-0">
                  <button
                    type="button"
                    className="block min-h-11 w-full truncate text-left font-medium text-ink underline-offset-4 hover:underline md:min-h-0"
                    onClick={() => update({ produto: String(m.produto_id) })}
                  >
                    {m.produto_nome}
                  </button>
                  {m.variacao_nome && (
                    <p className="mb-0.5" data-testid="ledger-size">
                      <span className="inline-flex rounded-full bg-cream px-2.5 py-0.5 text-xs font-medium text-ink">
                        {variationLabel(m.nome_variacao, m.variacao_nome)}
                      </span>
                    </p>
                  )}
                  <p className="text-sm text-muted">
                    {m.pedido_referencia && (
                      <>
                        Pedido{' '}
                        <Link
                          to={`/admin/pedidos/${m.pedido_referencia}`}
                          className="text-gold-dark underline underline-offset-4"
                        >
                          #{m.pedido_referencia}
                        </Link>
                      </>
                    )}
                    {m.responsavel_email && (
                      <span className="break-all">{m.responsavel_email}</span>
                    )}
                    {m.nota && <span className="block break-words italic">“{m.nota}”</span>}
                  </p>
                </div>
                <span
                  className={cx(
                    'h-fit w-fit self-start justify-self-end rounded-full px-3 py-1 text-xs font-medium md:self-center md:justify-self-start',
                    m.motivo === 'sale' && 'bg-sage/20 text-ink',
                    m.motivo === 'cancellation' && 'bg-rose-soft text-ink',
                    m.motivo === 'adjustment' && 'bg-gold-light/50 text-ink',
                    (m.motivo === 'initial' || m.motivo === 'other') && 'bg-cream text-ink',
                  )}
                >
                  {m.motivo_texto}
                </span>
                <p
                  className={cx(
                    'text-lg font-semibold tabular-nums md:text-right',
                    m.delta > 0 ? 'text-sage' : 'text-rose',
                  )}
                  aria-label={`${m.delta > 0 ? 'Entrada' : 'Saída'} de ${Math.abs(m.delta)}`}
                >
                  {m.delta > 0 ? `+${m.delta}` : `−${Math.abs(m.delta)}`}
                </p>
                <p className="text-right text-sm text-muted">
                  fica <span className="font-medium text-ink tabular-nums">{m.estoque_apos}</span>
                </p>
              </li>
            ))}
          </ul>
          <AdminPagination
            page={pagina}
            pages={pages}
            onPage={(p) => update({ pagina: String(p) })}
          />
        </>
      )}

      <AdjustStockDialog
        open={dialogOpen || (ajustar !== null && target.isSuccess)}
        initialProduct={ajustar !== null ? target.data : null}
        initialVariationId={ajustar !== null ? variacao : null}
        onOpenChange={(open) => {
          setDialogOpen(open);
          if (!open && ajustar !== null) update({ ajustar: null, variacao: null });
        }}
      />
    </>
  );
}
