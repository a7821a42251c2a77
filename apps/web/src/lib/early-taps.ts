/**
 * Taps made before the app took a server-rendered page. The page's code starts after its first
 * paint (apps/api/src/modules/web-app/start-after-paint.ts), so on a slow phone a shopper may tap
 * 'Entre', the cart or the menu before any button works: the start script keeps those taps, and
 * once React has the page (main.tsx, right after hydrateRoot) the last one is made again, so the
 * drawer she asked for opens instead of her tap being lost. React hydrates what a tap reaches at
 * once, so the replayed click finds its handler.
 */

/** Set by the start script; its name is the API's EARLY_TAPS_GLOBAL. */
const EARLY_TAPS_GLOBAL = '__semijoiasToquesAntesDoApp';

type TakeTaps = () => HTMLButtonElement[];

/** Stops the keeping and taps again the last button tapped, if it is still on the page. */
export function replayEarlyTaps(): void {
  const take = (window as unknown as Record<string, TakeTaps | undefined>)[EARLY_TAPS_GLOBAL];
  if (typeof take !== 'function') return;
  const last = take().at(-1);
  if (last?.isConnected && !last.disabled) setTimeout(() => last.click(), 0);
}
