/**
 * SPEC §4: quantity changes are sent as deltas, debounced 300 ms; on failure the cart is reloaded.
 *
 * Clicks add to an unsent delta per product, shown at once (optimistic); 300 ms after the last
 * click the delta goes out as one `PUT api/cart/update/`. Sends of one product are chained, so
 * their answers cannot arrive out of order. A guest's changes go straight to localStorage.
 */
import { clampQuantity } from '@semijoias/domain/cart';
import { CART_UPDATE_ERROR } from '@semijoias/domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { changeGuestQuantity, removeFromGuestCart } from '@/lib/cart/guest-cart';
import { removeFromServerCart, SERVER_CART_KEY, updateServerCart } from '@/lib/cart/server-cart';
import type { CartLineView } from '@/lib/cart/use-cart';
import { useToast } from '@/ui/toast';

export const QUANTITY_DEBOUNCE_MS = 300;

export interface QuantityChanges {
  /** The quantity to show: the cart's plus what is still on its way. */
  quantityOf: (line: CartLineView) => number;
  change: (line: CartLineView, delta: number) => void;
  remove: (line: CartLineView) => Promise<void>;
  /** Sends every waiting delta now (before leaving for the checkout). */
  flush: () => void;
}

export function useQuantityChanges(loggedIn: boolean): QuantityChanges {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  /** Deltas not sent yet, and deltas sent but not answered, by product id. */
  const unsent = useRef(new Map<number, number>());
  const sending = useRef(new Map<number, number>());
  const timers = useRef(new Map<number, number>());
  const chains = useRef(new Map<number, Promise<void>>());

  const send = useCallback(
    (productId: number) => {
      window.clearTimeout(timers.current.get(productId));
      timers.current.delete(productId);
      const previous = chains.current.get(productId) ?? Promise.resolve();
      const next = previous.then(async () => {
        const delta = unsent.current.get(productId) ?? 0;
        unsent.current.delete(productId);
        if (delta === 0) return;
        sending.current.set(productId, delta);
        rerender();
        // A refetch answering between our send and its answer would count the delta twice.
        await queryClient.cancelQueries({ queryKey: SERVER_CART_KEY });
        try {
          const cart = await updateServerCart(productId, delta);
          queryClient.setQueryData(SERVER_CART_KEY, cart);
        } catch {
          toast({ title: CART_UPDATE_ERROR, tone: 'error' });
          await queryClient.invalidateQueries({ queryKey: SERVER_CART_KEY });
        } finally {
          sending.current.delete(productId);
          rerender();
        }
      });
      chains.current.set(productId, next);
      void next.finally(() => {
        if (chains.current.get(productId) === next) chains.current.delete(productId);
      });
    },
    [queryClient, toast],
  );

  const flush = useCallback(() => {
    for (const productId of [...unsent.current.keys()]) send(productId);
  }, [send]);

  // Leaving the drawer (unmount) must not drop a click made in the last 300 ms.
  useEffect(() => flush, [flush]);

  const quantityOf = useCallback((line: CartLineView) => {
    const waiting =
      (unsent.current.get(line.productId) ?? 0) + (sending.current.get(line.productId) ?? 0);
    const wanted = line.quantidade + waiting;
    return line.estoque === undefined ? Math.max(1, wanted) : clampQuantity(wanted, line.estoque);
  }, []);

  const change = useCallback(
    (line: CartLineView, delta: number) => {
      if (!loggedIn) {
        changeGuestQuantity(String(line.productId), delta);
        return;
      }
      const shown = quantityOf(line);
      const target = shown + delta;
      if (target < 1 || (line.estoque !== undefined && target > line.estoque)) return;
      unsent.current.set(line.productId, (unsent.current.get(line.productId) ?? 0) + delta);
      rerender();
      window.clearTimeout(timers.current.get(line.productId));
      timers.current.set(
        line.productId,
        window.setTimeout(() => send(line.productId), QUANTITY_DEBOUNCE_MS),
      );
    },
    [loggedIn, quantityOf, send],
  );

  const remove = useCallback(
    async (line: CartLineView) => {
      if (!loggedIn) {
        removeFromGuestCart(String(line.productId));
        return;
      }
      window.clearTimeout(timers.current.get(line.productId));
      timers.current.delete(line.productId);
      unsent.current.delete(line.productId);
      // Wait for a delta already on its way, so its answer cannot bring the line back.
      await chains.current.get(line.productId);
      try {
        queryClient.setQueryData(SERVER_CART_KEY, await removeFromServerCart(line.productId));
      } catch {
        toast({ title: CART_UPDATE_ERROR, tone: 'error' });
        await queryClient.invalidateQueries({ queryKey: SERVER_CART_KEY });
      }
      rerender();
    },
    [loggedIn, queryClient, toast],
  );

  return { quantityOf, change, remove, flush };
}
