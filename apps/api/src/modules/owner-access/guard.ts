/**
 * The door of the back office: every /api/admin/ call passes here (routes.ts adds it as a hook of
 * the whole prefix, so no route can forget it). No valid session: 401. A session whose account is
 * not an owner *now* — role read from the database on each call, e-mail still in ADMIN_EMAILS,
 * verified, not anonymised: 403. Then the second factor (docs/second-factor.md): with
 * OWNER_2FA=required, or =optional for an owner who set one up, a token whose login did not pass
 * it is refused with 403 `codigo: 'segundo_fator_necessario'`, which the screens read to ask for
 * it. The owner is checked first, so a customer never learns of the second factor.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ADMIN_FORBIDDEN } from '@semijoias/domain/admin';
import {
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_REQUIRED_CODE,
} from '@semijoias/domain/second-factor';
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

/** The 403 of a back-office call whose session has not passed the second factor. */
export function secondFactorRequiredError(): ForbiddenError {
  return new ForbiddenError(SECOND_FACTOR_REQUIRED, undefined, {
    message: SECOND_FACTOR_REQUIRED,
    codigo: SECOND_FACTOR_REQUIRED_CODE,
  });
}

/**
 * When the back office asks for the second factor: `required` (OWNER_2FA's default), `optional`
 * (only of an owner who set one up), or `not_checked` — the second factor's own calls
 * (/api/segundo-fator/), which must answer an owner before she has passed it.
 */
export type SecondFactorRule = 'required' | 'optional' | 'not_checked';

export function createOwnerGuard(opts: {
  db: Db;
  authenticate: Authenticate;
  adminEmails: readonly string[];
  secondFactor: SecondFactorRule;
}) {
  return async (request: FastifyRequest): Promise<void> => {
    await opts.authenticate(request);
    const userId = requireUserId(request);
    const [user] = await opts.db
      .select({
        id: users.id,
        email: users.email,
        ownerEmail: users.ownerEmail,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        anonymizedAt: users.anonymizedAt,
        hasSecondFactor: sql<boolean>`exists (select 1 from owner_second_factors f
          where f.user_id = ${users.id} and f.enabled_at is not null)`,
      })
      .from(users)
      .where(eq(users.id, userId));
    const isOwner =
      user !== undefined &&
      user.role === 'owner' &&
      user.emailVerifiedAt !== null &&
      user.anonymizedAt === null &&
      // The address proven while it was listed (docs/account-security.md): a role an older
      // instance's sync re-granted to an account that moved onto a listed address opens nothing.
      user.ownerEmail === user.email &&
      opts.adminEmails.includes(user.email);
    if (!isOwner) throw new ForbiddenError(ADMIN_FORBIDDEN);
    const asked =
      opts.secondFactor === 'required' ||
      (opts.secondFactor === 'optional' && user.hasSecondFactor === true);
    if (asked && request.secondFactor !== true) throw secondFactorRequiredError();
    request.owner = { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` };
  };
}

/** The owner inside a handler of the back office (the guard ran). */
export function requireOwner(request: FastifyRequest): Owner {
  if (!request.owner) throw new UnauthorizedError(ADMIN_FORBIDDEN);
  return request.owner;
}
