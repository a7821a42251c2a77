import { describe, expect, it } from 'vitest';
import {
  canRetryPayment,
  isUnpaidStatus,
  ORDER_STATUS_CODES,
  groupOrderLines,
  ORDER_AUTO_CANCEL_HOURS,
  orderStatusPresentation,
  orderSummary,
  orderTotalCents,
  sortOrdersNewestFirst,
  STOCK_HOLDING_ORDER_STATUSES,
  UNPAID_ORDER_NOTE,
  unpaidOrderNote,
  unpaidRecheckDelayMs,
  type OrderLine,
} from './orders';

describe('orderStatusPresentation (SPEC §4 table)', () => {
  it.each([
    ['Pedido Pago', 'Pago', 'green', false],
    ['Aguardando Pagamento', 'Aguardando Pagamento', 'orange', true],
    ['Em andamento', 'Em Andamento', 'blue', false],
    ['Erro no Pagamento', 'Erro no Pagamento', 'red', true],
    ['PAID', 'Pago', 'green', false],
    ['DECLINED', 'Pagamento Recusado', 'red', true],
    ['Enviado', 'Enviado', 'grey', false],
    ['Cancelado', 'Cancelado', 'grey', false],
    ['pedido pago', 'pedido pago', 'grey', false],
    ['', '', 'grey', false],
  ])('%j -> %j %s (retry: %s)', (status, label, colour, retry) => {
    expect(orderStatusPresentation(status)).toMatchObject({
      label,
      colour,
      canRetryPayment: retry,
    });
    expect(canRetryPayment(status)).toBe(retry);
  });

  it.each([
    ['Cancelado', 'cancelled'],
    ['Pagamento a estornar', 'refund-due'],
    ['Enviado', 'shipped'],
    ['Entregue', 'delivered'],
    ['Devolvido', 'other'],
  ])('%j is its own kind (%s), grey and never payable', (status, kind) => {
    expect(orderStatusPresentation(status)).toMatchObject({
      kind,
      colour: 'grey',
      canRetryPayment: false,
    });
  });

  it('null status shows empty grey', () => {
    expect(orderStatusPresentation(null)).toMatchObject({ label: '', colour: 'grey' });
  });

  it('unpaid orders are cancelled after 24 hours', () => {
    expect(ORDER_AUTO_CANCEL_HOURS).toBe(24);
  });
});

describe('unpaidOrderNote (SPEC §1, following UNPAID_ORDER_TTL_MINUTES)', () => {
  it('the default 1440 minutes is SPEC §1 word for word', () => {
    expect(UNPAID_ORDER_NOTE).toBe(
      'Pedidos não pagos são cancelados automaticamente após 24 horas.',
    );
    expect(unpaidOrderNote(1440)).toBe(UNPAID_ORDER_NOTE);
  });

  it.each([
    [60, 'após 1 hora.'],
    [120, 'após 2 horas.'],
    [2880, 'após 48 horas.'],
    [1, 'após 1 minuto.'],
    [5, 'após 5 minutos.'],
    [90, 'após 90 minutos.'],
    [1441, 'após 1441 minutos.'],
  ])('%i minutes -> %j', (minutes, ending) => {
    const note = unpaidOrderNote(minutes);
    expect(note.startsWith('Pedidos não pagos são cancelados automaticamente ')).toBe(true);
    expect(note.endsWith(ending)).toBe(true);
  });

  it('a value that is no positive whole number of minutes falls back to the 24 hours', () => {
    for (const bad of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(unpaidOrderNote(bad)).toBe(UNPAID_ORDER_NOTE);
    }
  });
});

const line = (
  reference: string,
  status: string,
  quantidade: number,
  price: string,
  extra: Partial<OrderLine> = {},
): OrderLine => ({
  reference,
  status,
  quantidade,
  produto: { id: `${reference}-${price}`, name: 'Anel', price },
  ...extra,
});

describe('grouping and totals', () => {
  const lines = [
    line('101', 'Pedido Pago', 2, '129.90', { data_pedido: '15/03/2024 às 14:30' }),
    line('102', 'Aguardando Pagamento', 1, '59.90'),
    line('101', 'Pedido Pago', 1, '10.00'),
    line('103', 'PAID', 3, '0.10'),
  ];

  it('groups lines by reference, first-seen order, first line carries the order data', () => {
    const orders = groupOrderLines(lines);
    expect(orders.map((o) => [o.reference, o.lines.length, o.totalCents])).toEqual([
      ['101', 2, 26980],
      ['102', 1, 5990],
      ['103', 1, 30],
    ]);
    expect(orders[0]?.data_pedido).toBe('15/03/2024 às 14:30');
    expect(orders[1]?.data_pedido).toBeNull();
  });

  it('order total = sum of quantity x price in centavos (no float drift)', () => {
    expect(orderTotalCents([line('1', 'x', 3, '0.10'), line('1', 'x', 1, '0.20')])).toBe(50);
    expect(orderTotalCents([])).toBe(0);
    expect(orderTotalCents([line('1', 'x', 2, 'abc')])).toBe(0);
  });

  it('summary counts orders, awaiting payment and paid', () => {
    expect(orderSummary(groupOrderLines(lines))).toEqual({ total: 3, awaitingPayment: 1, paid: 2 });
    expect(orderSummary([])).toEqual({ total: 0, awaitingPayment: 0, paid: 0 });
    // Prepared, posted or delivered, an order is still paid; one to refund or cancelled is not.
    const statuses = ['Em andamento', 'Enviado', 'Entregue', 'Pagamento a estornar', 'Cancelado'];
    expect(orderSummary(statuses.map((status) => ({ status })))).toEqual({
      total: 5,
      awaitingPayment: 0,
      paid: 3,
    });
  });
});

