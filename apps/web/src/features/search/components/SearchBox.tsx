import { formatBRL } from '@semijoias/domain/money';
import { searchEmptyText } from '@semijoias/domain/messages';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '@/lib/hooks';
import { priceCents, productPath, type Product, type ProductLinkState } from '@/lib/product';
import { SEARCH_PARAM } from '@/lib/search-request';
import { cx } from '@/ui/cx';
import { CloseIcon, SearchIcon } from '@/ui/icons';
import { PaymentTerms } from '@/ui/PaymentTerms';
import { SmartImage } from '@/ui/SmartImage';
import { Spinner } from '@/ui/Spinner';
import { SEARCH_MIN_LENGTH, useSearchProducts } from '../api/search-products';

/** SPEC §2 Search / §9: the box searches as the shopper types, 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;
const SUGGESTIONS = ['anel', 'brinco', 'colar', 'pulseira'] as const;

type SearchState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'empty'; text: string }
  | { kind: 'results'; products: Product[] };

/**
 * The header's search box and its results dropdown. Keyboard: ArrowDown moves from the box into
 * the results, arrows move between them, Escape closes and returns to the box. The dropdown also
 * closes on a click outside. A polite live region announces each outcome.
 */
export function SearchBox({ className }: { className?: string }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const query = useSearchProducts(debounced);
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Focus given back by Escape must not reopen the dropdown it just closed.
  const refocusing = useRef(false);
  const panelId = useId();

  // '?busca=texto' (lib/search-request.ts, the home page's SearchAction): while the address asks
  // for it, the box holds the text with its results open (in the server's page too); then the
  // request is taken out of the address, so a reload does not repeat it and the box is hers.
  const location = useLocation();
  const [params] = useSearchParams();
  const requested = params.get(SEARCH_PARAM);
  if (requested !== null && (text !== requested || !open)) {
    setText(requested);
    setOpen(true);
  }
  useEffect(() => {
    if (requested === null) return;
    inputRef.current?.focus();
    const rest = new URLSearchParams(params);
    rest.delete(SEARCH_PARAM);
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: location.state },
    );
  }, [requested, params, navigate, location.pathname, location.state]);

  const active = trimmed.length >= SEARCH_MIN_LENGTH;
  let state: SearchState = { kind: 'idle' };
  if (active) {
    if (trimmed !== debounced || query.isPending) state = { kind: 'loading' };
    else if (query.isError) state = { kind: 'error' };
    else if (query.data.length === 0) state = { kind: 'empty', text: debounced };
    else state = { kind: 'results', products: query.data };
  }
  const showPanel = open && active;

  // Close on a pointer press anywhere outside the box and its dropdown.
  useEffect(() => {
    if (!showPanel) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [showPanel]);

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) {
      refocusing.current = true;
      inputRef.current?.focus();
      refocusing.current = false;
    }
  }

  function resultLinks(): HTMLAnchorElement[] {
    return Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a[data-result]') ?? []);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (showPanel) {
        event.preventDefault();
        close(true);
      }
    } else if (event.key === 'ArrowDown' && state.kind === 'results') {
      event.preventDefault();
      setOpen(true);
      // The list renders in this same frame when it was closed; focus it on the next one.
      requestAnimationFrame(() => resultLinks()[0]?.focus());
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const links = resultLinks();
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' && links.length > 0) {
      event.preventDefault();
      links[Math.min(index + 1, links.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) {
        refocusing.current = true;
        inputRef.current?.focus();
        refocusing.current = false;
      } else links[index - 1]?.focus();
    } else if (event.key === 'Home' && links.length > 0) {
      event.preventDefault();
      links[0]?.focus();
    } else if (event.key === 'End' && links.length > 0) {
      event.preventDefault();
      links[links.length - 1]?.focus();
    }
  }

  function onChosen() {
    setOpen(false);
    setText('');
    inputRef.current?.blur();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Enter opens the first result when the results for this text are already there.
    if (state.kind === 'results' && state.products[0]) {
      const product = state.products[0];
      const linkState: ProductLinkState = { product };
      onChosen();
      void navigate(productPath(product.id), { state: linkState });
    } else {
      setOpen(true);
    }
  }

  function suggest(word: string) {
    setText(word);
    setOpen(true);
    inputRef.current?.focus();
  }

  const announcement =
    !active || !open
      ? ''
      : state.kind === 'loading'
        ? 'Buscando joias…'
        : state.kind === 'error'
          ? 'Não foi possível buscar agora.'
          : state.kind === 'empty'
            ? // Worded apart from the visible empty text, so the page holds that sentence once.
              `Sem resultados para "${state.text}". Experimente anel, brinco, colar ou pulseira.`
            : state.kind === 'results'
              ? `${state.products.length} ${state.products.length === 1 ? 'joia encontrada' : 'joias encontradas'}`
              : '';

  return (
    <div ref={rootRef} className={cx('relative', className)}>
      <form role="search" aria-label="Buscar joias" onSubmit={onSubmit} className="relative">
        <label htmlFor={`${panelId}-input`} className="sr-only">
          Buscar joias
        </label>
        <input
          ref={inputRef}
          id={`${panelId}-input`}
          data-testid="search-input"
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            if (!refocusing.current) setOpen(true);
          }}
          onKeyDown={onInputKeyDown}
          placeholder="O que você procura?"
          autoComplete="off"
          enterKeyHint="search"
          aria-controls={showPanel ? `${panelId}-panel` : undefined}
          className="h-11 w-full rounded-full border border-line bg-white pl-11 pr-11 text-[0.95rem] text-ink placeholder:text-muted/80 focus:border-gold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-dark [&::-webkit-search-cancel-button]:appearance-none"
        />
        <button
          type="submit"
          aria-label="Buscar"
          className="absolute left-0 top-0 inline-flex h-11 w-11 items-center justify-center rounded-full text-muted hover:text-ink"
        >
          <SearchIcon width={20} height={20} />
        </button>
        {text && (
          <button
            type="button"
            aria-label="Limpar busca"
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
            className="absolute right-0 top-0 inline-flex h-11 w-11 items-center justify-center rounded-full text-muted hover:text-ink"
          >
            <CloseIcon width={18} height={18} />
          </button>
        )}
      </form>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {showPanel && (
        <div
          id={`${panelId}-panel`}
          data-testid="search-results"
          onKeyDown={onPanelKeyDown}
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
                      onClick={() => suggest(word)}
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
                              <span className="font-semibold text-ink-soft">
                                {formatBRL(cents)}
                              </span>
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
      )}
    </div>
  );
}
