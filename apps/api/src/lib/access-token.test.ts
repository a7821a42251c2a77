/**
 * The verifier that remembers valid access tokens (lib/access-token.ts): a remembered token
 * still ends when it expires, an invalid one is never remembered, and a changed one is
 * checked anew.
 */
import { describe, expect, it } from 'vitest';
import {
  createAccessTokenVerifier,
  jwtKey,
  signAccessToken,
  ACCESS_TOKEN_TTL_SECONDS,
} from './access-token.js';

const key = jwtKey('test-secret-test-secret-test-secret-0123');
const otherKey = jwtKey('another-secret-another-secret-another-01');

describe('createAccessTokenVerifier', () => {
  it('answers a remembered token until it expires, then never again', async () => {
    const issuedAt = Date.now();
    let clock = issuedAt;
    const verify = createAccessTokenVerifier(key, () => clock);
    const token = await signAccessToken(key, 42, issuedAt, { secondFactor: true });

    expect(await verify(token)).toEqual({
      userId: 42,
      issuedAtMs: issuedAt,
      secondFactor: true,
    });
    clock = issuedAt + (ACCESS_TOKEN_TTL_SECONDS - 2) * 1000;
    expect((await verify(token))?.userId).toBe(42);
    // Past its exp: refused from memory, and forgotten.
    clock = issuedAt + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    expect(await verify(token)).toBeNull();
  });

  it('never remembers a token signed with another key, nor one changed by a character', async () => {
    const verify = createAccessTokenVerifier(key);
    const forged = await signAccessToken(otherKey, 7);
    expect(await verify(forged)).toBeNull();
    expect(await verify(forged)).toBeNull();

    const token = await signAccessToken(key, 7);
    expect((await verify(token))?.userId).toBe(7);
    const [header, payload, signature] = token.split('.');
    const changed = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verify(changed)).toBeNull();
    expect((await verify(token))?.userId).toBe(7);
  });
});
