import { describe, expect, it } from 'vitest';
import {
  formatReviewAverage,
  REVIEW_PHOTOS_TOO_MANY,
  REVIEW_STARS_REQUIRED,
  REVIEW_TEXT_TOO_LONG,
  REVIEW_TITLE_TOO_LONG,
  reviewAuthor,
  reviewAverage,
  reviewCity,
  reviewCountText,
  starsLabel,
  validateReview,
} from './reviews';

describe('validateReview', () => {
  it('takes stars 1-5, trims the texts and keeps their paragraphs', () => {
    expect(
      validateReview({
        estrelas: 5,
        titulo: '  Linda  demais ',
        texto: ' Amei.\r\n\r\n\r\nUso todo dia ',
        fotos: [3, 3, 4],
      }),
    ).toEqual({
      ok: true,
      review: {
        estrelas: 5,
        titulo: 'Linda demais',
        texto: 'Amei.\n\nUso todo dia',
        fotos: [3, 4],
      },
    });
    expect(validateReview({ estrelas: '4', titulo: '   ' })).toEqual({
      ok: true,
      review: { estrelas: 4, titulo: null, texto: null, fotos: [] },
    });
  });

  it('refuses each field with its own message', () => {
    for (const estrelas of [0, 6, 4.5, null, undefined, 'cinco']) {
      expect(validateReview({ estrelas })).toEqual({
        ok: false,
        errors: { estrelas: REVIEW_STARS_REQUIRED },
      });
    }
    expect(
      validateReview({
        estrelas: 3,
        titulo: 'a'.repeat(81),
        texto: 'b'.repeat(2001),
        fotos: [1, 2, 3, 4],
      }),
    ).toEqual({
      ok: false,
      errors: {
        titulo: REVIEW_TITLE_TOO_LONG,
        texto: REVIEW_TEXT_TOO_LONG,
        fotos: REVIEW_PHOTOS_TOO_MANY,
      },
    });
    // 80 characters counted as she sees them (an emoji is one).
    expect(validateReview({ estrelas: 3, titulo: '💍'.repeat(80) }).ok).toBe(true);
  });
});

describe('how a review is signed and summed up', () => {
  it('signs with her first name and city, never more', () => {
    expect(reviewAuthor('  MARIA  da Silva ')).toBe('Maria');
    expect(reviewAuthor('')).toBe('Cliente');
    expect(reviewAuthor(null)).toBe('Cliente');
    expect(reviewCity('Campinas', 'sp')).toBe('Campinas/SP');
    expect(reviewCity(' ', 'SP')).toBeNull();
  });

  it('averages to one decimal, in Portuguese', () => {
    expect(reviewAverage(14, 3)).toBe(4.7);
    expect(reviewAverage(0, 0)).toBeNull();
    expect(formatReviewAverage(4.7)).toBe('4,7');
    expect(formatReviewAverage(5)).toBe('5,0');
    expect(reviewCountText(1)).toBe('1 avaliação');
    expect(reviewCountText(12)).toBe('12 avaliações');
    expect(starsLabel(4.5)).toBe('Nota 4,5 de 5');
  });
});
