import { describe, expect, it } from 'vitest';
import {
  isCompletePhone,
  isValidPhoneFormat,
  maskPhone,
  phoneDigits,
  PHONE_MASK_MAX_LENGTH,
} from './phone';

describe('maskPhone, keystroke by keystroke (mobile)', () => {
  const steps: [string, string][] = [
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1198', '(11) 98'],
    ['11987', '(11) 987'],
    ['119876', '(11) 9876'],
    ['1198765', '(11) 98765'],
    ['11987654', '(11) 98765-4'],
    ['119876543', '(11) 98765-43'],
    // 10 digits read as a landline until the 11th arrives.
    ['1198765432', '(11) 9876-5432'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543210', '(11) 98765-4321'],
  ];
  it.each(steps)('%s -> %s', (typed, mask) => {
    expect(maskPhone(typed)).toBe(mask);
  });

  it('landline: (00) 0000-0000', () => {
    expect(maskPhone('1130000000')).toBe('(11) 3000-0000');
  });

  it('at most 11 digits and 15 characters', () => {
    expect(maskPhone('11987654321999')).toHaveLength(PHONE_MASK_MAX_LENGTH);
    expect(phoneDigits('(11) 98765-4321 ext 9')).toBe('11987654321');
  });

  it('re-masking is stable', () => {
    expect(maskPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(maskPhone('')).toBe('');
  });
});

describe('isValidPhoneFormat (info edit: (DD) 0000-0000 or (DD) 00000-0000)', () => {
  it.each([
    ['(11) 98765-4321', true],
    ['(11) 3000-0000', true],
    ['11987654321', false],
    ['(11) 98765-432', false],
    ['(11) 987654-3210', false],
    ['(1) 98765-4321', false],
    ['(11)98765-4321', false],
    ['', false],
  ])('%j -> %s', (phone, valid) => {
    expect(isValidPhoneFormat(phone)).toBe(valid);
  });
});

describe('isCompletePhone (server: 10 or 11 digits)', () => {
  it.each([
    ['11987654321', true],
    ['(11) 3000-0000', true],
    ['119876543', false],
    ['119876543210', false],
  ])('%j -> %s', (phone, complete) => {
    expect(isCompletePhone(phone)).toBe(complete);
  });
});
