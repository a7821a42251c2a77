import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_SETTINGS,
  installmentsLine,
  interestFreeInstallments,
  pixDiscount,
  pixLine,
  pixPercentTenths,
  pixPercentText,
  pixPrice,
  validatePaymentSettingsForm,
} from './payment-terms';
import {
  PAYMENT_SETTINGS_FREE_INVALID,
  PAYMENT_SETTINGS_MAX_INVALID,
  PAYMENT_SETTINGS_MIN_INVALID,
  PAYMENT_SETTINGS_PIX_INVALID,
} from './messages';

const six = { interestFreeInstallments: 6, minInstallmentCents: 2000 };

describe('interest-free installments', () => {
  it('splits into as many as the settings allow when each is at least the smallest', () => {
    expect(interestFreeInstallments(12990, six)).toEqual({ count: 6, amountCents: 2165 });
    expect(installmentsLine(12990, six)).toBe('em até 6x de R$ 21,65 sem juros');
  });

  it('stops where an installment would be under the smallest (exact: 60,00 / 3 = 20,00 is allowed)', () => {
    expect(interestFreeInstallments(6000, six)).toEqual({ count: 3, amountCents: 2000 });
    expect(interestFreeInstallments(5999, six)).toEqual({ count: 2, amountCents: 3000 });
  });

  it('has no line when it would be 1x', () => {
    expect(interestFreeInstallments(3999, six)).toBeNull();
    expect(installmentsLine(3999, six)).toBeNull();
    expect(interestFreeInstallments(0, six)).toBeNull();
    expect(interestFreeInstallments(99999, { ...six, interestFreeInstallments: 1 })).toBeNull();
  });

  it('rounds each installment to the nearest centavo, half up', () => {
    // 100,00 / 6 = 16,666… -> 16,67; 100,01 / 2 = 50,005 -> 50,01; 100,00 / 3 = 33,33.
    const small = { interestFreeInstallments: 6, minInstallmentCents: 1000 };
    expect(interestFreeInstallments(10000, small)).toEqual({ count: 6, amountCents: 1667 });
    expect(interestFreeInstallments(10001, { ...small, interestFreeInstallments: 2 })).toEqual({
      count: 2,
      amountCents: 5001,
    });
    expect(interestFreeInstallments(10000, { ...small, interestFreeInstallments: 3 })).toEqual({
      count: 3,
      amountCents: 3333,
    });
  });

  it('goes up to 12 with a small enough minimum, and a minimum of zero limits nothing', () => {
    expect(
      interestFreeInstallments(120000, { interestFreeInstallments: 12, minInstallmentCents: 500 }),
    ).toEqual({ count: 12, amountCents: 10000 });
    expect(
      interestFreeInstallments(300, { interestFreeInstallments: 3, minInstallmentCents: 0 }),
    ).toEqual({ count: 3, amountCents: 100 });
  });
});

describe('the PIX price', () => {
  it('is floor(amount × (100 − discount) / 100)', () => {
    expect(pixPrice(12990, 50)).toBe(12340); // 123,405 -> 123,40
    expect(pixLine(12990, 50)).toBe('R$ 123,40 no PIX');
    expect(pixDiscount(12990, 50)).toBe(650);
  });

  it('takes half percents exactly, and 20 % at most', () => {
    expect(pixPrice(10000, 75)).toBe(9250);
    expect(pixPrice(10000, 200)).toBe(8000);
    expect(pixPrice(1, 50)).toBe(0);
  });

  it('has no line without a discount', () => {
    expect(pixLine(12990, 0)).toBeNull();
    expect(pixPrice(12990, 0)).toBe(12990);
    expect(pixDiscount(12990, 0)).toBe(0);
  });

  it("reads and writes the owners' percentage", () => {
    expect(pixPercentTenths('5')).toBe(50);
    expect(pixPercentTenths('5.0')).toBe(50);
    expect(pixPercentTenths('7,5')).toBe(75);
    expect(pixPercentTenths('0')).toBe(0);
    expect(pixPercentTenths('20')).toBe(200);
    for (const bad of ['20.5', '21', '5.3', '-1', 'abc', '', '5.55'])
      expect(pixPercentTenths(bad)).toBeNull();
    expect(pixPercentText(50)).toBe('5.0');
    expect(pixPercentText(75)).toBe('7.5');
  });

  it('starts at 6 interest-free installments of at least R$ 20,00 and 5 % off by PIX', () => {
    expect(DEFAULT_PAYMENT_SETTINGS).toEqual({
      maxInstallments: 6,
      interestFreeInstallments: 6,
      minInstallmentCents: 2000,
      pixDiscountTenths: 50,
    });
  });
});

describe("the owners' payment settings form", () => {
  const good = {
    parcelas_max: 10,
    parcelas_sem_juros: '3',
    parcela_minima: '25,50',
    desconto_pix_percentual: '7.5',
  };

  it('reads what the owners type into the settings', () => {
    expect(validatePaymentSettingsForm(good)).toEqual({
      ok: true,
      settings: {
        maxInstallments: 10,
        interestFreeInstallments: 3,
        minInstallmentCents: 2550,
        pixDiscountTenths: 75,
      },
    });
    expect(
      validatePaymentSettingsForm({ ...good, parcela_minima: '0', desconto_pix_percentual: 0 }),
    ).toMatchObject({ ok: true, settings: { minInstallmentCents: 0, pixDiscountTenths: 0 } });
  });

  it('says what is wrong with each field', () => {
    const bad = validatePaymentSettingsForm({
      parcelas_max: 13,
      parcelas_sem_juros: 0,
      parcela_minima: '-1',
      desconto_pix_percentual: '21',
    });
    expect(bad).toEqual({
      ok: false,
      errors: {
        parcelas_max: PAYMENT_SETTINGS_MAX_INVALID,
        parcelas_sem_juros: PAYMENT_SETTINGS_FREE_INVALID,
        parcela_minima: PAYMENT_SETTINGS_MIN_INVALID,
        desconto_pix_percentual: PAYMENT_SETTINGS_PIX_INVALID,
      },
    });
  });

  it('never more interest-free installments than installments', () => {
    expect(
      validatePaymentSettingsForm({ ...good, parcelas_max: 4, parcelas_sem_juros: 5 }),
    ).toEqual({
      ok: false,
      errors: { parcelas_sem_juros: PAYMENT_SETTINGS_FREE_INVALID },
    });
    for (const n of [1.5, '2.0', 'seis', null, undefined])
      expect(validatePaymentSettingsForm({ ...good, parcelas_max: n }).ok).toBe(false);
    for (const pix of ['5.3', null, '', true])
      expect(validatePaymentSettingsForm({ ...good, desconto_pix_percentual: pix }).ok).toBe(false);
  });
});
