import { formatBRL } from '@semijoias/domain/money';
import { searchEmptyText } from '@semijoias/domain/messages';
import type { KeyboardEvent, RefObject } from 'react';
import { Link } from 'react-router';
import { priceCents, productPath, type ProductLinkState } from '@/lib/product';
import { PaymentTerms } from '@/ui/PaymentTerms';
import { SmartImage } from '@/ui/SmartImage';
import { Spinner } from '@/ui/Spinner';
import type { Product } from '@/lib/product';

const SUGGESTIONS = ['anel', 'brinco', 'colar', 'pulseira'] as const;

/** Where a search stands: what the panel shows and the live region announces. */
export type SearchState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'empty'; text: string }
  | { kind: 'results'; products: Product[] };

/** The search box's dropdown: searching, an error, nothing found (with suggestions), results. */
export function SearchPanel({
  id,
  state,
  listRef,
  onKeyDown,
  onChosen,
  onSuggest,
}: {
  id: string;
  state: SearchState;
  listRef: RefObject<HTMLUListElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** A result was opened. */
  onChosen: () => void;
  /** A suggested word was picked. */
  onSuggest: (word: string) => void;
}) {
  return (
    <div
      id={id}
      data-testid="search-results"
      onKeyDown={onKeyDown}
      className="absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-2xl border border-line bg-white shadow-lift lg:left-auto lg:w-[26rem]"
    >
      {state.kind === 'loading' && (
        <div className="flex items-center gap-3 px-4 py-5 text-sm text-muted">
          <Spinner label="Buscando" /> Buscando joias…
        </div>
      )}
      {state.kind === 'error' && (
        <p className="px-4 py-5 text-sm text-muted">
          Não foi possível buscar agora. Tente novamente em instantes.
        </p>
      )}
      {state.kind === 'empty' && (
        <div className="px-5 py-6 text-center">
          <p className="font-display text-lg font-semibold text-ink">
            {searchEmptyText(state.text)}
          </p>
          <p className="mt-2 text-sm text-muted">Experimente buscar por:</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {SUGGESTIONS.map((word) => (
              <li key={word}>
                <button
                  type="button"
                  onClick={() => onSuggest(word)}
                  className="min-h-9 rounded-full border border-line px-4 text-sm text-ink-soft hover:border-gold hover:text-ink"
                >
                  {word}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {state.kind === 'results' && (
        <ul
          ref={listRef}
          className="max-h-[min(65vh,28rem)] divide-y divide-line/70 overflow-y-auto overscroll-contain py-1"
        >
          {state.products.map((product) => {
            const cents = priceCents(product);
            const linkState: ProductLinkState = { product };
            return (
              <li key={product.id}>
                <Link
                  data-result
                  to={productPath(product.id)}
                  state={linkState}
                  onClick={onChosen}
                  className="flex min-h-16 items-center gap-3 px-3 py-2 hover:bg-cream/60 focus-visible:bg-cream/80 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-dark"
                >
                  <SmartImage
                    src={product.image}
                    alt=""
                    width={56}
                    height={56}
                    className="h-14 w-14 shrink-0 rounded-xl bg-cream object-cover"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-[0.95rem] font-medium text-ink">
                      {product.name}
                    </span>
                    <span className="mt-0.5 block text-xs text-muted">
                      {product.category}
                      {cents !== null && (
                        <>
                          <span aria-hidden="true"> · </span>
                          <span className="font-semibold text-ink-soft">{formatBRL(cents)}</span>
                        </>
                      )}
                    </span>
                    <PaymentTerms
                      amountCents={cents}
                      layout="inline"
                      className="mt-0.5"
                      testId="search-payment-terms"
                    />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
