import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_PACKAGE, pieceParcel } from './shipping-settings';

describe('pieceParcel', () => {
  const ring = { categorySlug: 'aneis' as const, weightGrams: 12 };
  const ringBox = { widthCm: 8, heightCm: 4, lengthCm: 8, weightGrams: 30 };

  it("uses the piece's own measures where set, its category's box for the rest", () => {
    expect(
      pieceParcel({ ...ring, widthCm: 6, heightCm: null, lengthCm: null }, { aneis: ringBox }),
    ).toEqual({ widthCm: 6, heightCm: 4, lengthCm: 8, weightGrams: 12 });
  });

  it("falls back to SPEC §9's box when the category has none, keeping the piece's weight", () => {
    expect(
      pieceParcel({ ...ring, widthCm: null, heightCm: null, lengthCm: null }, { colares: ringBox }),
    ).toEqual({ ...DEFAULT_CATEGORY_PACKAGE, weightGrams: 12 });
    expect(DEFAULT_CATEGORY_PACKAGE).toMatchObject({ widthCm: 15, heightCm: 5, lengthCm: 20 });
  });
});
