import { describe, expect, it } from 'vitest';
import {
  base64UrlToBytes,
  decodeJwtPayload,
  isTokenExpiring,
  TOKEN_REFRESH_MARGIN_SECONDS,
  tokenExpiry,
} from './session';

/** Test-only base64url encoder of UTF-8 text (independent of the decoder under test). */
function b64url(textValue: string): string {
  const bytes = [...encodeURIComponent(textValue)].reduce<number[]>((acc, ch, i, all) => {
    if (ch === '%') acc.push(parseInt(`${all[i + 1]}${all[i + 2]}`, 16));
    else if (all[i - 1] !== '%' && all[i - 2] !== '%') acc.push(ch.charCodeAt(0));
    return acc;
  }, []);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = bytes.slice(i, i + 3);
    const n = (a << 16) | (b << 8) | c;
    const chars = [18, 12, 6, 0].map((shift) => alphabet[(n >> shift) & 63]).join('');
    out += chars.slice(0, Math.min(4, bytes.length - i + 1));
  }
  return out;
}

const jwt = (payload: object): string =>
  `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.assinatura`;

describe('decodeJwtPayload', () => {
  it('reads the payload, UTF-8 included', () => {
    expect(decodeJwtPayload(jwt({ exp: 1700000000, name: 'João Ação' }))).toEqual({
      exp: 1700000000,
      name: 'João Ação',
    });
  });

  it('decodes a real token header', () => {
    expect(
      base64UrlToBytes('eyJhbGciOiJIUzI1NiJ9')
        ?.map((b) => String.fromCharCode(b))
        .join(''),
    ).toBe('{"alg":"HS256"}');
  });

  it.each([
    '',
    'abc',
    'a.b.c',
    'a.!!!.c',
    `x.${b64url('[1,2]')}.y`,
    `x.${b64url('null')}.y`,
    null,
    undefined,
  ])('returns null for %j', (token) => {
    expect(decodeJwtPayload(token)).toBeNull();
  });
});

describe('isTokenExpiring: less than 120 s left', () => {
  const exp = 1_700_000_000;
  const token = jwt({ exp, user_id: 1 });

  it('margin is 120 s', () => {
    expect(TOKEN_REFRESH_MARGIN_SECONDS).toBe(120);
    expect(tokenExpiry(token)).toBe(exp);
  });

  it.each([
    [exp - 3600, false],
    [exp - 121, false],
    [exp - 120, false],
    [exp - 119.5, true],
    [exp - 119, true],
    [exp, true],
    [exp + 10, true],
  ])('now %d -> %s', (now, expiring) => {
    expect(isTokenExpiring(token, now)).toBe(expiring);
  });

  it('a token without a readable exp counts as expiring', () => {
    expect(isTokenExpiring(jwt({ user_id: 1 }), 0)).toBe(true);
    expect(isTokenExpiring(jwt({ exp: '1700000000' }), 0)).toBe(true);
    expect(isTokenExpiring('not-a-token', 0)).toBe(true);
    expect(isTokenExpiring(null, 0)).toBe(true);
  });
});
