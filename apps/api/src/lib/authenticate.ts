/**
 * The bearer check for authenticated calls: a valid access JWT whose user still exists and whose
 * `iat` is not before the user's `sessions_valid_after` (a password reset ends every session).
 * The user id comes from the token only, never from the request's body or path.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TOKEN_INVALID_OR_EXPIRED } from '@semijoias/domain/messages';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { UnauthorizedError } from './errors.js';
import { verifyAccessToken } from './access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate preHandler. */
    userId?: number;
    /** Set with userId: the session passed the owners' second factor (its token says `sf`). */
    secondFactor?: boolean;
  }
}

export type Authenticate = (request: FastifyRequest) => Promise<void>;

export function invalidTokenError(): UnauthorizedError {
  return new UnauthorizedError(TOKEN_INVALID_OR_EXPIRED, undefined, {
    detail: TOKEN_INVALID_OR_EXPIRED,
  });
}

export function createAuthenticate(opts: { db: Db; key: Uint8Array }): Authenticate {
  return async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw invalidTokenError();
    const claims = await verifyAccessToken(opts.key, match[1]);
    if (!claims) throw invalidTokenError();
    const [user] = await opts.db
      .select({ sessionsValidAfter: users.sessionsValidAfter })
      .from(users)
      .where(eq(users.id, claims.userId));
    if (!user || claims.issuedAtMs < user.sessionsValidAfter.getTime()) throw invalidTokenError();
    request.userId = claims.userId;
    request.secondFactor = claims.secondFactor;
  };
}

/** The authenticated user's id inside a handler behind `authenticate`. */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId === undefined) throw invalidTokenError();
  return request.userId;
}
