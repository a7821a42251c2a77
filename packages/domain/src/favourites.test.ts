import { describe, expect, it } from 'vitest';
import {
  addGuestFavourite,
  cleanFavouriteIds,
  favouritesHeaderLabel,
  GUEST_FAVOURITES_MAX,
} from './favourites';

describe('favourites', () => {
  it('puts the newest first, each piece once', () => {
    expect(addGuestFavourite([], 3)).toEqual([3]);
    expect(addGuestFavourite([3, 9], 9)).toEqual([9, 3]);
    const full = Array.from({ length: GUEST_FAVOURITES_MAX }, (_, i) => i + 1);
    expect(addGuestFavourite(full, 999)).toEqual([999, ...full.slice(0, -1)]);
  });

  it('keeps only positive whole ids from storage', () => {
    expect(cleanFavouriteIds('3')).toEqual([]);
    expect(cleanFavouriteIds([3, 3, '4', 0, -2, 2.5, 2_147_483_648, 8])).toEqual([3, 8]);
  });

  it("reads the header's count", () => {
    expect(favouritesHeaderLabel(0)).toBe('Favoritos: nenhuma peça');
    expect(favouritesHeaderLabel(1)).toBe('Favoritos: 1 peça');
    expect(favouritesHeaderLabel(4)).toBe('Favoritos: 4 peças');
  });
});
