import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendar';
import {
  MARKETING_CONSENT_INVALID,
  readMarketingConsent,
  UNSUBSCRIBE_ACCOUNT_NOT_FOUND,
  UNSUBSCRIBE_FAILED,
  UNSUBSCRIBE_LINK_INVALID,
  unsubscribeErrorMessage,
} from './marketing';
import { validateRegistrationPayload } from './registration';

const today: CalendarDate = { year: 2024, month: 3, day: 15 };
const payload = {
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@exemplo.com',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  birthdate: '1990-05-17',
  password: 'Senha123',
};

describe('readMarketingConsent', () => {
  it('absent leaves it as it is; true and false are answers', () => {
    expect(readMarketingConsent(undefined)).toEqual({ ok: true, value: undefined });
    expect(readMarketingConsent(true)).toEqual({ ok: true, value: true });
    expect(readMarketingConsent(false)).toEqual({ ok: true, value: false });
  });

  it.each([['true'], [1], [0], [null], ['sim'], [{}]])('refuses %o', (value) => {
    expect(readMarketingConsent(value)).toEqual({ ok: false, message: MARKETING_CONSENT_INVALID });
  });
});

describe('aceita_marketing at sign-up', () => {
  it('is no unless she ticked it', () => {
    const absent = validateRegistrationPayload(payload, today);
    expect(absent.ok && absent.value.marketingOptIn).toBe(false);
    const no = validateRegistrationPayload({ ...payload, aceita_marketing: false }, today);
    expect(no.ok && no.value.marketingOptIn).toBe(false);
    const yes = validateRegistrationPayload({ ...payload, aceita_marketing: true }, today);
    expect(yes.ok && yes.value.marketingOptIn).toBe(true);
  });

  it('a value that is not true or false is a field error with its message', () => {
    const result = validateRegistrationPayload({ ...payload, aceita_marketing: 'sim' }, today);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.aceita_marketing).toEqual([MARKETING_CONSENT_INVALID]);
    expect(result.message).toBe(MARKETING_CONSENT_INVALID);
  });
});

describe('unsubscribeErrorMessage', () => {
  it('a bad link, an account gone, anything else', () => {
    expect(unsubscribeErrorMessage({ kind: 'response', status: 400 })).toBe(
      UNSUBSCRIBE_LINK_INVALID,
    );
    expect(unsubscribeErrorMessage({ kind: 'response', status: 404 })).toBe(
      UNSUBSCRIBE_ACCOUNT_NOT_FOUND,
    );
    expect(unsubscribeErrorMessage({ kind: 'response', status: 500 })).toBe(UNSUBSCRIBE_FAILED);
    expect(unsubscribeErrorMessage({ kind: 'no-response' })).toBe(UNSUBSCRIBE_FAILED);
  });
});
