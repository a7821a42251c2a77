import { stockAlertWaitingText, stockAlertWaitingTitle } from '@semijoias/domain/stock-alerts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATEGORIES } from '@semijoias/domain/catalog';
import { formatBRL, toCents } from '@semijoias/domain/money';
import { Badge } from '@/ui/Badge';
import { Button, ButtonLink } from '@/ui/Button';
import { inputClasses } from '@/ui/Field';
import { SearchIcon } from '@/ui/icons';
import { AdminPagination } from '../ui/AdminPagination';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { productListQuery, type AdminProductListItem } from './products-api';

const SITUATIONS = [
  { value: '', label: 'Todos' },
  { value: 'visiveis', label: 'Na loja' },
  { value: 'ocultos', label: 'Ocultos' },
  { value: 'estoque_baixo', label: 'Estoque baixo' },
  // The pieces shoppers asked 'Avise-me' for, the most awaited first.
  { value: 'aguardando_aviso', label: 'Aguardando aviso' },
];

/** A product's price as the owners read it ('R$ 129,90'). */
export function priceText(decimal: string): string {
  const cents = toCents(decimal);
  return cents === null ? decimal : formatBRL(cents);
}

/** /admin/produtos: search, category and situation filters, one card per product. */
export function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const busca = params.get('busca') ?? '';
  const categoria = params.get('categoria') ?? '';
  const situacao = params.get('situacao') ?? '';
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const [typed, setTyped] = useState(busca);
  const list = useQuery({
    ...productListQuery({ busca, categoria, situacao, pagina }),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('pagina' in changes)) next.delete('pagina');
    setParams(next, { replace: true });
  };

  return (
    <>
      <AdminPageHeader
        title="Produtos"
        description="Cadastre peças, ajuste preço e estoque, envie as fotos e publique na loja."
        actions={
          <ButtonLink to="novo" variant="gold">
            Novo produto
          </ButtonLink>
        }
      />
      <form
        role="search"
        className="mb-5 grid gap-3 sm:grid-cols-[1fr_auto_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          update({ busca: typed.trim() });
        }}
      >
        <div className="flex gap-2">
          <label htmlFor="produtos-busca" className="sr-only">
            Buscar produto pelo nome
          </label>
          <input
            id="produtos-busca"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Buscar pelo nome"
            className={inputClasses}
          />
          <Button type="submit" variant="primary" aria-label="Buscar">
            <SearchIcon width={18} height={18} />
          </Button>
        </div>
        <label className="sr-only" htmlFor="produtos-categoria">
          Categoria
        </label>
        <select
          id="produtos-categoria"
          value={categoria}
          onChange={(e) => update({ categoria: e.target.value })}
          className={inputClasses}
        >
          <option value="">Todas as categorias</option>
          {CATEGORIES.map((c) => (
            <option key={c.name} value={c.name}>
              {c.title}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="produtos-situacao">
          Situação
        </label>
        <select
          id="produtos-situacao"
          value={situacao}
          onChange={(e) => update({ situacao: e.target.value })}
          className={inputClasses}
        >
          {SITUATIONS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </form>

      {list.isPending ? (
        <AdminLoading label="Carregando produtos" />
      ) : list.isError ? (
        <AdminLoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.produtos.length === 0 ? (
        <AdminEmpty>Nenhum produto encontrado.</AdminEmpty>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {list.data.total === 1 ? '1 produto' : `${list.data.total} produtos`}
          </p>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label="Produtos">
            {list.data.produtos.map((p) => (
              <ProductRow key={p.id} product={p} />
            ))}
          </ul>
          <AdminPagination
            page={list.data.pagina}
            pages={list.data.paginas}
            onPage={(p) => update({ pagina: String(p) })}
          />
        </>
      )}
    </>
  );
}

function ProductRow({ product: p }: { product: AdminProductListItem }) {
  return (
    <li>
      <Link
        to={String(p.id)}
        className="flex min-h-[4.5rem] items-center gap-3 rounded-2xl border border-line bg-white p-2.5 pr-4 shadow-soft transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
      >
        {p.imagem ? (
          <img
            src={p.imagem}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="size-14 shrink-0 rounded-xl bg-cream object-cover"
          />
        ) : (
          <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-cream text-[0.65rem] text-muted">
            sem foto
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-ink">{p.nome}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
            <span>{p.categoria}</span>
            <span>{priceText(p.preco)}</span>
            {p.oculto && <Badge tone="light">Oculto</Badge>}
            {(p.variacoes_baixas ?? []).length > 0 && (
              <span className="text-xs font-medium text-rose" data-testid="kept-low">
                Manter em estoque:{' '}
                {p.variacoes_baixas!.map((v) => `${v.nome} (${v.estoque} un.)`).join(', ')}
              </span>
            )}
            {(p.aguardando_aviso ?? 0) > 0 && (
              <span data-testid="waiting-badge" title={stockAlertWaitingTitle(p.aguardando_aviso!)}>
                <Badge tone="ink">{stockAlertWaitingText(p.aguardando_aviso!)}</Badge>
              </span>
            )}
          </span>
        </span>
        <span className="shrink-0 text-right">
          <span className="block text-xs text-muted">Estoque</span>
          <span
            className={
              p.estoque_baixo ? 'font-semibold text-rose' : 'font-semibold tabular-nums text-ink'
            }
          >
            {p.estoque}
          </span>
          {p.estoque_baixo && <span className="block text-[0.7rem] text-rose">baixo</span>}
        </span>
      </Link>
    </li>
  );
}
