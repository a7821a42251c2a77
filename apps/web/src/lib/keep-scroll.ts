/**
 * A navigation that stays where the shopper is (a size chosen on the product page replaces the
 * URL; a filter chosen on a listing pushes one, so the back button undoes it) says so in its
 * state, and the scroll restoration (app/shell/scroll-restoration.ts) leaves the scroll alone.
 */
const KEEP_SCROLL = 'manterRolagem';

/** The state for such a navigation: the current state, marked. */
export function keepScrollState(state: unknown): Record<string, unknown> {
  const base =
    state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  return { ...base, [KEEP_SCROLL]: true };
}

export function keepsScroll(state: unknown): boolean {
  return state !== null && typeof state === 'object' && KEEP_SCROLL in state;
}
