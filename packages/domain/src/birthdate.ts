/**
 * Birth date as typed on the registration form (dd/mm/yyyy) and as sent to the server
 * (yyyy-mm-dd), plus the age rule (SPEC §5: at least 14 years).
 */
import { compareDates, isRealDate, parseIsoDate, toIsoDate, type CalendarDate } from './calendar';
import { onlyDigits } from './digits';

export const BIRTHDATE_MAX_DIGITS = 8;
export const MIN_AGE = 14;
/**
 * Earliest year accepted. Not in the SPEC: a year like 0200 is a typing slip, not a customer, and
 * we report it with the format message ('Utilize o formato dd/mm/aaaa').
 */
export const MIN_BIRTH_YEAR = 1900;

/** Masks as the user types: "1503" -> "15/03", "15032010" -> "15/03/2010". */
export function maskBirthdate(value: string | null | undefined): string {
  const d = onlyDigits(value, BIRTHDATE_MAX_DIGITS);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** "15/03/2010" -> { 2010, 3, 15 }; null unless it is dd/mm/yyyy AND a day that exists. */
export function parseBirthdate(text: string | null | undefined): CalendarDate | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((text ?? '').trim());
  if (!m) return null;
  const d = { day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) };
  return isRealDate(d) && d.year >= MIN_BIRTH_YEAR ? d : null;
}

/** "15/03/2010" -> "2010-03-15" (the registration payload); null when not a real date. */
export function birthdateToIso(text: string | null | undefined): string | null {
  const d = parseBirthdate(text);
  return d ? toIsoDate(d) : null;
}

/** "2010-03-15" -> "15/03/2010" (read-only display in the account area); null when invalid. */
export function isoToBirthdate(iso: string | null | undefined): string | null {
  const d = parseIsoDate(iso);
  if (!d) return null;
  return `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${String(d.year).padStart(4, '0')}`;
}

/**
 * Whole years lived at `today`. The birthday counts from its own day; someone born on 29/02
 * turns a year older on 01/03 in common years.
 */
export function ageAt(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday =
    today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

export function isFutureDate(date: CalendarDate, today: CalendarDate): boolean {
  return compareDates(date, today) > 0;
}

export type BirthdateProblem = 'format' | 'future' | 'too-young';

/** The first birth-date rule broken (SPEC §5 rules 6, 7, 8, in that order), or null. */
export function birthdateProblem(
  birth: CalendarDate | null,
  today: CalendarDate,
): BirthdateProblem | null {
  if (!birth) return 'format';
  if (isFutureDate(birth, today)) return 'future';
  if (ageAt(birth, today) < MIN_AGE) return 'too-young';
  return null;
}
