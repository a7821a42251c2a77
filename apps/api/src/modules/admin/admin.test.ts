/**
 * Who enters the back office: 401 without a session, 403 for a customer, the owners of
 * ADMIN_EMAILS in (even an account created after the server started, from its first login), and
 * the role read from the database on every call. Each section's own tests check its calls the
 * same way (anonymous 401, customer 403, owner 200).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_FORBIDDEN } from '@semijoias/domain/admin';
import { REGISTRATION_EMAIL_TAKEN } from '@semijoias/domain/messages';
import { GOOD_PASSWORD, loggedInCustomer } from '../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../test/admin.js';
import { testConfig, useTestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { users } from '../../db/schema.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { syncOwnerRoles } from '../owner-access/roles.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });

describe('the back office door', () => {
  it('answers 401 without a session and 403 to a customer, in Portuguese', async () => {
    const anonymous = await adminCall(ctx.app, undefined, 'GET', '/api/admin/sessao/');
    expect(anonymous.statusCode).toBe(401);
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const refused = await adminCall(ctx.app, customer.token, 'GET', '/api/admin/sessao/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: ADMIN_FORBIDDEN });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('lets in an owner registered after the start, from her first login', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[0]);
    const res = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/sessao/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: OWNER_EMAILS[0], nome: 'Ana Souza' });
    const infos = await adminCall(ctx.app, owner.token, 'GET', '/api/infos/');
    expect(infos.json()).toMatchObject({ administrador: true });
  });

  it('reads the role from the database on every call: taken away, the same token is refused', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[1]);
    expect((await adminCall(ctx.app, owner.token, 'GET', '/api/admin/sessao/')).statusCode).toBe(
      200,
    );
    await ctx.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, owner.userId));
    expect((await adminCall(ctx.app, owner.token, 'GET', '/api/admin/sessao/')).statusCode).toBe(
      403,
    );
    await ctx.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.userId));
  });

  it('an e-mail removed from ADMIN_EMAILS loses the role at the next start, and its calls at once', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[0]);
    // Another instance started with a shorter list: its calls refuse her even before any sync.
    const other = await buildApp({
      config: testConfig({ adminEmails: [OWNER_EMAILS[1]] }),
      database: ctx.database,
      logger: false,
      background: false,
    });
    try {
      await other.ready();
      const res = await adminCall(other, owner.token, 'GET', '/api/admin/sessao/');
      expect(res.statusCode).toBe(403);
      const [row] = await ctx.database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, owner.userId));
      expect(row!.role).toBe('customer');
    } finally {
      await other.close();
    }
    await syncOwnerRoles(ctx.database.db, [...OWNER_EMAILS]);
    expect((await adminCall(ctx.app, owner.token, 'GET', '/api/admin/sessao/')).statusCode).toBe(
      200,
    );
  });

  it("keeps the owners' addresses reserved: a customer cannot move her e-mail to one", async () => {
    const admins = ['nova.dona@semijoias.test'];
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const other = await buildApp({
      config: testConfig({ adminEmails: admins }),
      database: ctx.database,
      logger: false,
      background: false,
    });
    try {
      await other.ready();
      const res = await adminCall(other, customer.token, 'PUT', '/api/infos/', {
        email: admins[0],
        phone: '(11) 98765-4321',
        senha_atual: GOOD_PASSWORD,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: REGISTRATION_EMAIL_TAKEN });
    } finally {
      await other.close();
    }
  });

  it('a customer is not an administrator in her infos', async () => {
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const infos = await adminCall(ctx.app, customer.token, 'GET', '/api/infos/');
    expect(infos.json()).toMatchObject({ administrador: false });
  });
});
