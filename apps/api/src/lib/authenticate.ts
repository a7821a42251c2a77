/**
 * The bearer check for authenticated calls: a valid access JWT whose user still exists and whose
 * `iat` is not before the user's `sessions_valid_after` (a password reset ends every session),
 * that date kept in memory until the database says it changed.
 * The user id comes from the token only, never from the request's body or path.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TOKEN_INVALID_OR_EXPIRED } from '@semijoias/domain/messages';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { UnauthorizedError } from './errors.js';
import { createAccessTokenVerifier } from './access-token.js';

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

/**
 * The database's word that a customer's sessions ended (structurally the catalog's change feed,
 * modules/catalog/change-feed.ts: lib/ does not import modules). `userId` null: anyone's.
 */
export interface SessionsFeed {
  start(handlers: {
    changed(change: { kind: string; userId?: number | null }): void;
    listening(on: boolean): void;
  }): Promise<void>;
  stop(): Promise<void>;
}

export interface SessionCheck {
  /** The user's `sessions_valid_after` in ms since the epoch; null when there is no such user. */
  validAfterMs(userId: number): Promise<number | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Users whose check is kept; past it the memory starts again (a few MB at most). */
const SESSIONS_KEPT = 50_000;

/** The checks of the apps running on each database handle (one, but tests build several). */
const checksOf = new WeakMap<Db, Set<(userId: number) => void>>();

/**
 * Her sessions were just ended through `db` (a password reset, a second factor reset, an
 * anonymisation), committed: this instance forgets them now, without waiting for the change
 * feed's word, which reaches the other instances a moment later. Call it after the commit.
 */
export function sessionsEnded(db: Db, userId: number): void {
  for (const forget of checksOf.get(db) ?? []) forget(userId);
}

/**
 * Every authenticated call asks whether the user's sessions still hold: one query per call (half
 * of an authenticated cart read's). The answer changes only when her sessions are ended, and a
 * trigger (migration 0014) says so through the change feed to every instance, so it is kept while
 * the feed listens and forgotten the moment it says so (or stops listening). Without a feed,
 * every call asks the database.
 */
export function createSessionCheck(db: Db, feed?: SessionsFeed): SessionCheck {
  const known = new Map<number, number | null>();
  let listening = false;
  // Bumped on every change heard: a read that began before one is not kept.
  let version = 0;
  const forgetAll = () => {
    version++;
    known.clear();
  };
  const forget = (userId: number) => {
    version++;
    known.delete(userId);
  };
  return {
    async validAfterMs(userId) {
      if (listening && known.has(userId)) return known.get(userId)!;
      const startedAt = version;
      const [user] = await db
        .select({ sessionsValidAfter: users.sessionsValidAfter })
        .from(users)
        .where(eq(users.id, userId));
      const validAfter = user ? user.sessionsValidAfter.getTime() : null;
      if (listening && version === startedAt) {
        if (known.size >= SESSIONS_KEPT) known.clear();
        known.set(userId, validAfter);
      }
      return validAfter;
    },
    async start() {
      let mine = checksOf.get(db);
      if (!mine) checksOf.set(db, (mine = new Set()));
      mine.add(forget);
      await feed?.start({
        changed(change) {
          if (change.kind !== 'session') return;
          version++;
          if (change.userId == null) known.clear();
          else known.delete(change.userId);
        },
        listening(on) {
          listening = on;
          forgetAll();
        },
      });
    },
    async stop() {
      checksOf.get(db)?.delete(forget);
      listening = false;
      forgetAll();
      await feed?.stop();
    },
  };
}

export function createAuthenticate(opts: {
  key: Uint8Array;
  sessions: Pick<SessionCheck, 'validAfterMs'>;
}): Authenticate {
  const verify = createAccessTokenVerifier(opts.key);
  return async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw invalidTokenError();
    const claims = await verify(match[1]);
    if (!claims) throw invalidTokenError();
    const validAfterMs = await opts.sessions.validAfterMs(claims.userId);
    if (validAfterMs === null || claims.issuedAtMs < validAfterMs) throw invalidTokenError();
    request.userId = claims.userId;
    request.secondFactor = claims.secondFactor;
  };
}

/** The authenticated user's id inside a handler behind `authenticate`. */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId === undefined) throw invalidTokenError();
  return request.userId;
}