describe('sortOrdersNewestFirst', () => {
  it('newest first by data_pedido, across day, month and year', () => {
    const orders = [
      { reference: 'a', data_pedido: '15/03/2024 às 14:30' },
      { reference: 'b', data_pedido: '02/01/2025 às 08:00' },
      { reference: 'c', data_pedido: '16/03/2024 às 09:00' },
      { reference: 'd', data_pedido: '15/03/2024 às 14:31' },
    ];
    expect(sortOrdersNewestFirst(orders).map((o) => o.reference)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('falls back to created_at, compared on the same São Paulo clock', () => {
    const orders = [
      { reference: 'text', data_pedido: '15/03/2024 às 22:00' },
      // 01:30 UTC on the 16th is 22:30 on the 15th in São Paulo: newer than 22:00.
      { reference: 'iso', data_pedido: null, created_at: '2024-03-16T01:30:00Z' },
      { reference: 'older', data_pedido: 'garbage', created_at: '2024-03-15T10:00:00Z' },
      { reference: 'none' },
    ];
    expect(sortOrdersNewestFirst(orders).map((o) => o.reference)).toEqual([
      'iso',
      'text',
      'older',
      'none',
    ]);
  });

  it('ties go to the higher reference, numerically', () => {
    const same = '15/03/2024 às 14:30';
    const orders = [
      { reference: 9, data_pedido: same },
      { reference: 10, data_pedido: same },
      { reference: 'PED-2', data_pedido: same },
      { reference: 'PED-11', data_pedido: same },
    ];
    expect(sortOrdersNewestFirst(orders.slice(0, 2)).map((o) => o.reference)).toEqual([10, 9]);
    expect(sortOrdersNewestFirst(orders.slice(2)).map((o) => o.reference)).toEqual([
      'PED-11',
      'PED-2',
    ]);
  });

  it('does not modify its input', () => {
    const orders = [
      { reference: '1', data_pedido: '01/01/2024 às 10:00' },
      { reference: '2', data_pedido: '02/01/2024 às 10:00' },
    ];
    const copy = [...orders];
    sortOrdersNewestFirst(orders);
    expect(orders).toEqual(copy);
  });
});

describe('isUnpaidStatus: which orders may still be paid', () => {
  it('awaiting payment and a failed payment may; every other status may not', () => {
    expect(ORDER_STATUS_CODES.filter(isUnpaidStatus)).toEqual([
      'awaiting_payment',
      'payment_failed',
    ]);
    expect(isUnpaidStatus('Aguardando Pagamento')).toBe(false);
  });
});

describe('STOCK_HOLDING_ORDER_STATUSES: orders whose units are off the shelf', () => {
  it('every status but a cancellation and a refund to make', () => {
    expect(ORDER_STATUS_CODES.filter((c) => !STOCK_HOLDING_ORDER_STATUSES.includes(c))).toEqual([
      'cancelled',
      'refund_due',
    ]);
    for (const unpaid of ORDER_STATUS_CODES.filter(isUnpaidStatus))
      expect(STOCK_HOLDING_ORDER_STATUSES).toContain(unpaid);
  });
});

describe('unpaidRecheckDelayMs (when an unpaid order is asked about again)', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const inSeconds = (s: number) => new Date(now + s * 1000).toISOString();

  it('no order waiting for payment: no asking', () => {
    expect(unpaidRecheckDelayMs([], now)).toBe(false);
  });

  it('just after the nearest deadline, when it comes within the minute', () => {
    expect(unpaidRecheckDelayMs([inSeconds(20)], now)).toBe(23_000);
    expect(unpaidRecheckDelayMs([inSeconds(50), inSeconds(10)], now)).toBe(13_000);
  });

  it('a minute at most: far deadlines and unreadable ones', () => {
    expect(unpaidRecheckDelayMs([inSeconds(24 * 3600)], now)).toBe(60_000);
    expect(unpaidRecheckDelayMs([null, undefined, 'amanhã'], now)).toBe(60_000);
  });

  it('every 15 s once a deadline has passed (waiting for the sweeper)', () => {
    expect(unpaidRecheckDelayMs([inSeconds(0)], now)).toBe(15_000);
    expect(unpaidRecheckDelayMs([inSeconds(3600), inSeconds(-90)], now)).toBe(15_000);
  });
});
