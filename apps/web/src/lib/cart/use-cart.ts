/**
 * The cart as every screen sees it (SPEC §6): the server cart when logged in, the guest cart
 * otherwise, as one list of lines in centavos. Adding lives here too, because the catalog adds,
 * the shell shows the badge and the drawer shows the lines.
 */
import { cartBadgeCount, cartItemCount, cartSubtotal, toCartLine } from '@semijoias/domain/cart';
import type { Cents } from '@semijoias/domain/money';
import { CART_ADD_ERROR, CART_ALREADY_AT_STOCK } from '@semijoias/domain/messages';
import { maxPerCustomerNote } from '@semijoias/domain/purchase-limits';
import { isChooseVariationMessage, variationLabel } from '@semijoias/domain/variations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { isApiError } from '../api';
import { useIsLoggedIn } from '../session';
import {
  addToGuestCart,
  readGuestCart,
  subscribeGuestCart,
  type GuestProduct,
  type StoredGuestItem,
} from './guest-cart';
import { maxPerCustomerOf, rememberMaxPerCustomer, unitsOfPiece } from './purchase-limits';
import {
  addToServerCart,
  fetchServerCart,
  SERVER_CART_KEY,
  type ServerCart,
  type ServerCartLine,
} from './server-cart';

export interface CartLineView {
  productId: number;
  name: string;
  priceCents: Cents;
  quantidade: number;
  image: string | null;
  /** Units in stock, when known: the plus button stops there. */
  estoque: number | undefined;
  /** The line's size: its id, and 'Aro 16' to show under the name; absent without. */
  variationId?: number;
  variationLabel?: string;
}

/**
 * A line's identity: its product, and its size when it has one ('3' or '3:41'). A cart line is a
 * product and its size: two sizes of one ring are two lines.
 */
export function cartLineKey(line: Pick<CartLineView, 'productId' | 'variationId'>): string {
  return line.variationId === undefined
    ? String(line.productId)
    : `${line.productId}:${line.variationId}`;
}

export interface CartView {
  lines: CartLineView[];
  loggedIn: boolean;
  /** The server cart's first load. */
  isLoading: boolean;
  isError: boolean;
  subtotalCents: Cents;
  itemCount: number;
  reload: () => void;
}

const NO_LINES: CartLineView[] = [];

/** A server or guest item as the drawer shows it (prices in centavos via the domain). */
function toView(item: ServerCartLine | StoredGuestItem): CartLineView {
  const line = toCartLine(item);
  const variation = item.variacao ?? null;
  return {
    productId: Number(line.productId),
    name: line.name,
    priceCents: line.priceCents,
    quantidade: line.quantidade,
    image: line.image ?? null,
    estoque: 'produto' in item ? item.produto.estoque : item.estoque,
    ...(variation
      ? {
          variationId: variation.id,
          variationLabel: variationLabel(item.nome_variacao, variation.nome),
        }
      : {}),
  };
}

/** The server's snapshot: one constant (a new array each call would be a new snapshot to React). */
const NO_GUEST_ITEMS: never[] = [];
const noGuestItems = () => NO_GUEST_ITEMS;

export function useCart(): CartView {
  const loggedIn = useIsLoggedIn();
  const guestItems = useSyncExternalStore(subscribeGuestCart, readGuestCart, noGuestItems);
  const query = useQuery({
    queryKey: SERVER_CART_KEY,
    queryFn: ({ signal }) => fetchServerCart(signal),
    enabled: loggedIn,
    // Another tab or device may have changed it: look again now and then, not on every render.
    staleTime: 30_000,
  });
  const { data: serverCart, refetch } = query;

  const lines = useMemo(
    () => (loggedIn ? (serverCart?.map(toView) ?? NO_LINES) : guestItems.map(toView)),
    [loggedIn, serverCart, guestItems],
  );

  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    lines,
    loggedIn,
    isLoading: loggedIn && query.isPending,
    isError: loggedIn && query.isError,
    subtotalCents: cartSubtotal(lines),
    itemCount: cartItemCount(lines),
    reload,
  };
}

/** The header's badge: distinct products (SPEC §2); two sizes of one ring are one product. */
export function useCartCount(): number {
  const { lines } = useCart();
  return cartBadgeCount(lines.map((l) => ({ productId: String(l.productId) })));
}

// ---------------------------------------------------------------------------------- Adding

/** SPEC §4: each product has an in-progress flag that disables its add button while adding. */
const adding = new Set<number>();
const addingListeners = new Set<() => void>();
let addingVersion = 0;

function setAdding(productId: number, value: boolean): void {
  if (value) adding.add(productId);
  else adding.delete(productId);
  addingVersion++;
  addingListeners.forEach((l) => l());
}

function subscribeAdding(listener: () => void): () => void {
  addingListeners.add(listener);
  return () => addingListeners.delete(listener);
}

export function useIsAdding(productId: number): boolean {
  useSyncExternalStore(
    subscribeAdding,
    () => addingVersion,
    () => 0,
  );
  return adding.has(productId);
}

export type AddResult = { ok: true } | { ok: false; message: string };

/**
 * Adds one unit of a product to the cart the shopper has (server or guest); never past the piece's
 * 'máximo por cliente' (`maxPerCustomer` as the product page read it, else as last read), all its
 * sizes together, which api/pay would refuse.
 */
export function useAddToCart(): (
  product: GuestProduct,
  options?: { maxPerCustomer?: number },
) => Promise<AddResult> {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  return useCallback(
    async (product, options) => {
      if (adding.has(product.id)) return { ok: false, message: CART_ADD_ERROR };
      if (options?.maxPerCustomer !== undefined) {
        rememberMaxPerCustomer(product.id, options.maxPerCustomer);
      }
      const max = options?.maxPerCustomer ?? maxPerCustomerOf(product.id);
      if (max !== undefined) {
        const lines = loggedIn
          ? (queryClient.getQueryData<ServerCart>(SERVER_CART_KEY) ?? []).map((l) => ({
              productId: l.produto.id,
              quantidade: l.quantidade,
            }))
          : readGuestCart().map((i) => ({ productId: Number(i.id), quantidade: i.quantidade }));
        if (unitsOfPiece(lines, product.id) >= max) {
          return { ok: false, message: maxPerCustomerNote(max) };
        }
      }
      setAdding(product.id, true);
      try {
        if (loggedIn) {
          const cart = await addToServerCart(product.id, product.variacao?.id ?? null);
          queryClient.setQueryData(SERVER_CART_KEY, cart);
        } else if (!addToGuestCart(product)) {
          return { ok: false, message: CART_ALREADY_AT_STOCK };
        }
        return { ok: true };
      } catch (error) {
        // The server explains a stock refusal (409), and for a piece sold by size a missing size
        // (400) or one it no longer has (404); anything else gets the SPEC's text.
        const message = isApiError(error) ? serverMessage(error.data) : undefined;
        const explained =
          isApiError(error) &&
          (error.status === 409 ||
            (error.status === 400 && isChooseVariationMessage(message)) ||
            (product.variacao != null && (error.status === 400 || error.status === 404)));
        const server = explained ? message : undefined;
        return { ok: false, message: server ?? CART_ADD_ERROR };
      } finally {
        setAdding(product.id, false);
      }
    },
    [loggedIn, queryClient],
  );
}

function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'error' in data) {
    const error = (data as { error: unknown }).error;
    if (typeof error === 'string' && error.trim()) return error;
  }
  return undefined;
}
