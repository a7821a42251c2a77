/**
 * Who is an owner. ADMIN_EMAILS names the owners' accounts; the role lives in `users.role` and is
 * what every admin call reads (guard.ts). It is set from the list at start-up (granted to the
 * verified accounts listed, taken from every account no longer listed) and at each login (an
 * account registered after the server started is an owner from its first login).
 */
import { and, eq, inArray, isNotNull, isNull, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** Start-up: the roles in the database agree with ADMIN_EMAILS. Answers how many changed. */
export async function syncOwnerRoles(db: Db, adminEmails: readonly string[]): Promise<number> {
  const listed =
    adminEmails.length === 0
      ? sql`false`
      : and(inArray(users.email, [...adminEmails]), isNotNull(users.emailVerifiedAt));
  const granted = await db
    .update(users)
    .set({ role: 'owner' })
    .where(and(listed, ne(users.role, 'owner'), isNull(users.anonymizedAt)))
    .returning({ id: users.id });
  const revoked = await db
    .update(users)
    .set({ role: 'customer' })
    .where(and(eq(users.role, 'owner'), not(listed ?? sql`false`)))
    .returning({ id: users.id });
  return granted.length + revoked.length;
}

/** At login: the account's role as ADMIN_EMAILS says (one statement, only when it differs). */
export async function applyOwnerRole(
  db: Db,
  user: { id: number; email: string },
  adminEmails: readonly string[],
): Promise<void> {
  const role = adminEmails.includes(user.email) ? 'owner' : 'customer';
  await db
    .update(users)
    .set({ role })
    .where(and(eq(users.id, user.id), ne(users.role, role)));
}
