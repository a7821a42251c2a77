/**
 * Changing an account's e-mail (issue 33, docs/account-security.md): the current password, the
 * link to the new address, the 'não fui eu' link to the old one, and no way into the owners' role
 * by moving an account to an address the owners list later.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_CANCEL_INVALID,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_PASSWORD_REQUIRED,
  EMAIL_CHANGE_PASSWORD_WRONG,
  EMAIL_CHANGE_TAKEN_NOW,
} from '@semijoias/domain/email-change';
import { REGISTRATION_EMAIL_TAKEN } from '@semijoias/domain/messages';
import { emailChanges, users } from '../../db/schema.js';
import { memoryMailer, type MailMessage } from '../../integrations/mail/mailer.js';
import { applyOwnerRole, syncOwnerRoles } from '../owner-access/index.js';
import { GOOD_PASSWORD, login, post, userIdOf, verifiedUser } from '../../../test/accounts.js';
import { sentMail, useTestApp } from '../../../test/helpers.js';

const RESERVED = 'loja.reservada@semijoias.test';
const mailer = memoryMailer();
const ctx = useTestApp({ adminEmails: [RESERVED] }, { mailer });

const put = (token: string, payload: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/infos/',
    payload,
    headers: { authorization: `Bearer ${token}` },
  });
const info = async (token: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/infos/',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json() as { email: string; phone: string; administrador: boolean };

function fresh(tag: string): string {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;
}

/** The newest message to `to`, delivered. */
async function mailTo(to: string): Promise<MailMessage> {
  const message = [...(await sentMail(ctx.app, mailer))].reverse().find((m) => m.to === to);
  expect(message, `no e-mail to ${to}`).toBeDefined();
  return message!;
}

function tokenOf(message: MailMessage, path: string): string {
  const link = message.links.find((l) => new URL(l).pathname === path);
  expect(link, `no ${path} link in "${message.subject}"`).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

async function customer() {
  const payload = await verifiedUser(ctx.app, ctx.database);
  const email = payload.email.toLowerCase();
  const tokens = await login(ctx.app, email);
  return { email, ...tokens, id: await userIdOf(ctx.database, email) };
}

async function emailOf(id: number): Promise<string> {
  const [row] = await ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row!.email;
}

describe('PUT /api/infos/ with a new e-mail', () => {
  it('asks for the current password (400 in senha_atual), and changes the phone without it', async () => {
    const ana = await customer();
    const target = fresh('nova');
    const missing = await put(ana.access, { email: target, phone: '(21) 3333-4444' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ senha_atual: [EMAIL_CHANGE_PASSWORD_REQUIRED] });
    const wrong = await put(ana.access, {
      email: target,
      phone: '(21) 3333-4444',
      senha_atual: 'Errada2024',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ senha_atual: [EMAIL_CHANGE_PASSWORD_WRONG] });
    expect(await emailOf(ana.id)).toBe(ana.email);

    const phoneOnly = await put(ana.access, { email: ana.email, phone: '(21) 3333-4444' });
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(200);
    expect(phoneOnly.json()).toMatchObject({ email: ana.email, phone: '2133334444' });
  });

  it('changes nothing until the link sent to the new address is opened, once', async () => {
    const ana = await customer();
    const target = fresh('nova');
    const res = await put(ana.access, {
      email: target.toUpperCase(),
      phone: '(11) 98765-4321',
      senha_atual: GOOD_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: ana.email, email_pendente: target });
    expect(res.json().message).toContain(target);
    // A stolen access token alone no longer moves the account.
    expect(await emailOf(ana.id)).toBe(ana.email);

    const toNew = await mailTo(target);
    const toOld = await mailTo(ana.email);
    const confirm = tokenOf(toNew, '/confirmar-email');
    tokenOf(toOld, '/nao-fui-eu');
    expect(toOld.text).toContain(target);
    expect(toOld.text).not.toContain(confirm);

    const ok = await post(ctx.app, '/api/confirmar-email/', { token: confirm });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().email).toBe(target);
    expect(await emailOf(ana.id)).toBe(target);
    expect((await info(ana.access)).email).toBe(target);
    // Single use.
    const again = await post(ctx.app, '/api/confirmar-email/', { token: confirm });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(EMAIL_CHANGE_LINK_INVALID);
    // She logs in with the new address.
    await login(ctx.app, target);
  });

  it('refuses an expired link, and a new address taken meanwhile', async () => {
    const ana = await customer();
    const target = fresh('nova');
    await put(ana.access, { email: target, phone: '(11) 98765-4321', senha_atual: GOOD_PASSWORD });
    const token = tokenOf(await mailTo(target), '/confirmar-email');
    await ctx.database.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChanges.userId, ana.id));
    const late = await post(ctx.app, '/api/confirmar-email/', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(EMAIL_CHANGE_LINK_INVALID);

    const other = fresh('outra');
    await put(ana.access, { email: other, phone: '(11) 98765-4321', senha_atual: GOOD_PASSWORD });
    const token2 = tokenOf(await mailTo(other), '/confirmar-email');
    await verifiedUser(ctx.app, ctx.database, { email: other });
    const taken = await post(ctx.app, '/api/confirmar-email/', { token: token2 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(EMAIL_CHANGE_TAKEN_NOW);
    expect(await emailOf(ana.id)).toBe(ana.email);
  });

  it("'não fui eu' cancels the pending change and ends her sessions", async () => {
    const ana = await customer();
    const target = fresh('ladrao');
    await put(ana.access, { email: target, phone: '(11) 98765-4321', senha_atual: GOOD_PASSWORD });
    const confirm = tokenOf(await mailTo(target), '/confirmar-email');
    const cancel = tokenOf(await mailTo(ana.email), '/nao-fui-eu');

    const res = await post(ctx.app, '/api/nao-fui-eu/', { token: cancel });
    expect(res.statusCode, res.body).toBe(200);
    const late = await post(ctx.app, '/api/confirmar-email/', { token: confirm });
    expect(late.statusCode).toBe(400);
    expect(await emailOf(ana.id)).toBe(ana.email);
    // Her refresh token and her access token are refused.
    const refreshed = await post(ctx.app, '/api/token/refresh/', { refresh: ana.refresh });
    expect(refreshed.statusCode).toBe(401);
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/infos/',
      headers: { authorization: `Bearer ${ana.access}` },
    });
    expect(read.statusCode).toBe(401);
    const twice = await post(ctx.app, '/api/nao-fui-eu/', { token: cancel });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe(EMAIL_CHANGE_CANCEL_INVALID);
  });

  it("'não fui eu' after the thief confirmed gives her address back", async () => {
    const ana = await customer();
    const target = fresh('ladrao');
    await put(ana.access, { email: target, phone: '(11) 98765-4321', senha_atual: GOOD_PASSWORD });
    const confirm = tokenOf(await mailTo(target), '/confirmar-email');
    const cancel = tokenOf(await mailTo(ana.email), '/nao-fui-eu');
    expect((await post(ctx.app, '/api/confirmar-email/', { token: confirm })).statusCode).toBe(200);
    const thief = await login(ctx.app, target);
    // The thief asks a reset to the new address.
    expect((await post(ctx.app, '/api/forgot-password/', { email: target })).statusCode).toBe(200);
    const resetToken = new URL((await mailTo(target)).links[0]!).pathname.split('/').pop()!;

    const undo = await post(ctx.app, '/api/nao-fui-eu/', { token: cancel });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await emailOf(ana.id)).toBe(ana.email);
    expect(
      (await post(ctx.app, '/api/token/refresh/', { refresh: thief.refresh })).statusCode,
    ).toBe(401);
    // The reset link sent to the thief's address opens nothing any more.
    const reset = await post(ctx.app, '/api/reset-password/', {
      token: decodeURIComponent(resetToken),
      password: 'Ladrao2024x',
    });
    expect(reset.statusCode).not.toBe(200);
  });

  it('refuses an address of ADMIN_EMAILS with the words of a taken address', async () => {
    const ana = await customer();
    const res = await put(ana.access, {
      email: RESERVED,
      phone: '(11) 98765-4321',
      senha_atual: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    // The same words as an address of another account: nothing says it is the owners'.
    expect(res.json().error).toBe(REGISTRATION_EMAIL_TAKEN);
    expect(await emailOf(ana.id)).toBe(ana.email);
  });
});

