/**
 * A change of e-mail under races (docs/account-security.md). Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, where the calls run on separate connections and the guarded
 * updates of the one email_changes row meet on its lock:
 * - the link to the new address opened several times at once moves the account once;
 * - 'não fui eu' racing with the thief's confirmation always leaves her with her own address,
 *   whichever commits first (a cancelled change is never confirmed after; a confirmed one is
 *   undone), and the thief's session ended.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { GOOD_PASSWORD, login, post, userIdOf, verifiedUser } from '../../../test/accounts.js';
import { sentMail, useTestApp } from '../../../test/helpers.js';

const mailer = memoryMailer();
const ctx = useTestApp({}, { mailer });
const RACERS = 6;

async function tokenTo(to: string, path: string): Promise<string> {
  const sent = await sentMail(ctx.app, mailer);
  const message = [...sent].reverse().find((m) => m.to === to)!;
  const link = message.links.find((l) => new URL(l).pathname === path)!;
  return new URL(link).searchParams.get('token')!;
}

async function askChange() {
  const email = (await verifiedUser(ctx.app, ctx.database)).email.toLowerCase();
  const { access } = await login(ctx.app, email);
  const target = `ladra.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/infos/',
    payload: { email: target, phone: '(11) 98765-4321', senha_atual: GOOD_PASSWORD },
    headers: { authorization: `Bearer ${access}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    email,
    target,
    id: await userIdOf(ctx.database, email),
    confirm: await tokenTo(target, '/confirmar-email'),
    cancel: await tokenTo(email, '/nao-fui-eu'),
  };
}

async function emailOf(id: number) {
  const [row] = await ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row!.email;
}

describe('a change of e-mail under races', () => {
  it('the confirmation link opened at once moves the account once', async () => {
    const change = await askChange();
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        post(ctx.app, '/api/confirmar-email/', { token: change.confirm }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const other of answers.filter((a) => a.statusCode !== 200))
      expect(other.statusCode).toBe(400);
    expect(await emailOf(change.id)).toBe(change.target);
  });

  it("'não fui eu' racing with the confirmation leaves her own address, every time", async () => {
    for (let round = 0; round < 8; round++) {
      const change = await askChange();
      const calls = [
        post(ctx.app, '/api/confirmar-email/', { token: change.confirm }),
        post(ctx.app, '/api/nao-fui-eu/', { token: change.cancel }),
      ];
      const [confirmed, cancelled] = await Promise.all(round % 2 ? calls : [...calls].reverse());
      expect([confirmed!.statusCode, cancelled!.statusCode]).toContain(200);
      expect(await emailOf(change.id), `round ${round}`).toBe(change.email);
    }
  });
});
