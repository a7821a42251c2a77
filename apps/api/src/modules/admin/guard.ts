/**
 * The door of the back office: every /api/admin/ call passes here (routes.ts adds it as a hook of
 * the whole prefix, so no route can forget it). No valid session: 401. A session whose account is
 * not an owner *now* — role read from the database on each call, e-mail still in ADMIN_EMAILS,
 * verified, not anonymised: 403. An owner's token is a shopper's token; only this check differs.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ADMIN_FORBIDDEN } from '@semijoias/domain/admin';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Authenticate } from '../../lib/authenticate.js';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.js';
import { requireUserId } from '../../lib/authenticate.js';

export interface Owner {
  id: number;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the back office's guard: the owner making the call. */
    owner?: Owner;
  }
}

export function createOwnerGuard(opts: {
  db: Db;
  authenticate: Authenticate;
  adminEmails: readonly string[];
}) {
  return async (request: FastifyRequest): Promise<void> => {
    await opts.authenticate(request);
    const userId = requireUserId(request);
    const [user] = await opts.db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        anonymizedAt: users.anonymizedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    const isOwner =
      user !== undefined &&
      user.role === 'owner' &&
      user.emailVerifiedAt !== null &&
      user.anonymizedAt === null &&
      opts.adminEmails.includes(user.email);
    if (!isOwner) throw new ForbiddenError(ADMIN_FORBIDDEN);
    request.owner = { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` };
  };
}

/** The owner inside a handler of the back office (the guard ran). */
export function requireOwner(request: FastifyRequest): Owner {
  if (!request.owner) throw new UnauthorizedError(ADMIN_FORBIDDEN);
  return request.owner;
}
