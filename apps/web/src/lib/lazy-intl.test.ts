import { formatBRL } from '@semijoias/domain/money';
import { describe, expect, it } from 'vitest';
import { brlWithoutIntl, lazyIntl } from './lazy-intl';

const BRL = [
  'pt-BR',
  { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 },
];
const intl = new Intl.NumberFormat(...(BRL as [string, Intl.NumberFormatOptions]));

describe('prices written without Intl', () => {
  it('are what Intl writes, for every whole number of centavos tried', () => {
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 123456, 1000000];
    for (let c = -250_000; c <= 250_000; c += 7) amounts.push(c);
    for (let i = 0; i < 2000; i++) amounts.push(Math.round((Math.random() - 0.5) * 2e12));
    for (const cents of amounts) {
      const value = cents / 100 || 0;
      expect(brlWithoutIntl(value), String(cents)).toBe(intl.format(value));
    }
  });

  it('leave to Intl what is not whole centavos', () => {
    for (const value of [0.125, 1 / 3, Infinity, -Infinity, NaN, -0]) {
      expect(brlWithoutIntl(value)).toBeNull();
      expect(lazyIntl('NumberFormat', BRL).format(value)).toBe(intl.format(value));
    }
  });

  it('keep the domain formatBRL as it reads (a plain space after R$)', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(-5)).toBe('-R$ 0,05');
  });
});

describe('formatters made on first use', () => {
  it('answer as the real ones', () => {
    const day = lazyIntl('DateTimeFormat', [
      'en-US',
      { timeZone: 'America/Sao_Paulo', day: 'numeric' },
    ]);
    const instant = new Date('2026-01-02T01:00:00Z');
    expect(day.formatToParts(instant)).toEqual(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Sao_Paulo',
        day: 'numeric',
      }).formatToParts(instant),
    );
    const order = lazyIntl('Collator', ['en', { numeric: true }]);
    expect(['10', '9', '100'].sort(order.compare)).toEqual(['9', '10', '100']);
  });
});
