import { GUEST_FAVOURITES_MAX } from '@semijoias/domain/favourites';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAVOURITES_UPDATED_EVENT,
  forgetGuestFavourites,
  GUEST_FAVOURITES_KEY,
  readGuestFavourites,
  removeGuestFavourite,
  subscribeGuestFavourites,
  toggleGuestFavourite,
} from './guest-favourites';

beforeEach(() => window.localStorage.clear());

describe("a guest's favourites on her device", () => {
  it('starts empty and keeps the hearted pieces newest first', () => {
    expect(readGuestFavourites()).toEqual([]);
    expect(toggleGuestFavourite(3)).toBe(true);
    expect(toggleGuestFavourite(9)).toBe(true);
    expect(readGuestFavourites()).toEqual([9, 3]);
    expect(JSON.parse(window.localStorage.getItem(GUEST_FAVOURITES_KEY)!)).toEqual([9, 3]);
  });

  it('un-hearts a piece on the second tap, and forgets the key when none is left', () => {
    toggleGuestFavourite(3);
    expect(toggleGuestFavourite(3)).toBe(false);
    expect(readGuestFavourites()).toEqual([]);
    expect(window.localStorage.getItem(GUEST_FAVOURITES_KEY)).toBeNull();
  });

  it('answers the same array while nothing changed (useSyncExternalStore needs it)', () => {
    toggleGuestFavourite(4);
    expect(readGuestFavourites()).toBe(readGuestFavourites());
  });

  it('reads what another version or a hand wrote without failing', () => {
    for (const raw of ['{', '"3"', '{"id":3}', 'null']) {
      window.localStorage.setItem(GUEST_FAVOURITES_KEY, raw);
      expect(readGuestFavourites(), raw).toEqual([]);
    }
    window.localStorage.setItem(GUEST_FAVOURITES_KEY, '[5, "6", 5, -1, 1.5, null, 7]');
    expect(readGuestFavourites()).toEqual([5, 7]);
  });

  it(`keeps at most ${GUEST_FAVOURITES_MAX}, the oldest going first`, () => {
    for (let id = 1; id <= GUEST_FAVOURITES_MAX + 2; id++) toggleGuestFavourite(id);
    const ids = readGuestFavourites();
    expect(ids).toHaveLength(GUEST_FAVOURITES_MAX);
    expect(ids[0]).toBe(GUEST_FAVOURITES_MAX + 2);
    expect(ids).not.toContain(1);
    expect(ids).not.toContain(2);
  });

  it('tells this window of each change', () => {
    const listener = vi.fn();
    const stop = subscribeGuestFavourites(listener);
    toggleGuestFavourite(3);
    removeGuestFavourite(3);
    removeGuestFavourite(3); // nothing there: no change, no event
    stop();
    toggleGuestFavourite(4);
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event(FAVOURITES_UPDATED_EVENT));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('forgets only the merged pieces, keeping one hearted meanwhile', () => {
    toggleGuestFavourite(3);
    toggleGuestFavourite(5);
    toggleGuestFavourite(8);
    forgetGuestFavourites([3, 5]);
    expect(readGuestFavourites()).toEqual([8]);
  });
});
