/**
 * A guest's favourites, kept on her device in localStorage under 'favoritos' as product ids,
 * newest first (docs/favourites-contract.md). At login they are posted to her account and the
 * posted ones leave the device (./merge.ts). Only ids are kept: the page that lists them asks the
 * catalog for today's price and stock.
 */
import { addGuestFavourite, cleanFavouriteIds } from '@semijoias/domain/favourites';

export const GUEST_FAVOURITES_KEY = 'favoritos';
/** Fired on this window after the list changes ('storage' covers the other tabs). */
export const FAVOURITES_UPDATED_EVENT = 'favourites-updated';

const NONE: readonly number[] = [];
// useSyncExternalStore needs the same array while nothing changed: cache by the raw string.
let cachedRaw: string | null = null;
let cachedIds: readonly number[] = NONE;

export function readGuestFavourites(): readonly number[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(GUEST_FAVOURITES_KEY);
  } catch {
    return NONE;
  }
  if (raw === cachedRaw) return cachedIds;
  cachedRaw = raw;
  try {
    cachedIds = raw === null ? NONE : cleanFavouriteIds(JSON.parse(raw));
  } catch {
    cachedIds = NONE;
  }
  return cachedIds;
}

/** Throws when storage is unavailable (private mode, quota), so the heart can say so. */
function write(ids: readonly number[]): void {
  if (ids.length === 0) window.localStorage.removeItem(GUEST_FAVOURITES_KEY);
  else window.localStorage.setItem(GUEST_FAVOURITES_KEY, JSON.stringify(ids));
  window.dispatchEvent(new Event(FAVOURITES_UPDATED_EVENT));
}

/** Hearts or un-hearts a piece on this device; answers whether it is a favourite now. */
export function toggleGuestFavourite(productId: number): boolean {
  const ids = readGuestFavourites();
  if (ids.includes(productId)) {
    write(ids.filter((id) => id !== productId));
    return false;
  }
  write(addGuestFavourite(ids, productId));
  return true;
}

export function removeGuestFavourite(productId: number): void {
  const ids = readGuestFavourites();
  if (ids.includes(productId)) write(ids.filter((id) => id !== productId));
}

/** Takes these ids off the device (the merged ones), keeping any hearted meanwhile. */
export function forgetGuestFavourites(merged: readonly number[]): void {
  const gone = new Set(merged);
  const ids = readGuestFavourites();
  if (ids.some((id) => gone.has(id))) write(ids.filter((id) => !gone.has(id)));
}

export function subscribeGuestFavourites(onChange: () => void): () => void {
  window.addEventListener(FAVOURITES_UPDATED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(FAVOURITES_UPDATED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
