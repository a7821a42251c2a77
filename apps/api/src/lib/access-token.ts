/**
 * Access tokens: HS256 JWTs (jose), 15 minutes, `sub` = user id, `type: 'access'`. `iat` keeps
 * milliseconds (a NumericDate may be fractional, RFC 7519 §2) so that a token issued right after a
 * password reset is told apart from one issued right before it (`sessions_valid_after`).
 * `sf: true` when the login behind it passed the owners' second factor: the back
 * office's guard reads it; a token without it is a password-only session.
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  issuedAtMs: number;
  /** The session passed the second factor (docs/second-factor.md). */
  secondFactor: boolean;
}

export interface SignOptions {
  /** Carry `sf: true`: only for a session whose login passed the second factor. */
  secondFactor?: boolean;
  /**
   * Ends the token earlier than its 15 minutes (ms since the epoch): a session with the second
   * factor ends when its factor does (12 hours after the code, modules/auth/tokens.ts).
   */
  notAfterMs?: number;
}

export function jwtKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export function signAccessToken(
  key: Uint8Array,
  userId: number,
  nowMs = Date.now(),
  options: SignOptions = {},
): Promise<string> {
  return new SignJWT(options.secondFactor ? { type: 'access', sf: true } : { type: 'access' })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(nowMs / 1000)
    .setExpirationTime(
      Math.min(
        Math.floor(nowMs / 1000) + ACCESS_TOKEN_TTL_SECONDS,
        Math.floor((options.notAfterMs ?? Infinity) / 1000),
      ),
    )
    .setJti(randomUUID())
    .sign(key);
}

/** A valid, unexpired access token's claims and when it expires (ms since the epoch). */
interface ReadToken {
  claims: AccessClaims;
  expiresAtMs: number;
}

/** The token read and checked (signature, type, claims, expiry); null for anything else. */
async function readAccessToken(key: Uint8Array, token: string): Promise<ReadToken | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
    const userId = Number(payload.sub);
    if (payload.type !== 'access' || !Number.isSafeInteger(userId) || userId <= 0) return null;
    if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
    return {
      claims: {
        userId,
        issuedAtMs: Math.round(payload.iat * 1000),
        secondFactor: payload.sf === true,
      },
      expiresAtMs: payload.exp * 1000,
    };
  } catch {
    return null;
  }
}

/** Tokens a verifier remembers at most; past it, its memory starts again. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies access tokens, remembering the ones it found valid until they expire. A
 * shopper's calls carry one token for up to 15 minutes; its signature and claims need checking
 * once (issue 32: the check was about a third of an authenticated cart read's CPU). Only valid
 * tokens are kept, by their whole text, so a token changed by one character is checked anew. A
 * session ended early (a password reset) is the sessions check's word, asked on every call.
 */
export function createAccessTokenVerifier(
  key: Uint8Array,
  now: () => number = Date.now,
): (token: string) => Promise<AccessClaims | null> {
  const kept = new Map<string, ReadToken>();
  return async (token) => {
    const known = kept.get(token);
    if (known) {
      if (now() < known.expiresAtMs) return known.claims;
      kept.delete(token);
      return null;
    }
    const read = await readAccessToken(key, token);
    if (!read) return null;
    if (kept.size >= VERIFIED_TOKENS_KEPT) kept.clear();
    kept.set(token, read);
    return read.claims;
  };
}
