/**
 * The cart's CEP and its shipping quote (SPEC §4 "Shipping calculator": idle, calculating, quoted,
 * stale). It stays with the cart on this device: in localStorage beside the guest cart, so a
 * reload, a new tab or coming back tomorrow finds her CEP and its freight. The quote is kept with
 * the subtotal and units it was computed for; once the cart changes it is stale, and the screens
 * that show it ask again for the same CEP (useFreshCartQuote). The server recomputes the freight
 * when the order is placed: this figure is only what she is shown.
 *
 * Logged in, the server remembers her cart's CEP too (each quote with her session stores it): a
 * device that knows none asks it (GET api/cart/cep/) and quotes it by itself, so her CEP follows
 * her to every device. The device's CEP wins: a guest's CEP typed before logging in is quoted
 * again with her session, which makes it her cart's on the server. A CEP remembered while logged
 * in is forgotten on this device once the session ends here (logout), so the next person at a
 * shared computer does not see where she lives.
 */
import { cepDigits, CEP_DIGITS, maskCep } from '@semijoias/domain/cep';
import type { Cents } from '@semijoias/domain/money';
import {
  isCartQuoteStale,
  quoteShipping,
  type QuotedCart,
  type ShippingOptionWire,
  type ShippingQuote,
} from '@semijoias/domain/shipping';
import { useEffect, useSyncExternalStore } from 'react';
import { hasSession, onSessionChange, useIsLoggedIn } from '../session';
import { pickOption, quoteWithOption, requestShippingQuote, type QuoteItem } from '../shipping';
import { readGuestCart, variationIdOf } from './guest-cart';
import { fetchCartCep } from './server-cart';

export interface CartShippingQuote {
  /** The CEP as masked (12345-678). */
  cep: string;
  quote: ShippingQuote;
  /** The cart's subtotal and units the quote was computed for. */
  quotedFor: QuotedCart;
  /** True when the quote call failed and this is the local estimate (SPEC §7). */
  estimated: boolean;
  /** Quoted with a session: forgotten when the session ends on this device. */
  forAccount?: boolean;
  /**
   * The carriers' services she may choose (issue 35), cheapest first; absent or empty when the
   * table quoted. `quote` holds the chosen one's figures.
   */
  options?: ShippingOptionWire[];
  /** The service she chose (Melhor Envio's id); null or absent: the cheapest. */
  serviceId?: number | null;
}

export const CART_SHIPPING_KEY = 'cart-shipping';

function isStoredQuote(value: unknown): value is CartShippingQuote {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Partial<CartShippingQuote>;
  return (
    typeof v.cep === 'string' &&
    cepDigits(v.cep).length === CEP_DIGITS &&
    typeof v.quote?.valor === 'number' &&
    typeof v.quotedFor?.subtotalCents === 'number' &&
    typeof v.quotedFor.itemCount === 'number'
  );
}

/** Where storage is blocked (private mode), the quote lives as long as the page. */
let memory: CartShippingQuote | null = null;

// useSyncExternalStore needs the same object while nothing changed: cache by the raw string.
let cachedRaw: string | null | undefined;
let cached: CartShippingQuote | null = null;

