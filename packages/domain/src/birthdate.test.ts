import { describe, expect, it } from 'vitest';
import {
  ageAt,
  birthdateProblem,
  birthdateToIso,
  isoToBirthdate,
  maskBirthdate,
  MIN_AGE,
  parseBirthdate,
} from './birthdate';
import type { CalendarDate } from './calendar';

const day = (year: number, month: number, d: number): CalendarDate => ({ year, month, day: d });

describe('maskBirthdate, keystroke by keystroke', () => {
  const steps: [string, string][] = [
    ['1', '1'],
    ['15', '15'],
    ['150', '15/0'],
    ['1503', '15/03'],
    ['15032', '15/03/2'],
    ['150320', '15/03/20'],
    ['1503201', '15/03/201'],
    ['15032010', '15/03/2010'],
    ['150320109', '15/03/2010'],
  ];
  it.each(steps)('%s -> %s', (typed, mask) => {
    expect(maskBirthdate(typed)).toBe(mask);
  });

  it('re-masking is stable', () => {
    expect(maskBirthdate('15/03/2010')).toBe('15/03/2010');
  });
});

describe('parseBirthdate', () => {
  it.each([
    ['15/03/2010', day(2010, 3, 15)],
    ['29/02/2000', day(2000, 2, 29)],
    ['31/12/1999', day(1999, 12, 31)],
    ['01/01/1900', day(1900, 1, 1)],
  ])('%s is a real date', (text, date) => {
    expect(parseBirthdate(text)).toEqual(date);
  });

  it.each([
    ['31/02/2000', 'no 31 February'],
    ['30/02/2000', 'no 30 February'],
    ['29/02/2001', 'not a leap year'],
    ['29/02/1900', '1900 was not a leap year'],
    ['31/04/2000', 'April has 30 days'],
    ['00/01/2000', 'day 0'],
    ['15/13/2000', 'month 13'],
    ['15/00/2000', 'month 0'],
    ['15/3/2010', 'not dd/mm/yyyy'],
    ['2010-03-15', 'ISO is not the form format'],
    ['15/03/10', 'two-digit year'],
    ['15/03/1899', 'before 1900'],
    ['', 'empty'],
  ])('%s is invalid (%s)', (text) => {
    expect(parseBirthdate(text)).toBeNull();
  });
});

describe('ISO conversion', () => {
  it('dd/mm/yyyy -> yyyy-mm-dd and back', () => {
    expect(birthdateToIso('05/03/2010')).toBe('2010-03-05');
    expect(isoToBirthdate('2010-03-05')).toBe('05/03/2010');
  });

  it('invalid dates give null both ways', () => {
    expect(birthdateToIso('31/02/2010')).toBeNull();
    expect(isoToBirthdate('2010-02-31')).toBeNull();
    expect(isoToBirthdate('05/03/2010')).toBeNull();
    expect(isoToBirthdate(null)).toBeNull();
  });
});

describe('ageAt and the minimum age of 14', () => {
  it('MIN_AGE is 14', () => {
    expect(MIN_AGE).toBe(14);
  });

  it.each([
    [day(2010, 3, 15), day(2024, 3, 14), 13, 'the day before the 14th birthday'],
    [day(2010, 3, 15), day(2024, 3, 15), 14, 'on the 14th birthday'],
    [day(2010, 3, 15), day(2024, 3, 16), 14, 'the day after'],
    [day(2010, 12, 31), day(2024, 12, 30), 13, 'end of year, one day short'],
    [day(2010, 1, 1), day(2024, 1, 1), 14, 'new year birthday'],
    [day(2008, 2, 29), day(2022, 2, 28), 13, 'leap-day birth, common year, 28/02'],
    [day(2008, 2, 29), day(2022, 3, 1), 14, 'leap-day birth, common year, 01/03'],
    [day(2008, 2, 29), day(2024, 2, 29), 16, 'leap-day birth, leap year'],
  ])('born %j, today %j -> %i (%s)', (birth, today, age) => {
    expect(ageAt(birth, today)).toBe(age);
  });

  const today = day(2024, 3, 15);
  it.each<[CalendarDate | null, ReturnType<typeof birthdateProblem>]>([
    [null, 'format'],
    [day(2024, 3, 16), 'future'],
    [day(2030, 1, 1), 'future'],
    [day(2024, 3, 15), 'too-young'],
    [day(2010, 3, 16), 'too-young'],
    [day(2010, 3, 15), null],
    [day(1950, 6, 1), null],
  ])('birthdateProblem(%j) -> %s', (birth, problem) => {
    expect(birthdateProblem(birth, today)).toBe(problem);
  });
});
