/**
 * Calendar dates without a time or a time zone (a birth date is a day, not an instant), so no
 * JavaScript Date, whose time zone and two-digit-year quirks would leak in.
 */
export interface CalendarDate {
  year: number;
  /** 1-12. */
  month: number;
  /** 1-31. */
  day: number;
}

/** The store's time zone: "today" and every date shown are Brazil's (SPEC §9). */
export const STORE_TIME_ZONE = 'America/Sao_Paulo';

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for a day that exists: rejects 31/02, 29/02 outside leap years, month 13… */
export function isRealDate(d: CalendarDate): boolean {
  return (
    Number.isInteger(d.year) &&
    Number.isInteger(d.month) &&
    Number.isInteger(d.day) &&
    d.year >= 1 &&
    d.year <= 9999 &&
    d.month >= 1 &&
    d.month <= 12 &&
    d.day >= 1 &&
    d.day <= daysInMonth(d.year, d.month)
  );
}

/** Negative when a is before b, 0 when equal, positive when after. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** { 2010, 3, 15 } -> "2010-03-15". */
export function toIsoDate(d: CalendarDate): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/** "2010-03-15" -> { 2010, 3, 15 }; null when not a real yyyy-mm-dd date. */
export function parseIsoDate(text: string | null | undefined): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec((text ?? '').trim());
  if (!m) return null;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return isRealDate(d) ? d : null;
}

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/**
 * The calendar day in São Paulo at the instant `now` (callers pass `new Date()`; tests pass a
 * fixed instant). A server running in UTC would otherwise turn 22:00 in Brazil into tomorrow.
 */
export function todayInSaoPaulo(now: Date): CalendarDate {
  const parts = dayParts.formatToParts(now);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}
