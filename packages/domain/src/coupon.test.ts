import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  COUPON_CODE_MAX_LENGTH,
  couponDiscount,
  isCouponCodeTooLong,
  normalizeCouponCode,
  WELCOME_COUPON,
  WELCOME_COUPON_CODE,
  WELCOME_COUPON_PERCENT,
} from './coupon';

describe('welcome coupon', () => {
  it('BOASVINDAS gives 10%', () => {
    expect(WELCOME_COUPON_CODE).toBe('BOASVINDAS');
    expect(WELCOME_COUPON_PERCENT).toBe(10);
    expect(couponDiscount(WELCOME_COUPON, 25990)).toBe(2599);
  });
});

describe('normalizeCouponCode', () => {
  it.each([
    [' boasvindas ', 'BOASVINDAS'],
    ['BoasVindas', 'BOASVINDAS'],
    ['', ''],
    [null, ''],
    // NFKC: full-width letters, a ligature and a non-breaking space read as the plain text.
    ['ＢＯＡＳＶＩＮＤＡＳ', 'BOASVINDAS'],
    ['\uFB01m10', 'FIM10'],
    ['\u00A0boasvindas\u3000', 'BOASVINDAS'],
  ])('%j -> %j', (code, out) => {
    expect(normalizeCouponCode(code)).toBe(out);
  });

  it('keeps a 40-character code whole and a longer one longer than any coupon', () => {
    const forty = 'A'.repeat(COUPON_CODE_MAX_LENGTH);
    expect(COUPON_CODE_MAX_LENGTH).toBe(40);
    expect(normalizeCouponCode(forty.toLowerCase())).toBe(forty);
    expect(isCouponCodeTooLong(normalizeCouponCode(forty))).toBe(false);
    // A valid code followed by more letters never reads as that code.
    const longer = normalizeCouponCode(`${forty}b`);
    expect(longer).toBe(`${forty}B`);
    expect(isCouponCodeTooLong(longer)).toBe(true);
    // A huge paste is cut before it is normalised: at most 41 characters come out.
    const huge = normalizeCouponCode('ｘ'.repeat(1_000_000));
    expect(huge).toBe('X'.repeat(COUPON_CODE_MAX_LENGTH + 1));
    expect(normalizeCouponCode(' '.repeat(1_000_000))).toBe('');
  });
});

describe('couponDiscount (whole centavos, half up, within [0, subtotal])', () => {
  it.each<[Parameters<typeof couponDiscount>[0], number, number]>([
    [{ kind: 'percent', percent: 10 }, 12345, 1235],
    [{ kind: 'percent', percent: 10 }, 12344, 1234],
    [{ kind: 'percent', percent: 10 }, 5, 1],
    [{ kind: 'percent', percent: 10 }, 4, 0],
    [{ kind: 'percent', percent: 12.5 }, 10000, 1250],
    [{ kind: 'percent', percent: 15 }, 1, 0],
    [{ kind: 'percent', percent: 100 }, 12990, 12990],
    [{ kind: 'percent', percent: 150 }, 12990, 12990],
    [{ kind: 'percent', percent: -10 }, 12990, 0],
    [{ kind: 'fixed', amountCents: 2000 }, 12990, 2000],
    [{ kind: 'fixed', amountCents: 20000 }, 12990, 12990],
    [{ kind: 'fixed', amountCents: -500 }, 12990, 0],
    [{ kind: 'fixed', amountCents: 2000 }, 0, 0],
  ])('%j on %i -> %i', (coupon, subtotal, discount) => {
    expect(couponDiscount(coupon, subtotal)).toBe(discount);
  });

  it('is always an integer', () => {
    for (let subtotal = 0; subtotal < 1000; subtotal += 7) {
      expect(Number.isInteger(couponDiscount({ kind: 'percent', percent: 7.5 }, subtotal))).toBe(
        true,
      );
    }
  });
});

describe('computeTotals', () => {
  it.each([
    [
      { subtotal: 25990, desconto: 2599, frete: 1290 },
      {
        subtotal: 25990,
        subtotalComDesconto: 23391,
        frete: 1290,
        desconto: 2599,
        descontoPix: 0,
        total: 24681,
      },
    ],
    [
      { subtotal: 60000, desconto: 0, frete: 0 },
      {
        subtotal: 60000,
        subtotalComDesconto: 60000,
        frete: 0,
        desconto: 0,
        descontoPix: 0,
        total: 60000,
      },
    ],
    [
      { subtotal: 10000 },
      {
        subtotal: 10000,
        subtotalComDesconto: 10000,
        frete: 0,
        desconto: 0,
        descontoPix: 0,
        total: 10000,
      },
    ],
    [
      { subtotal: 1000, desconto: 5000, frete: 1590 },
      {
        subtotal: 1000,
        subtotalComDesconto: 0,
        frete: 1590,
        desconto: 1000,
        descontoPix: 0,
        total: 1590,
      },
    ],
    [
      { subtotal: 1000, desconto: -100, frete: 1590 },
      {
        subtotal: 1000,
        subtotalComDesconto: 1000,
        frete: 1590,
        desconto: 0,
        descontoPix: 0,
        total: 2590,
      },
    ],
  ])('%j', (input, totals) => {
    expect(computeTotals(input)).toEqual(totals);
  });
});
