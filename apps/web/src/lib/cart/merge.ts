/**
 * SPEC §4: at login the guest cart is merged into the server cart, then cleared locally.
 *
 * No item may be lost or doubled, even when the merge is cut off (a lost answer, a closed tab)
 * and run again: each line goes with the key `<merge id>:<product id>`, the merge id being made
 * once per guest cart and kept beside it until the merge finishes. The server applies a key once
 * (docs/cart-contract.md), so a retry adds only what did not arrive. The guest cart is cleared
 * only after every line was answered; until then it stays, and the next app start (or login)
 * retries.
 *
 * A line of a piece sold by size goes with its `variacao_id` and the key
 * `<merge id>:<product id>:<variation id>`, so two sizes of one ring are two keys. A line without a
 * size keeps the key `<merge id>:<product id>` it always had: a merge started before this release
 * and finished after it must find the keys it already sent (a new `:0` would add its lines again).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../api';
import { hasSession, useIsLoggedIn } from '../session';
import { randomId } from '../random-id';
import { clearGuestCart, readGuestCart, variationIdOf } from './guest-cart';
import { mergeIntoServerCart, SERVER_CART_KEY, type ServerCart } from './server-cart';

export const MERGE_ID_KEY = 'cart-merge-id';

function mergeId(): string {
  const existing = window.localStorage.getItem(MERGE_ID_KEY);
  if (existing) return existing;
  const id = randomId();
  window.localStorage.setItem(MERGE_ID_KEY, id);
  return id;
}

/** The Idempotency-Key of one guest line (see above for why a line without a size has no `:0`). */
export function mergeKey(mergeId: string, productId: number, variationId: number | null): string {
  return variationId === null
    ? `${mergeId}:${productId}`
    : `${mergeId}:${productId}:${variationId}`;
}

let running: Promise<void> | null = null;

/** Merges the guest cart, if any, into the logged-in shopper's server cart. Never throws. */
export function mergeGuestCart(queryClient: QueryClient): Promise<void> {
  running ??= run(queryClient).finally(() => {
    running = null;
  });
  return running;
}

async function run(queryClient: QueryClient): Promise<void> {
  if (!hasSession()) return;
  const items = readGuestCart();
  if (items.length === 0) {
    window.localStorage.removeItem(MERGE_ID_KEY);
    return;
  }
  let id: string;
  try {
    id = mergeId();
  } catch {
    return;
  }
  let last: ServerCart | null = null;
  let complete = true;
  for (const item of items) {
    const productId = Number(item.id);
    const variationId = variationIdOf(item);
    try {
      last = await mergeIntoServerCart(
        productId,
        item.quantidade,
        mergeKey(id, productId, variationId),
        variationId,
      );
    } catch (error) {
      // A product that no longer exists (404) or a line the server refuses (400) will not merge
      // by trying again: drop it. Anything else (no answer, 5xx, ended session) is retried later.
      if (!(isApiError(error) && (error.status === 404 || error.status === 400))) complete = false;
    }
  }
  if (complete) {
    clearGuestCart();
    window.localStorage.removeItem(MERGE_ID_KEY);
  }
  if (last) queryClient.setQueryData(SERVER_CART_KEY, last);
  await queryClient.invalidateQueries({ queryKey: SERVER_CART_KEY });
}

/**
 * Runs the merge whenever a session begins (the login drawer, another tab) and at start-up, which
 * also retries a merge an earlier visit could not finish.
 */
export function useGuestCartMerge(): void {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (loggedIn) void mergeGuestCart(queryClient);
  }, [loggedIn, queryClient]);
}