describe('the owners’ role and a moved account (the escalation of issue 33)', () => {
  it('a customer who moves to an address the owners list later never becomes an owner', async () => {
    const ana = await customer();
    const later = fresh('contato');
    // Today's code moved the account at once; now it waits for a link she cannot open.
    await put(ana.access, { email: later, phone: '(11) 98765-4321', senha_atual: GOOD_PASSWORD });
    // The owners add the address and restart: the sync and her next login.
    await syncOwnerRoles(ctx.database.db, [RESERVED, later]);
    await applyOwnerRole(ctx.database.db, { id: ana.id, email: await emailOf(ana.id) }, [
      RESERVED,
      later,
    ]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.role).toBe('customer');
  });

  it('an account whose address was verified before it was listed is not made an owner', async () => {
    // An account moved by an older release (verified, then its e-mail changed with no link).
    const ana = await customer();
    const later = fresh('socia');
    await ctx.database.db.update(users).set({ email: later }).where(eq(users.id, ana.id));
    expect(await syncOwnerRoles(ctx.database.db, [RESERVED, later])).toBe(0);
    await applyOwnerRole(ctx.database.db, { id: ana.id, email: later }, [RESERVED, later]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.role).toBe('customer');
  });
});

describe('an address the owners listed after it was verified', () => {
  it('becomes an owner once its mailbox is proven again (send_verification, then the link)', async () => {
    const ana = await customer();
    // Moved by an older release to the address now in ADMIN_EMAILS, proven before the listing.
    await ctx.database.db.update(users).set({ email: RESERVED }).where(eq(users.id, ana.id));
    await syncOwnerRoles(ctx.database.db, [RESERVED]);
    expect((await info((await login(ctx.app, RESERVED)).access)).administrador).toBe(false);

    const resend = await post(ctx.app, '/api/send_verification/', { email: RESERVED });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().already_verified).toBeUndefined();
    const link = (await mailTo(RESERVED)).links[0]!;
    const token = new URL(link).searchParams.get('token')!;
    expect((await post(ctx.app, '/api/verify_email/', { token })).statusCode).toBe(200);
    expect((await info((await login(ctx.app, RESERVED)).access)).administrador).toBe(true);
    // Put back, for the other tests of this file.
    await ctx.database.db
      .update(users)
      .set({ email: ana.email, role: 'customer' })
      .where(eq(users.id, ana.id));
  });
});
