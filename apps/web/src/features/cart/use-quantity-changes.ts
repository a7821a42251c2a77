/**
 * SPEC §4: quantity changes are sent as deltas, debounced 300 ms; on failure the cart is reloaded.
 *
 * Clicks add to an unsent delta per line, shown at once (optimistic); 300 ms after the last
 * click the delta goes out as one `PUT api/cart/update/`. Sends of one line are chained, so
 * their answers cannot arrive out of order. A guest's changes go straight to localStorage. A line
 * is a product and its size: each call names the size of a piece sold by size.
 */
import { clampQuantity } from '@semijoias/domain/cart';
import { CART_UPDATE_ERROR } from '@semijoias/domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { changeGuestQuantity, removeFromGuestCart } from '@/lib/cart/guest-cart';
import { removeFromServerCart, SERVER_CART_KEY, updateServerCart } from '@/lib/cart/server-cart';
import { cartLineKey, type CartLineView } from '@/lib/cart/use-cart';
import { useToast } from '@/ui/toast';

export const QUANTITY_DEBOUNCE_MS = 300;

export interface QuantityChanges {
  /** The quantity to show: the cart's plus what is still on its way. */
  quantityOf: (line: CartLineView) => number;
  change: (line: CartLineView, delta: number) => void;
  remove: (line: CartLineView) => Promise<void>;
  /** Sends every waiting delta now (before leaving for the checkout); resolves once answered. */
  flush: () => Promise<void>;
}

export function useQuantityChanges(loggedIn: boolean): QuantityChanges {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  /** Deltas not sent yet, and deltas sent but not answered, by line key (cartLineKey). */
  const unsent = useRef(new Map<string, number>());
  const sending = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, number>());
  const chains = useRef(new Map<string, Promise<void>>());
  /** The product and size of each line with a delta, to name them in its call. */
  const targets = useRef(new Map<string, { productId: number; variationId: number | null }>());

  const send = useCallback(
    (key: string) => {
      const target = targets.current.get(key);
      window.clearTimeout(timers.current.get(key));
      timers.current.delete(key);
      if (!target) return;
      const previous = chains.current.get(key) ?? Promise.resolve();
      const next = previous.then(async () => {
        const delta = unsent.current.get(key) ?? 0;
        unsent.current.delete(key);
        if (delta === 0) return;
        sending.current.set(key, delta);
        rerender();
        // A refetch answering between our send and its answer would count the delta twice.
        await queryClient.cancelQueries({ queryKey: SERVER_CART_KEY });
        try {
          const cart = await updateServerCart(target.productId, delta, target.variationId);
          queryClient.setQueryData(SERVER_CART_KEY, cart);
        } catch {
          toast({ title: CART_UPDATE_ERROR, tone: 'error' });
          await queryClient.invalidateQueries({ queryKey: SERVER_CART_KEY });
        } finally {
          sending.current.delete(key);
          rerender();
        }
      });
      chains.current.set(key, next);
      void next.finally(() => {
        if (chains.current.get(key) === next) chains.current.delete(key);
      });
    },
    [queryClient, toast],
  );

  const flush = useCallback(async () => {
    for (const key of [...unsent.current.keys()]) send(key);
    await Promise.all([...chains.current.values()]);
  }, [send]);

  // Leaving the drawer (unmount) must not drop a click made in the last 300 ms.
  useEffect(() => () => void flush(), [flush]);

  const quantityOf = useCallback((line: CartLineView) => {
    const key = cartLineKey(line);
    const waiting = (unsent.current.get(key) ?? 0) + (sending.current.get(key) ?? 0);
    const wanted = line.quantidade + waiting;
    return line.estoque === undefined ? Math.max(1, wanted) : clampQuantity(wanted, line.estoque);
  }, []);

  const change = useCallback(
    (line: CartLineView, delta: number) => {
      if (!loggedIn) {
        changeGuestQuantity(String(line.productId), delta, line.variationId ?? null);
        return;
      }
      const shown = quantityOf(line);
      const target = shown + delta;
      if (target < 1 || (line.estoque !== undefined && target > line.estoque)) return;
      const key = cartLineKey(line);
      const variationId = line.variationId ?? null;
      targets.current.set(key, { productId: line.productId, variationId });
      unsent.current.set(key, (unsent.current.get(key) ?? 0) + delta);
      rerender();
      window.clearTimeout(timers.current.get(key));
      timers.current.set(
        key,
        window.setTimeout(() => send(key), QUANTITY_DEBOUNCE_MS),
      );
    },
    [loggedIn, quantityOf, send],
  );

  const remove = useCallback(
    async (line: CartLineView) => {
      if (!loggedIn) {
        removeFromGuestCart(String(line.productId), line.variationId ?? null);
        return;
      }
      const key = cartLineKey(line);
      window.clearTimeout(timers.current.get(key));
      timers.current.delete(key);
      unsent.current.delete(key);
      // Wait for a delta already on its way, so its answer cannot bring the line back.
      await chains.current.get(key);
      try {
        queryClient.setQueryData(
          SERVER_CART_KEY,
          await removeFromServerCart(line.productId, line.variationId ?? null),
        );
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
