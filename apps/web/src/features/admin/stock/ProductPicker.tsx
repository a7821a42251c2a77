import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { LOW_STOCK_THRESHOLD } from '@semijoias/domain/admin';
import { cx } from '@/ui/cx';
import { inputClasses } from '@/ui/Field';
import { Spinner } from '@/ui/Spinner';
import { fetchPicker, STOCK_QUERY_KEY, type PickerProduct } from './stock-api';

/** '1 tamanho', '5 tamanhos' */
function sizesCount(n: number): string {
  return n === 1 ? '1 tamanho' : `${n} tamanhos`;
}

/** Search the catalog by name and pick one piece (the emptiest shelves come first). */
export function ProductPicker({
  label,
  selectedId,
  onSelect,
  error,
}: {
  label: string;
  selectedId: number | null;
  onSelect: (product: PickerProduct) => void;
  error?: string;
}) {
  const inputId = useId();
  const [search, setSearch] = useState('');
  const busca = useDeferredValue(search);
  const results = useQuery({
    queryKey: [...STOCK_QUERY_KEY, 'produtos', busca.trim()],
    queryFn: ({ signal }) => fetchPicker(busca, signal),
    placeholderData: (previous) => previous,
  });

  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink-soft">
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        className={inputClasses}
        placeholder="Buscar pelo nome"
        value={search}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setSearch(e.target.value)}
      />
      {error && <p className="mt-1.5 text-sm text-rose">{error}</p>}
      <div className="mt-2 max-h-56 overflow-y-auto rounded-xl border border-line bg-white">
        {results.isPending ? (
          <div className="flex min-h-20 items-center justify-center">
            <Spinner label="Buscando produtos" />
          </div>
        ) : results.isError ? (
          <p className="px-3 py-3 text-sm text-rose">Não foi possível buscar os produtos.</p>
        ) : results.data.length === 0 ? (
          <p className="px-3 py-3 text-sm text-muted">Nenhum produto encontrado.</p>
        ) : (
          <ul aria-label="Produtos encontrados">
            {results.data.map((product) => {
              const selected = product.id === selectedId;
              return (
                <li key={product.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => onSelect(product)}
                    className={cx(
                      'flex min-h-12 w-full items-center gap-3 px-3 py-1.5 text-left text-sm hover:bg-cream focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-dark',
                      selected && 'bg-gold-light/40',
                    )}
                  >
                    <img
                      src={product.imagem}
                      alt=""
                      className="h-9 w-9 shrink-0 rounded-lg bg-cream object-cover"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-ink">{product.nome}</span>
                      {product.nome_variacao && (
                        <span className="block truncate text-xs text-muted">
                          Por {product.nome_variacao.toLocaleLowerCase('pt-BR')} ·{' '}
                          {sizesCount(product.variacoes?.length ?? 0)}
                        </span>
                      )}
                    </span>
                    <span
                      className={cx(
                        'shrink-0 tabular-nums',
                        product.estoque <= LOW_STOCK_THRESHOLD
                          ? 'font-medium text-rose'
                          : 'text-muted',
                      )}
                    >
                      {product.estoque} un.
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
