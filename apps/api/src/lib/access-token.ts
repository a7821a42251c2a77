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

/** The claims of a valid, unexpired access token; null for anything else. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
    const userId = Number(payload.sub);
    if (payload.type !== 'access' || !Number.isSafeInteger(userId) || userId <= 0) return null;
    if (typeof payload.iat !== 'number') return null;
    return {
      userId,
      issuedAtMs: Math.round(payload.iat * 1000),
      secondFactor: payload.sf === true,
    };
  } catch {
    return null;
  }
}
