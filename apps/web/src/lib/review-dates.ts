/**
 * The day a review (or the owners' answer) was written, as São Paulo's calendar has it whatever
 * the device's or the server's zone: the page's '15/03/2025' and the JSON-LD's '2025-03-15' are
 * the same on the server and in the browser (no hydration mismatch).
 */
import { parseIsoDate, toIsoDate, type CalendarDate } from '@semijoias/domain/calendar';
import { saoPauloWallTime, toInstant } from '@semijoias/domain/dates';

/** An ISO instant, or a bare 'YYYY-MM-DD' (taken as that day) -> the day; null when unreadable. */
export function reviewDay(value: string | null | undefined): CalendarDate | null {
  const text = (value ?? '').trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return parseIsoDate(text);
  const instant = toInstant(text);
  return instant ? saoPauloWallTime(instant) : null;
}

const p2 = (n: number): string => String(n).padStart(2, '0');

/** '15/03/2025'; '' when unreadable. */
export function reviewDateText(value: string | null | undefined): string {
  const day = reviewDay(value);
  return day ? `${p2(day.day)}/${p2(day.month)}/${day.year}` : '';
}

/** '2025-03-15' (a `<time>`'s dateTime, schema.org's datePublished); null when unreadable. */
export function reviewIsoDay(value: string | null | undefined): string | null {
  const day = reviewDay(value);
  return day ? toIsoDate(day) : null;
}
