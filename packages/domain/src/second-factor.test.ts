import { describe, expect, it } from 'vitest';
import {
  DEVICE_ID_PATTERN,
  formatRecoveryCode,
  parseSecondFactorCode,
  RECOVERY_CODE_ALPHABET,
} from './second-factor';

describe('parseSecondFactorCode', () => {
  it('reads six digits as a code of the app, spaces and dashes ignored', () => {
    expect(parseSecondFactorCode('123456')).toEqual({ kind: 'totp', code: '123456' });
    expect(parseSecondFactorCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(parseSecondFactorCode('123-456')).toEqual({ kind: 'totp', code: '123456' });
  });

  it('reads a recovery code whatever its case and dashes', () => {
    expect(parseSecondFactorCode('abcd-ef23')).toEqual({ kind: 'recovery', code: 'abcdef23' });
    expect(parseSecondFactorCode(' ABCD EF23 ')).toEqual({ kind: 'recovery', code: 'abcdef23' });
  });

  it('refuses anything else: short, long, look-alike letters, other symbols', () => {
    for (const typed of [
      '',
      '12345',
      '1234567',
      'abcd-ef2',
      'abcd-ef234',
      'abcd-efl0',
      'ab#d-ef23',
    ])
      expect(parseSecondFactorCode(typed), typed).toBeNull();
  });

  it('the alphabet has no characters that read alike', () => {
    for (const c of '01ilo') expect(RECOVERY_CODE_ALPHABET).not.toContain(c);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(RECOVERY_CODE_ALPHABET.length);
  });

  it('formats a recovery code as shown', () => {
    expect(formatRecoveryCode('abcdef23')).toBe('abcd-ef23');
    expect(parseSecondFactorCode(formatRecoveryCode('abcdef23'))?.code).toBe('abcdef23');
  });
});

describe('DEVICE_ID_PATTERN', () => {
  it('takes a UUID and refuses short or odd ids', () => {
    expect(DEVICE_ID_PATTERN.test('0b7d1c1e-9a40-4a53-9c41-6f0f4b1e2a77')).toBe(true);
    expect(DEVICE_ID_PATTERN.test('short')).toBe(false);
    expect(DEVICE_ID_PATTERN.test('a'.repeat(65))).toBe(false);
    expect(DEVICE_ID_PATTERN.test('0b7d1c1e 9a40 4a53 9c41')).toBe(false);
  });
});
