import { describe, expect, it } from 'vitest';
import { isStateCode, STATE_CODES, stateName, STATES, toStateCode } from './states';

describe('STATES', () => {
  it('holds the 27 codes in the SPEC order', () => {
    expect(STATE_CODES.join(', ')).toBe(
      'AC, AL, AP, AM, BA, CE, DF, ES, GO, MA, MT, MS, MG, PA, PB, PR, PE, PI, RJ, RN, RS, RO, RR, SC, SP, SE, TO',
    );
    expect(new Set(STATES.map((s) => s.name)).size).toBe(27);
  });

  it.each([
    ['SP', true],
    ['sp', true],
    [' rj ', true],
    ['XX', false],
    ['', false],
  ])('isStateCode(%j) -> %s', (code, ok) => {
    expect(isStateCode(code)).toBe(ok);
  });

  it('names and normalizes', () => {
    expect(stateName('sp')).toBe('São Paulo');
    expect(stateName('DF')).toBe('Distrito Federal');
    expect(stateName('XX')).toBeUndefined();
    expect(toStateCode(' mg ')).toBe('MG');
    expect(toStateCode('Minas')).toBeUndefined();
  });
});
