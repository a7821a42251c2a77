import { DEFAULT_PAYMENT_SETTINGS } from '@semijoias/domain/payment-terms';
import { focusManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { providers, testQueryClient } from '@test/providers';
import {
  DEFAULT_STORE_SETTINGS,
  fetchStoreSettings,
  parsePaymentSettings,
  parseStoreSettings,
  storeSettingsQueryKey,
  usePaymentSettings,
} from './store-settings';

/** GET /api/loja/ as the API answers it with the seeded settings. */
const SEEDED_ANSWER = {
  prazo_pagamento_minutos: 1440,
  pagamentos: {
    parcelas_max: 6,
    parcelas_sem_juros: 6,
    parcela_minima: '20.00',
    desconto_pix_percentual: '5.0',
  },
  whatsapp: '11974523180',
  marca: 'Ateliê Duas Irmãs',
};

describe("GET /api/loja/'s payment settings", () => {
  it('read as integer centavos and tenths of a percent', () => {
    expect(parseStoreSettings(SEEDED_ANSWER)).toEqual({
      unpaidOrderTtlMinutes: 1440,
      payments: {
        maxInstallments: 6,
        interestFreeInstallments: 6,
        minInstallmentCents: 2000,
        pixDiscountTenths: 50,
      },
      whatsapp: '11974523180',
      brand: 'Ateliê Duas Irmãs',
    });
    // An older server (no marca) or an empty one: the store's name.
    expect(parseStoreSettings({ ...SEEDED_ANSWER, marca: undefined }).brand).toBe(
      'Duas Irmãs Semijoias',
    );
    expect(parseStoreSettings({ ...SEEDED_ANSWER, marca: ' ' }).brand).toBe('Duas Irmãs Semijoias');
    expect(
      parsePaymentSettings({
        parcelas_max: 12,
        parcelas_sem_juros: 10,
        parcela_minima: '35.50',
        desconto_pix_percentual: '7.5',
      }),
    ).toEqual({
      maxInstallments: 12,
      interestFreeInstallments: 10,
      minInstallmentCents: 3550,
      pixDiscountTenths: 75,
    });
  });

  it('keep their edges: no PIX discount, no smallest installment, a single installment', () => {
    expect(
      parsePaymentSettings({
        parcelas_max: 1,
        parcelas_sem_juros: 1,
        parcela_minima: '0.00',
        desconto_pix_percentual: '0.0',
      }),
    ).toEqual({
      maxInstallments: 1,
      interestFreeInstallments: 1,
      minInstallmentCents: 0,
      pixDiscountTenths: 0,
    });
  });

  it.each([
    ['absent (an older server)', undefined],
    ['null', null],
    ['not an object', 'seis vezes'],
    [
      'more interest-free installments than the most',
      { ...SEEDED_ANSWER.pagamentos, parcelas_sem_juros: 8 },
    ],
    ['13 installments', { ...SEEDED_ANSWER.pagamentos, parcelas_max: 13 }],
    ['a fraction of an installment', { ...SEEDED_ANSWER.pagamentos, parcelas_sem_juros: 2.5 }],
    [
      'a smallest installment that is not money',
      { ...SEEDED_ANSWER.pagamentos, parcela_minima: 'vinte' },
    ],
    ['a negative smallest installment', { ...SEEDED_ANSWER.pagamentos, parcela_minima: '-1.00' }],
    [
      'a PIX discount off the half percents',
      { ...SEEDED_ANSWER.pagamentos, desconto_pix_percentual: '5.3' },
    ],
    ['a PIX discount over 20 %', { ...SEEDED_ANSWER.pagamentos, desconto_pix_percentual: '25.0' }],
    ['a field missing', { parcelas_max: 6, parcelas_sem_juros: 6, parcela_minima: '20.00' }],
  ])('keep the defaults when %s', (_, pagamentos) => {
    expect(parseStoreSettings({ prazo_pagamento_minutos: 90, pagamentos })).toEqual({
      unpaidOrderTtlMinutes: 90,
      payments: DEFAULT_PAYMENT_SETTINGS,
      whatsapp: null,
      brand: 'Duas Irmãs Semijoias',
    });
  });

  it('keep the deadline and the payment settings apart: one bad, the other read', () => {
    const pagamentos = { ...SEEDED_ANSWER.pagamentos, desconto_pix_percentual: '0.0' };
    expect(parseStoreSettings({ prazo_pagamento_minutos: -5, pagamentos })).toEqual({
      unpaidOrderTtlMinutes: DEFAULT_STORE_SETTINGS.unpaidOrderTtlMinutes,
      payments: { ...DEFAULT_PAYMENT_SETTINGS, pixDiscountTenths: 0 },
      whatsapp: null,
      brand: 'Duas Irmãs Semijoias',
    });
    expect(parseStoreSettings(null)).toEqual(DEFAULT_STORE_SETTINGS);
  });
});

describe("GET /api/loja/'s WhatsApp (issue 37)", () => {
  it.each([
    ['a mobile', '11974523180', '11974523180'],
    ['a landline', '1132345678', '1132345678'],
    ['none', null, null],
    ['absent (an older server)', undefined, null],
    ['not digits', '(11) 97452-3180', null],
    ['with the country code', '5511974523180', null],
    ['a number', 11974523180, null],
  ])('%s: %s is read as %s', (_, whatsapp, expected) => {
    expect(parseStoreSettings({ ...SEEDED_ANSWER, whatsapp }).whatsapp).toBe(expected);
  });
});

describe('the store settings query', () => {
  let api: FakeApi;

  beforeEach(() => {
    api = installFakeApi();
  });

  afterEach(() => {
    expect(api.unhandled).toEqual([]);
    act(() => focusManager.setFocused(undefined));
  });

  it('asks GET /api/loja/ without a bearer', async () => {
    api.on('GET /api/loja/', { body: SEEDED_ANSWER });
    await expect(fetchStoreSettings({})).resolves.toEqual(parseStoreSettings(SEEDED_ANSWER));
    expect(api.callsTo('GET /api/loja/')[0]?.headers.Authorization).toBeUndefined();
  });

  it('shows the defaults until the answer comes, then the owners’ settings', async () => {
    api.on('GET /api/loja/', {
      body: {
        ...SEEDED_ANSWER,
        pagamentos: { ...SEEDED_ANSWER.pagamentos, parcelas_sem_juros: 3 },
      },
    });
    const { result } = renderHook(() => usePaymentSettings(), { wrapper: providers() });
    expect(result.current).toEqual(DEFAULT_PAYMENT_SETTINGS);
    await waitFor(() => expect(result.current.interestFreeInstallments).toBe(3));
  });

  it('keeps the defaults when the server does not answer', async () => {
    api.on('GET /api/loja/', { status: 503, body: { error: 'Fora do ar.' } });
    const { result } = renderHook(() => usePaymentSettings(), { wrapper: providers() });
    await waitFor(() => expect(api.callsTo('GET /api/loja/')).toHaveLength(1));
    expect(result.current).toEqual(DEFAULT_PAYMENT_SETTINGS);
  });

  it('asks again when the window regains focus, even just after an answer (a change shows at once)', async () => {
    const client = testQueryClient();
    // As a server-rendered page hydrates it: the answer it was rendered with, just now.
    client.setQueryData(storeSettingsQueryKey, parseStoreSettings(SEEDED_ANSWER));
    api.on('GET /api/loja/', {
      body: {
        ...SEEDED_ANSWER,
        pagamentos: { ...SEEDED_ANSWER.pagamentos, desconto_pix_percentual: '10.0' },
      },
    });
    const { result } = renderHook(() => usePaymentSettings(), { wrapper: providers(client) });
    // Fresh: mounting does not ask again.
    expect(result.current.pixDiscountTenths).toBe(50);
    expect(api.callsTo('GET /api/loja/')).toHaveLength(0);

    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(result.current.pixDiscountTenths).toBe(100));
    expect(api.callsTo('GET /api/loja/')).toHaveLength(1);
  });

  it('asks again when a price mounts once the last answer is a few seconds old', async () => {
    const client = testQueryClient();
    client.setQueryData(storeSettingsQueryKey, parseStoreSettings(SEEDED_ANSWER), {
      updatedAt: Date.now() - 60_000,
    });
    api.on('GET /api/loja/', {
      body: {
        ...SEEDED_ANSWER,
        pagamentos: { ...SEEDED_ANSWER.pagamentos, parcela_minima: '50.00' },
      },
    });
    const { result } = renderHook(() => usePaymentSettings(), { wrapper: providers(client) });
    await waitFor(() => expect(result.current.minInstallmentCents).toBe(5000));
  });
});
