/**
 * A new session: a refresh token (a new family) and its access token. Shared by the password
 * login and the second factor's calls, which open a session that carries the factor: its family
 * keeps `second_factor_at`, so every refresh of it signs access tokens with `sf` too, for
 * SECOND_FACTOR_SESSION_MS after the code at most (then the back office asks for a new code).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema.js';
import { signAccessToken } from '../../lib/access-token.js';
import { hashToken, randomToken } from '../../lib/secrets.js';

export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** How long a code of the owners' second factor holds a session's factor: 12 hours. */
export const SECOND_FACTOR_SESSION_MS = 12 * 60 * 60 * 1000;

/** A factor with less than this left is not handed on by a refresh (its token would be spent). */
const FACTOR_LEFT_MIN_MS = 10_000;

/**
 * What a refresh at `nowMs` hands on of a family's second factor: its time while it has more
 * than a few seconds of its 12 hours left, else null (the new token is a password-only session).
 */
export function factorStillHeld(secondFactorAt: Date | null, nowMs: number): Date | null {
  if (secondFactorAt === null) return null;
  const left = secondFactorAt.getTime() + SECOND_FACTOR_SESSION_MS - nowMs;
  return left > FACTOR_LEFT_MIN_MS ? secondFactorAt : null;
}

/**
 * The access token of a session at `nowMs`: with `sf` when `secondFactorAt` is set, and then
 * ending no later than the factor's 12 hours.
 */
export function accessTokenFor(
  key: Uint8Array,
  userId: number,
  secondFactorAt: Date | null,
  nowMs: number = Date.now(),
): Promise<string> {
  if (secondFactorAt === null) return signAccessToken(key, userId, nowMs);
  return signAccessToken(key, userId, nowMs, {
    secondFactor: true,
    notAfterMs: secondFactorAt.getTime() + SECOND_FACTOR_SESSION_MS,
  });
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** One refresh token of a family, stored as its SHA-256; answers the token and its row id. */
export async function newRefreshToken(
  tx: Db,
  input: { userId: number; familyId: string; secondFactorAt: Date | null },
): Promise<{ token: string; id: number }> {
  const token = randomToken();
  const [row] = await tx
    .insert(refreshTokens)
    .values({
      tokenHash: hashToken(token),
      familyId: input.familyId,
      userId: input.userId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      secondFactorAt: input.secondFactorAt,
    })
    .returning({ id: refreshTokens.id });
  return { token, id: row!.id };
}

/**
 * A new family for `userId`. `secondFactorAt`: when this login passed the second factor (null
 * for a password login). Pass the transaction that accepted the code, so that a code spent always
 * gives a session and a session is never given for a code not spent.
 */
export async function openSession(
  tx: Db,
  key: Uint8Array,
  userId: number,
  secondFactorAt: Date | null,
): Promise<TokenPair> {
  const refresh = await newRefreshToken(tx, { userId, familyId: randomUUID(), secondFactorAt });
  const access = await accessTokenFor(key, userId, secondFactorAt);
  return { access, refresh: refresh.token };
}
