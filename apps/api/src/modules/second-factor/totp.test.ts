/** TOTP and Base32 against the RFCs' own test vectors. */
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  groupForReading,
  hotp,
  matchingStep,
  newSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp.js';

/** RFC 6238 appendix B's SHA-1 seed: the ASCII text "12345678901234567890". */
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_SEED);

describe('Base32 (RFC 4648 §10)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY======'],
    ['fo', 'MZXQ===='],
    ['foo', 'MZXW6==='],
    ['foob', 'MZXW6YQ='],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI======'],
  ];
  it.each(vectors)('%j <-> %s', (plain, encoded) => {
    // Written without padding (the authenticator apps' form), read with or without it.
    expect(base32Encode(Buffer.from(plain))).toBe(encoded.replace(/=+$/, ''));
    expect(base32Decode(encoded).toString()).toBe(plain);
    expect(base32Decode(encoded.replace(/=+$/, '').toLowerCase()).toString()).toBe(plain);
  });

  it('reads the secret as shown in groups, and refuses other characters', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(groupForReading(secret)).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(base32Decode(groupForReading(secret)).equals(base32Decode(secret))).toBe(true);
    expect(() => base32Decode('MZXW1')).toThrow();
  });

  it('round-trips random bytes of every length', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + n * 11) & 0xff));
      expect(base32Decode(base32Encode(bytes)).equals(bytes)).toBe(true);
    }
  });
});

describe('HOTP (RFC 4226 appendix D)', () => {
  const codes = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];
  it.each(codes.map((c, i) => [i, c] as const))('counter %i -> %s', (counter, code) => {
    expect(hotp(RFC_SEED, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1)', () => {
  // The RFC's 8-digit codes; a 6-digit code is the same number modulo 10^6, its last 6 digits.
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('T = %i s -> %s', (seconds, code8) => {
    const step = totpStep(seconds * 1000);
    expect(totpCode(RFC_SECRET, step, 8)).toBe(code8);
    expect(totpCode(RFC_SECRET, step)).toBe(code8.slice(2));
  });

  it('steps are 30 seconds from the epoch', () => {
    expect(totpStep(0)).toBe(0);
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
    expect(totpStep(59_000)).toBe(1);
  });
});

describe('matchingStep: one step of drift either way', () => {
  const now = 1_234_567_890_000;
  const step = totpStep(now);

  it('accepts the current step, the one before and the one after, and says which', () => {
    for (const s of [step - 1, step, step + 1])
      expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, s), now)).toBe(s);
  });

  it('refuses two steps away, another secret, and anything that is not six digits', () => {
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step + 2), now)).toBeNull();
    expect(matchingStep(newSecret(), totpCode(RFC_SECRET, step), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, '89005924', now)).toBeNull(); // the 8-digit form
    expect(matchingStep(RFC_SECRET, '', now)).toBeNull();
    expect(matchingStep(RFC_SECRET, '00592a', now)).toBeNull();
  });
});

describe('otpauthUri', () => {
  it('names the store and the account, and spells the defaults out', () => {
    const uri = otpauthUri({
      issuer: 'Duas Irmãs Semijoias',
      account: 'dona.ana@semijoias.test',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    expect(uri).toBe(
      'otpauth://totp/Duas%20Irm%C3%A3s%20Semijoias:dona.ana%40semijoias.test' +
        '?secret=JBSWY3DPEHPK3PXP&issuer=Duas%20Irm%C3%A3s%20Semijoias&algorithm=SHA1&digits=6&period=30',
    );
    const url = new URL(uri);
    expect(url.searchParams.get('issuer')).toBe('Duas Irmãs Semijoias');
    expect(decodeURIComponent(url.pathname.slice(1))).toBe(
      'Duas Irmãs Semijoias:dona.ana@semijoias.test',
    );
  });
});
