import { memo, Suspense, use, type ReactNode } from 'react';
import { whenWanted } from './lazy-on-sight';

/**
 * Whether the app is still on the page the server rendered (main.tsx sets it before hydrateRoot;
 * the app's first navigation clears it: App.tsx). Only there does a part wait: a part rendered on
 * a later page renders at once. (Not cleared when the root is hydrated: React hydrates a Suspense
 * boundary's content in a pass of its own, after the root's commit.)
 */
let firstHydration = false;

export function setFirstHydration(value: boolean): void {
  firstHydration = value;
  // Cleared as the first navigation starts, not after its commit: the next page's parts render
  // with the old page still in the document, and a card of the same piece found there would
  // make a part of the new page wait (its place empty, the page below it moving under her tap).
  const navigation =
    typeof window === 'undefined' ? undefined : (window as { navigation?: EventTarget }).navigation;
  if (value && navigation) {
    navigation.addEventListener('navigate', () => setFirstHydration(false), { once: true });
  }
}

/** A card this far below the screen hydrates before it comes into view. */
const NEAR_SCREEN_MARGIN = '200px 0px';
const wanted = new Map<string, Promise<void>>();

/**
 * A server-rendered part whose code is already loaded (a product card below the first row) but
 * whose hydration waits until it is wanted: near the screen, the shopper's first move, the app's
 * first navigation, or a few seconds after the page loaded (`whenWanted`). Until then React keeps
 * the server's HTML as it is (a dehydrated Suspense boundary: its link works, nothing moves) and
 * the page's first hydration is lighter by it. `anchorId` is the id of the part's own root
 * element, as the server rendered it.
 *
 * Memoized: give it stable props (an update that reached a boundary still waiting would make React
 * render it anew).
 */
export const HydrateOnSight = memo(function HydrateOnSight({
  anchorId,
  children,
}: {
  anchorId: string;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={null}>
      <Gate anchorId={anchorId}>{children}</Gate>
    </Suspense>
  );
});

function Gate({ anchorId, children }: { anchorId: string; children: ReactNode }) {
  if (firstHydration && typeof document !== 'undefined' && document.getElementById(anchorId)) {
    let promise = wanted.get(anchorId);
    if (!promise) {
      promise = whenWanted(anchorId, NEAR_SCREEN_MARGIN);
      wanted.set(anchorId, promise);
    }
    use(promise);
  }
  return children;
}
