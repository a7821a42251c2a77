/**
 * A new session: a refresh token (a new family) and its access token. Shared by the password
 * login and the second factor's calls, which open a session that carries the factor: its family
 * keeps `second_factor_at`, so every refresh of it signs access tokens with `sf` too.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema.js';
import { signAccessToken } from '../../lib/access-token.js';
import { hashToken, randomToken } from '../../lib/secrets.js';

export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

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
  const access = await signAccessToken(key, userId, Date.now(), {
    secondFactor: secondFactorAt !== null,
  });
  return { access, refresh: refresh.token };
}
