import { DEFAULT_PAYMENT_SETTINGS, type PaymentSettings } from '@semijoias/domain/payment-terms';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { PaymentTerms, PaymentTermsLines } from './PaymentTerms';

// The seeded settings: 6x without interest of at least R$ 20,00, 5 % off by PIX.
const SEEDED: PaymentSettings = DEFAULT_PAYMENT_SETTINGS;

function lines(amountCents: number | null, settings: PaymentSettings = SEEDED) {
  const { container } = render(<PaymentTermsLines amountCents={amountCents} settings={settings} />);
  const view = within(container as HTMLElement);
  return {
    installments: view.queryByTestId('payment-terms-parcelas')?.textContent ?? null,
    pix: view.queryByTestId('payment-terms-pix')?.textContent ?? null,
    block: view.queryByTestId('payment-terms'),
  };
}

describe('the lines under a price', () => {
  it("read R$ 129,90 as 'em até 6x de R$ 21,65 sem juros' and 'R$ 123,40 no PIX'", () => {
    expect(lines(12990)).toMatchObject({
      installments: 'em até 6x de R$ 21,65 sem juros',
      pix: 'R$ 123,40 no PIX',
    });
  });

  it('split an amount only into installments of at least the smallest one', () => {
    // R$ 100,00: 5 of R$ 20,00, not 6 of R$ 16,67.
    expect(lines(10000).installments).toBe('em até 5x de R$ 20,00 sem juros');
  });

  it('show no installments line when the amount would be paid at once', () => {
    // R$ 39,99 cannot be 2 installments of R$ 20,00: only the PIX line.
    expect(lines(3999)).toMatchObject({ installments: null, pix: 'R$ 37,99 no PIX' });
    // R$ 40,00 can.
    expect(lines(4000).installments).toBe('em até 2x de R$ 20,00 sem juros');
  });

  it('show no installments line when the owners allow a single interest-free installment', () => {
    expect(
      lines(50000, { ...SEEDED, maxInstallments: 12, interestFreeInstallments: 1 }),
    ).toMatchObject({ installments: null, pix: 'R$ 475,00 no PIX' });
  });

  it('show no PIX line without a PIX discount', () => {
    expect(lines(12990, { ...SEEDED, pixDiscountTenths: 0 })).toMatchObject({
      installments: 'em até 6x de R$ 21,65 sem juros',
      pix: null,
    });
  });

  it('show nothing at all when neither applies, or without a price', () => {
    expect(lines(1990, { ...SEEDED, pixDiscountTenths: 0 }).block).toBeNull();
    expect(lines(null).block).toBeNull();
  });

  it('follow the owners: 10x of at least R$ 50,00, 7,5 % off by PIX', () => {
    const settings = {
      maxInstallments: 12,
      interestFreeInstallments: 10,
      minInstallmentCents: 5000,
      pixDiscountTenths: 75,
    };
    expect(lines(123456, settings)).toMatchObject({
      installments: 'em até 10x de R$ 123,46 sem juros',
      pix: 'R$ 1.141,96 no PIX',
    });
  });

  it('keep an amount, “sem juros” and “no PIX” whole on a narrow card, the text unchanged', () => {
    lines(123456);
    const kept = [...screen.getByTestId('payment-terms').querySelectorAll('.whitespace-nowrap')];
    expect(kept.map((piece) => piece.textContent)).toEqual([
      'R$ 205,76',
      'sem juros',
      'R$ 1.172,83',
      'no PIX',
    ]);
    expect(screen.getByTestId('payment-terms').textContent).toBe(
      'em até 6x de R$ 205,76 sem jurosR$ 1.172,83 no PIX',
    );
  });
});

describe('the lines with the store’s settings', () => {
  let api: FakeApi;

  beforeEach(() => {
    api = installFakeApi();
  });

  afterEach(() => {
    expect(api.unhandled).toEqual([]);
  });

  it('come from GET /api/loja/ (the seeded ones until it answers)', async () => {
    api.on('GET /api/loja/', {
      body: {
        prazo_pagamento_minutos: 1440,
        pagamentos: {
          parcelas_max: 6,
          parcelas_sem_juros: 3,
          parcela_minima: '20.00',
          desconto_pix_percentual: '0.0',
        },
      },
    });
    render(<PaymentTerms amountCents={12990} testId="card-terms" />, { wrapper: providers() });
    expect(screen.getByTestId('card-terms-parcelas').textContent).toBe(
      'em até 6x de R$ 21,65 sem juros',
    );
    expect(screen.getByTestId('card-terms-pix').textContent).toBe('R$ 123,40 no PIX');
    await waitFor(() =>
      expect(screen.getByTestId('card-terms-parcelas').textContent).toBe(
        'em até 3x de R$ 43,30 sem juros',
      ),
    );
    expect(screen.queryByTestId('card-terms-pix')).toBeNull();
  });
});
