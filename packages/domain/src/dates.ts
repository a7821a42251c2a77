/**
 * Dates shown to the shopper: pt-BR, day/month/year hour:minute, always in São Paulo's time zone
 * whatever the device's or the server's zone (SPEC §9), and the order's 'dd/mm/yyyy às hh:mm'.
 */
import { isRealDate, STORE_TIME_ZONE } from './calendar';

export const DATE_MISSING = 'Data não disponível';
export const DATE_INVALID = 'Data inválida';

export type DateInput = string | number | Date | null | undefined;

/** A moment on São Paulo's wall clock. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** The wall-clock time in São Paulo at an instant. */
export function saoPauloWallTime(instant: Date): WallTime {
  const parts = wallParts.formatToParts(instant);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const DATA_PEDIDO = /^(\d{2})\/(\d{2})\/(\d{4}) às (\d{2}):(\d{2})$/;

/** "15/03/2024 às 14:30" -> its wall time; null when it is not that format or not a real time. */
export function parseDataPedido(text: string | null | undefined): WallTime | null {
  const m = DATA_PEDIDO.exec((text ?? '').trim());
  if (!m) return null;
  const t = {
    day: Number(m[1]),
    month: Number(m[2]),
    year: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: 0,
  };
  return isRealDate(t) && t.hour <= 23 && t.minute <= 59 ? t : null;
}

/** A string, epoch milliseconds or Date -> the instant; null when missing or unparsable. */
export function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const p2 = (n: number): string => String(n).padStart(2, '0');

function wallDate(t: WallTime): string {
  return `${p2(t.day)}/${p2(t.month)}/${t.year}`;
}

/**
 * pt-BR date and time, e.g. "15/03/2024, 14:30" (the text `toLocaleString('pt-BR', …)` gives).
 * 'Data não disponível' for null, undefined or ''; 'Data inválida' when unparsable. A text already
 * in the order format ('15/03/2024 às 14:30') is read as São Paulo time.
 */
export function formatDateTime(value: DateInput): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return DATE_MISSING;
  }
  const wall =
    typeof value === 'string' && DATA_PEDIDO.test(value.trim())
      ? parseDataPedido(value)
      : (() => {
          const instant = toInstant(value);
          return instant ? saoPauloWallTime(instant) : null;
        })();
  if (!wall) return DATE_INVALID;
  return `${wallDate(wall)}, ${p2(wall.hour)}:${p2(wall.minute)}`;
}

/** pt-BR date only ("15/03/2024"), same missing/invalid texts. */
export function formatDate(value: DateInput): string {
  const text = formatDateTime(value);
  return text === DATE_MISSING || text === DATE_INVALID ? text : text.slice(0, 10);
}

/** The order's `data_pedido`: "15/03/2024 às 14:30", São Paulo time. */
export function formatDataPedido(instant: Date): string {
  const t = saoPauloWallTime(instant);
  return `${wallDate(t)} às ${p2(t.hour)}:${p2(t.minute)}`;
}

/**
 * An unpaid order's deadline as the checkout, the return page and 'Meus Pedidos' show it:
 * "até 24/11 às 14:30", São Paulo time. Empty for a missing or unreadable instant.
 */
export function formatOrderDeadline(value: DateInput): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const t = saoPauloWallTime(instant);
  return `até ${p2(t.day)}/${p2(t.month)} às ${p2(t.hour)}:${p2(t.minute)}`;
}

/**
 * A number that orders moments by São Paulo wall-clock time (milliseconds of that wall time read
 * as if it were UTC). Lets a `data_pedido` text and an ISO `created_at` be compared.
 */
export function wallTimeSortKey(t: WallTime): number {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}
