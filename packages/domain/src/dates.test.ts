import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from './calendar';
import {
  formatDataPedido,
  formatDate,
  formatDateTime,
  formatOrderDeadline,
  parseDataPedido,
} from './dates';

describe('formatDateTime (pt-BR, America/Sao_Paulo)', () => {
  it.each<[Parameters<typeof formatDateTime>[0], string]>([
    ['2024-03-15T17:30:00Z', '15/03/2024, 14:30'],
    ['2024-03-15T17:30:00-03:00', '15/03/2024, 17:30'],
    // 01:30 UTC is still the previous evening in São Paulo.
    ['2024-03-16T01:30:00Z', '15/03/2024, 22:30'],
    ['2024-01-01T03:00:00Z', '01/01/2024, 00:00'],
    [new Date('2024-12-31T23:59:00-03:00'), '31/12/2024, 23:59'],
    [Date.UTC(2024, 2, 15, 17, 30), '15/03/2024, 14:30'],
    ['15/03/2024 às 14:30', '15/03/2024, 14:30'],
  ])('%j -> %s', (input, text) => {
    expect(formatDateTime(input)).toBe(text);
  });

  it.each([null, undefined, '', '  '])('%j -> Data não disponível', (input) => {
    expect(formatDateTime(input)).toBe('Data não disponível');
  });

  it.each(['ontem', '2024-13-45', '31/02/2024 às 10:00', Number.NaN])(
    '%j -> Data inválida',
    (input) => {
      expect(formatDateTime(input)).toBe('Data inválida');
    },
  );

  it('formatDate keeps the day only', () => {
    expect(formatDate('2024-03-16T01:30:00Z')).toBe('15/03/2024');
    expect(formatDate(null)).toBe('Data não disponível');
    expect(formatDate('x')).toBe('Data inválida');
  });
});

describe("data_pedido: 'dd/mm/yyyy às hh:mm'", () => {
  it('formats an instant in São Paulo time', () => {
    expect(formatDataPedido(new Date('2024-03-15T17:05:00Z'))).toBe('15/03/2024 às 14:05');
    expect(formatDataPedido(new Date('2024-03-16T02:00:00Z'))).toBe('15/03/2024 às 23:00');
  });

  it('parses the text back', () => {
    expect(parseDataPedido('15/03/2024 às 14:05')).toEqual({
      year: 2024,
      month: 3,
      day: 15,
      hour: 14,
      minute: 5,
      second: 0,
    });
  });

  it.each([
    '15/03/2024 14:05',
    '15/03/2024 às 24:00',
    '15/03/2024 às 10:60',
    '30/02/2024 às 10:00',
    '',
    null,
  ])('rejects %j', (text) => {
    expect(parseDataPedido(text)).toBeNull();
  });
});

describe('todayInSaoPaulo', () => {
  it.each([
    ['2024-03-15T12:00:00Z', { year: 2024, month: 3, day: 15 }],
    ['2024-03-16T02:59:00Z', { year: 2024, month: 3, day: 15 }],
    ['2024-03-16T03:00:00Z', { year: 2024, month: 3, day: 16 }],
    ['2025-01-01T02:00:00Z', { year: 2024, month: 12, day: 31 }],
  ])('%s -> %j', (instant, day) => {
    expect(todayInSaoPaulo(new Date(instant))).toEqual(day);
  });
});

describe("an unpaid order's deadline: 'até dd/mm às hh:mm'", () => {
  it('is São Paulo time, across midnight and the year', () => {
    expect(formatOrderDeadline('2026-11-24T17:30:00.000Z')).toBe('até 24/11 às 14:30');
    expect(formatOrderDeadline(new Date('2027-01-01T02:05:00Z'))).toBe('até 31/12 às 23:05');
  });
  it('is empty when there is no readable instant', () => {
    expect(formatOrderDeadline(null)).toBe('');
    expect(formatOrderDeadline('amanhã')).toBe('');
  });
});
