/**
 * The back office's tests: an app whose ADMIN_EMAILS names the owners below, and their sessions.
 *
 *   const ctx = useTestApp({ adminEmails: OWNER_EMAILS }, { mailer: memoryMailer() });
 *   const owner = await loggedInOwner(ctx.app, ctx.database);
 *   await adminCall(ctx.app, owner.token, 'GET', '/api/admin/produtos/');
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { login, verifiedUser } from './accounts.js';

export const OWNER_EMAILS = ['dona.ana@semijoias.test', 'dona.bia@semijoias.test'] as const;

let owners = 0;

/**
 * An owner logged in (the first free e-mail of OWNER_EMAILS unless given): her token and id.
 * Registered with the normal sign-up, verified in the database, logged in with api/token/.
 */
export async function loggedInOwner(
  app: FastifyInstance,
  database: Database,
  email: string = OWNER_EMAILS[owners++ % OWNER_EMAILS.length]!,
): Promise<{ token: string; userId: number; email: string }> {
  const [existing] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!existing) await verifiedUser(app, database, { email });
  const { access } = await login(app, email);
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return { token: access, userId: row!.id, email };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call of the API with a bearer (or none), JSON body. */
export function adminCall(
  app: FastifyInstance,
  token: string | undefined,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
