/**
 * Who is an owner. ADMIN_EMAILS names the owners' addresses; the role lives in `users.role` and is
 * what every admin call reads (guard.ts). An account is an owner only while its e-mail is listed
 * AND is the address it proved (an e-mail link opened) while that address was already listed,
 * `users.owner_email` (docs/account-security.md): an account that moved to an address before the
 * owners listed it never becomes an owner by the listing alone. The role is set at start-up
 * (granted to the accounts that qualify, taken from every other) and at each login.
 */
import { and, eq, inArray, isNotNull, isNull, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The accounts that qualify: listed, proven while listed, verified, not anonymised. */
function qualifies(adminEmails: readonly string[]) {
  if (adminEmails.length === 0) return sql`false`;
  return and(
    inArray(users.email, [...adminEmails]),
    eq(users.ownerEmail, users.email),
    isNotNull(users.emailVerifiedAt),
    isNull(users.anonymizedAt),
  )!;
}

/** Start-up: the roles in the database agree with ADMIN_EMAILS. Answers how many changed. */
export async function syncOwnerRoles(db: Db, adminEmails: readonly string[]): Promise<number> {
  const listed = qualifies(adminEmails);
  const granted = await db
    .update(users)
    .set({ role: 'owner' })
    .where(and(listed, ne(users.role, 'owner')))
    .returning({ id: users.id });
  const revoked = await db
    .update(users)
    .set({ role: 'customer' })
    .where(and(eq(users.role, 'owner'), not(listed)))
    .returning({ id: users.id });
  return granted.length + revoked.length;
}

/** At login: the account's role as the rule above says (one statement, only when it differs). */
export async function applyOwnerRole(
  db: Db,
  user: { id: number; email: string },
  adminEmails: readonly string[],
): Promise<void> {
  const owner = qualifies(adminEmails);
  await db
    .update(users)
    .set({ role: sql`case when ${owner} then 'owner' else 'customer' end` })
    .where(
      and(
        eq(users.id, user.id),
        sql`${users.role} is distinct from (case when ${owner} then 'owner' else 'customer' end)`,
      ),
    );
}
