import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '@/lib/hooks';
import { SEARCH_PARAM } from '@/lib/search-request';
import { cx } from '@/ui/cx';
import { CloseIcon, SearchIcon } from '@/ui/icons';
import { SEARCH_MIN_LENGTH, useSearchProducts } from '../api/search-products';
import type { SearchState } from './SearchPanel';

/** The search's results page (features/catalog/pages/SearchPage.tsx): /busca?q=texto. */
const RESULTS_PATH = '/busca';
/** SPEC §2 Search / §9: the box searches as the shopper types, 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;
// The results' panel (pictures, prices, payment lines) loads when the shopper first searches.
const SearchPanel = lazy(() => import('./SearchPanel').then((m) => ({ default: m.SearchPanel })));

/**
 * The header's search box and its results dropdown. Enter opens the results page (/busca?q=);
 * a piece picked in the dropdown opens that piece. Keyboard: ArrowDown moves from the box into
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
  // Once per entry of the history: she may close or change it before the address is cleaned.
  const [handledRequest, setHandledRequest] = useState<string | null>(null);
  if (requested !== null && handledRequest !== location.key) {
    setHandledRequest(location.key);
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

  // On the results page the box holds the text searched (in the server's page too), and follows
  // the address as she goes back and forth between searches.
  const searched = location.pathname === RESULTS_PATH ? (params.get('q') ?? '').trim() : null;
  const [shownSearch, setShownSearch] = useState<string | null>(null);
  if (searched !== null && searched !== shownSearch) {
    setShownSearch(searched);
    setText(searched);
  }

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
    // Enter (or the magnifier) opens the results page for the text; a piece picked in the list
    // opens that piece (its own link). The text stays in the box, to be changed and sent again.
    if (trimmed === '') {
      inputRef.current?.focus();
      return;
    }
    setOpen(false);
    // The phone's keyboard goes away with the focus, uncovering the results.
    inputRef.current?.blur();
    void navigate(`${RESULTS_PATH}?${new URLSearchParams({ q: trimmed }).toString()}`);
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
            // Her intent to search: the panel's code comes while she types.
            void import('./SearchPanel');
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
        <Suspense fallback={null}>
          <SearchPanel
            id={`${panelId}-panel`}
            state={state}
            listRef={listRef}
            onKeyDown={onPanelKeyDown}
            onChosen={onChosen}
            onSuggest={suggest}
          />
        </Suspense>
      )}
    </div>
  );
}