function load(): CartShippingQuote | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CART_SHIPPING_KEY);
  } catch {
    return memory;
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cached = isStoredQuote(parsed) ? parsed : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** The remembered CEP and quote, or null; a logged-in shopper's only while she is logged in. */
export function readCartShippingQuote(): CartShippingQuote | null {
  const quote = load();
  if (quote?.forAccount && !hasSession()) return null;
  return quote;
}

const EVENT = 'cart-shipping-updated';

export function setCartShippingQuote(quote: CartShippingQuote | null): void {
  const stored = quote ? { ...quote, forAccount: hasSession() } : null;
  memory = stored;
  try {
    if (stored) window.localStorage.setItem(CART_SHIPPING_KEY, JSON.stringify(stored));
    else window.localStorage.removeItem(CART_SHIPPING_KEY);
  } catch {
    // Kept in memory only.
  }
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(listener: () => void): () => void {
  // 'storage' brings another tab's quote; the session's end hides a logged-in shopper's CEP.
  window.addEventListener(EVENT, listener);
  window.addEventListener('storage', listener);
  const stopSession = onSessionChange(listener);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener('storage', listener);
    stopSession();
  };
}

export function useCartShippingQuote(): CartShippingQuote | null {
  return useSyncExternalStore(subscribe, readCartShippingQuote, () => null);
}

// ----------------------------------------------------------------------------------- Quoting

interface QuoteInput {
  cep: string;
  subtotalCents: Cents;
  itemCount: number;
}

/**
 * The quote of `cep` for the cart: the server's, or when that call fails the domain's table,
 * labelled as an estimate (SPEC §7). Never rejects: an 8-digit CEP always has an estimate. Logged
 * in, the server quotes its own copy of the cart, and the quote keeps the figures it quoted.
 */
async function fetchCartQuote(input: QuoteInput): Promise<CartShippingQuote> {
  const digits = cepDigits(input.cep);
  const { subtotalCents, itemCount } = input;
  let quote: CartShippingQuote;
  try {
    const answer = await requestShippingQuote({
      cep: digits,
      subtotalCents,
      itemCount,
      // Logged in, the server quotes her server cart; a guest's pieces travel with the quote.
      ...(hasSession() ? {} : { items: guestQuoteItems() }),
    });
    // The service she chose for this CEP stays chosen while it is offered.
    const before = readCartShippingQuote();
    const kept = before && cepDigits(before.cep) === digits ? before.serviceId : null;
    const option = pickOption(answer.options, kept);
    quote = {
      cep: maskCep(digits),
      quote: quoteWithOption(answer.quote, option),
      quotedFor: {
        subtotalCents: answer.subtotalCents ?? subtotalCents,
        itemCount: answer.itemCount ?? itemCount,
      },
      estimated: false,
      options: answer.options,
      serviceId: option?.id ?? null,
    };
  } catch {
    quote = {
      cep: maskCep(digits),
      quote: quoteShipping({ cep: digits, subtotalCents, itemCount }),
      quotedFor: { subtotalCents, itemCount },
      estimated: true,
    };
  }
  return quote;
}

/** The guest cart's lines as the quote takes them (pieces with an unreadable id left out). */
function guestQuoteItems(): QuoteItem[] {
  return readGuestCart().flatMap((item) => {
    const id = Number(item.id);
    if (!Number.isInteger(id) || id <= 0) return [];
    const variationId = variationIdOf(item);
    return [
      {
        id,
        quantidade: item.quantidade,
        ...(variationId === null ? {} : { variacao_id: variationId }),
      },
    ];
  });
}

/** She chose another of the quote's services: its figures become the cart's freight. */
export function chooseCartShippingOption(serviceId: number): void {
  const current = readCartShippingQuote();
  const option = current?.options?.find((o) => o.id === serviceId);
  if (!current || !option) return;
  setCartShippingQuote({
    ...current,
    quote: quoteWithOption(current.quote, option),
    serviceId,
  });
}

/** Quotes `cep` for the cart and remembers it (the calculator's 'Calcular'). */
export async function quoteCartShipping(input: QuoteInput): Promise<CartShippingQuote> {
  const quote = await fetchCartQuote(input);
  setCartShippingQuote(quote);
  return quote;
}

/** Re-quotes on their way, by CEP and cart figures (the drawer and /checkout may both ask). */
const inflight = new Set<string>();
/** Re-quotes answered for other figures than asked (the server's cart is not the one shown). */
const mismatched = new Set<string>();

function requoteKey(cep: string, cart: QuotedCart): string {
  return `${cepDigits(cep)}|${cart.subtotalCents}|${cart.itemCount}`;
}

/**
 * The remembered CEP quoted again for the cart as it is now, and remembered, unless an order
 * placed or another CEP quoted (in another tab) meanwhile replaced it: a late answer never wins.
 */
export async function requoteCartShipping(input: QuoteInput): Promise<CartShippingQuote> {
  const asked = { subtotalCents: input.subtotalCents, itemCount: input.itemCount };
  const key = requoteKey(input.cep, asked);
  inflight.add(key);
  try {
    const quote = await fetchCartQuote(input);
    if (isCartQuoteStale(quote.quotedFor, asked)) mismatched.add(key);
    const now = readCartShippingQuote();
    if (now !== null && cepDigits(now.cep) === cepDigits(input.cep)) setCartShippingQuote(quote);
    return quote;
  } finally {
    inflight.delete(key);
  }
}

// ------------------------------------------------------------------- Her account's CEP

/** This session's ask for her account's CEP (once per session), and where it is. */
let accountAsk: Promise<CartShippingQuote | null> | null = null;
let accountState: 'unknown' | 'asking' | 'settled' = 'unknown';
let stopWatchingSession: (() => void) | null = null;

function setAccountState(value: typeof accountState): void {
  accountState = value;
  window.dispatchEvent(new Event(EVENT));
}

/**
 * For a logged-in shopper whose device knows no CEP: her cart's CEP as the server remembers it,
 * quoted for `cart` and remembered here; null when she has none (or the device got one
 * meanwhile: the device's wins). Asked once per session; screens asking together share it.
 */
export function adoptAccountCartCep(cart: QuotedCart): Promise<CartShippingQuote | null> {
  if (!hasSession() || cart.itemCount === 0) return Promise.resolve(null);
  const known = readCartShippingQuote();
  if (known !== null) return Promise.resolve(known);
  // A new session (logout, another account) asks again.
  stopWatchingSession ??= onSessionChange(() => {
    accountAsk = null;
    accountState = 'unknown';
  });
  accountAsk ??= (async () => {
    setAccountState('asking');
    try {
      const cep = await fetchCartCep().catch(() => null);
      if (cep === null || cepDigits(cep).length !== CEP_DIGITS) return readCartShippingQuote();
      const quote = await fetchCartQuote({ cep, ...cart });
      if (hasSession() && readCartShippingQuote() === null) setCartShippingQuote(quote);
      return readCartShippingQuote();
    } finally {
      setAccountState('settled');
    }
  })();
  return accountAsk;
}

const accountCepState = () => accountState;

/**
 * The remembered quote for the cart as it is now. When the cart changed after quoting (items or
 * quantities), the same CEP is quoted again, `delayMs` after the last change; a cart still
 * changing (`current` null: clicks on their way to the server) waits. A re-quote answered for
 * other figures (the server's cart differs from the one shown) is not asked again for the same
 * figures: the quote is then shown as stale. Logged in, a device without a CEP takes her
 * account's (adoptAccountCartCep), and a guest's CEP kept through her login is quoted once with
 * her session, so the server remembers it too.
 */
export function useFreshCartQuote(
  current: QuotedCart | null,
  delayMs = 400,
): { quote: CartShippingQuote | null; stale: boolean; requoting: boolean } {
  const quote = useCartShippingQuote();
  const loggedIn = useIsLoggedIn();
  const account = useSyncExternalStore(subscribe, accountCepState, () => 'unknown' as const);
  const stale = quote !== null && current !== null && isCartQuoteStale(quote.quotedFor, current);
  // A guest's CEP she brought through her login: quoted once with her session.
  const unsynced = loggedIn && quote !== null && current !== null && !quote.forAccount;
  const key = (stale || unsynced) && current.itemCount > 0 ? requoteKey(quote.cep, current) : null;
  const wanted = key !== null && !mismatched.has(key);
  const cep = quote?.cep;
  const subtotalCents = current?.subtotalCents;
  const itemCount = current?.itemCount;

  useEffect(() => {
    if (!wanted || key === null || cep === undefined || subtotalCents === undefined) return;
    if (!itemCount || inflight.has(key)) return;
    // Its answer is remembered, and every screen that reads the quote renders again.
    const timer = window.setTimeout(
      () => void requoteCartShipping({ cep, subtotalCents, itemCount }),
      delayMs,
    );
    return () => window.clearTimeout(timer);
  }, [wanted, key, cep, subtotalCents, itemCount, delayMs]);

  // No CEP on this device: her account's, when she has one.
  const adopt = loggedIn && quote === null && !!itemCount && subtotalCents !== undefined;
  useEffect(() => {
    if (adopt) void adoptAccountCartCep({ subtotalCents, itemCount });
  }, [adopt, subtotalCents, itemCount]);

  // Until her account's CEP is known, the screens wait for it as for a re-quote.
  return { quote, stale, requoting: wanted || (adopt && account !== 'settled') };
}

/** Tests: a fresh page's memory of re-quotes. */
export function forgetRequotes(): void {
  inflight.clear();
  mismatched.clear();
  accountAsk = null;
  accountState = 'unknown';
}
