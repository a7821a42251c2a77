/**
 * Sign-up that flows: the verification link logs her in (once), carries where she was going
 * (a path of the store only), and its e-mail names the welcome coupon.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WELCOME_COUPON_CODE, WELCOME_COUPON_OFFER } from '@semijoias/domain/coupon';
import {
  TOKEN_INVALID_OR_EXPIRED,
  VERIFY_ALREADY_VERIFIED,
  VERIFY_SUCCESS,
} from '@semijoias/domain/messages';
import { emailVerificationTokens, refreshTokens, users } from '../../db/schema.js';
import { memoryMailer, type MailMessage } from '../../integrations/mail/mailer.js';
import { hashToken } from '../../lib/secrets.js';
import { apiCall, post, register, signUpPayload, tokenFromMail } from '../../../test/accounts.js';
import { sentMail, useTestApp } from '../../../test/helpers.js';

const OWNER = 'dona.verifica@exemplo.com.br';
const mailer = memoryMailer();
const ctx = useTestApp({ adminEmails: [OWNER] }, { mailer });

async function newestMailTo(email: string): Promise<MailMessage> {
  const message = (await sentMail(ctx.app, mailer)).findLast((m) => m.to === email.toLowerCase());
  expect(message, `an e-mail to ${email}`).toBeDefined();
  return message!;
}

async function refreshRowsOf(email: string) {
  const [user] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user!.id));
}

describe('the verification link logs her in', () => {
  it('answers a session with the verification, the same a password login gives', async () => {
    const payload = await register(ctx.app);
    const token = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    const res = await post(ctx.app, '/api/verify_email/', { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The fields the page read before stay as they were.
    expect(body).toMatchObject({
      success: true,
      message: VERIFY_SUCCESS,
      user: { first_name: 'Ana', email: payload.email.toLowerCase() },
    });
    expect(body.already_verified).toBeUndefined();
    expect(body.access).toEqual(expect.any(String));
    expect(body.refresh).toEqual(expect.any(String));
    expect(res.headers['cache-control']).toBe('no-store');

    // The access token opens her account; the refresh token rotates as a login's does.
    const info = await apiCall(ctx.app, body.access, 'GET', '/api/infos/');
    expect(info.statusCode).toBe(200);
    expect(info.json().email).toBe(payload.email.toLowerCase());
    const refreshed = await post(ctx.app, '/api/token/refresh/', { refresh: body.refresh });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });

  it('a second use of the link neither verifies nor logs in', async () => {
    const payload = await register(ctx.app);
    const token = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    expect((await post(ctx.app, '/api/verify_email/', { token })).statusCode).toBe(200);
    const again = await post(ctx.app, '/api/verify_email/', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: TOKEN_INVALID_OR_EXPIRED });
    expect(await refreshRowsOf(payload.email)).toHaveLength(1);
  });

  it('the same link opened twice at once gives one session', async () => {
    const payload = await register(ctx.app);
    const token = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(ctx.app, '/api/verify_email/', { token })),
    );
    const withSession = answers.filter((a) => a.statusCode === 200 && a.json().access);
    expect(withSession).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(2);
    expect(await refreshRowsOf(payload.email)).toHaveLength(1);
  });

  it('an older link of an account already verified answers already_verified, without a session', async () => {
    const payload = await register(ctx.app);
    const first = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    await post(ctx.app, '/api/send_verification/', { email: payload.email });
    const second = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    expect((await post(ctx.app, '/api/verify_email/', { token: second })).json().access).toEqual(
      expect.any(String),
    );
    const res = await post(ctx.app, '/api/verify_email/', { token: first });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      already_verified: true,
      message: VERIFY_ALREADY_VERIFIED,
      user: { first_name: 'Ana', email: payload.email.toLowerCase() },
    });
    expect(await refreshRowsOf(payload.email)).toHaveLength(1);
  });

  it('an expired link neither verifies nor logs in', async () => {
    const payload = await register(ctx.app);
    const token = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    await ctx.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.tokenHash, hashToken(token)));
    const res = await post(ctx.app, '/api/verify_email/', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: TOKEN_INVALID_OR_EXPIRED });
    expect(await refreshRowsOf(payload.email)).toHaveLength(0);
  });

  it("an owner's address is verified without a session: she logs in with her password", async () => {
    const payload = await register(ctx.app, { email: OWNER });
    const token = tokenFromMail(await sentMail(ctx.app, mailer), OWNER);
    const res = await post(ctx.app, '/api/verify_email/', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: VERIFY_SUCCESS,
      user: { first_name: 'Ana', email: OWNER },
    });
    expect(await refreshRowsOf(payload.email)).toHaveLength(0);
  });
});

describe('where she was going (destino)', () => {
  it('a store path given at sign-up is carried in the link', async () => {
    const payload = signUpPayload();
    const res = await post(ctx.app, '/api/users/', { ...payload, destino: '/checkout' });
    expect(res.statusCode).toBe(201);
    const mail = await newestMailTo(payload.email);
    const link = new URL(mail.links[0]!);
    expect(link.origin + link.pathname).toBe('http://loja.test/verificar-email');
    expect(link.searchParams.get('destino')).toBe('/checkout');
    expect(mail.text).toContain(mail.links[0]);
    // The token is still the link's own, and still verifies.
    const token = link.searchParams.get('token')!;
    expect((await post(ctx.app, '/api/verify_email/', { token })).statusCode).toBe(200);
  });

  it.each([
    ['another site', 'https://outro.site/checkout'],
    ['a scheme-relative URL', '//outro.site/checkout'],
    ['a backslash trick', '/\\outro.site'],
    ['javascript:', 'javascript:alert(1)'],
    ['not a text', { path: '/checkout' }],
    ['the verification page itself', '/verificar-email?token=x'],
  ])('%s is ignored: the sign-up goes on, the link has no destination', async (_label, destino) => {
    const payload = signUpPayload();
    const res = await post(ctx.app, '/api/users/', { ...payload, destino });
    expect(res.statusCode).toBe(201);
    const mail = await newestMailTo(payload.email);
    expect(new URL(mail.links[0]!).searchParams.has('destino')).toBe(false);
    expect(mail.text).not.toContain('outro.site');
    expect(mail.html).not.toContain('outro.site');
  });

  it('a new link asked for carries the destination too, checked the same way', async () => {
    const payload = await register(ctx.app);
    const kept = await post(ctx.app, '/api/send_verification/', {
      email: payload.email,
      destino: '/colares?pagina=2',
    });
    expect(kept.statusCode).toBe(200);
    expect(new URL((await newestMailTo(payload.email)).links[0]!).searchParams.get('destino')).toBe(
      '/colares?pagina=2',
    );
    const refused = await post(ctx.app, '/api/send_verification/', {
      email: payload.email,
      destino: 'https://outro.site',
    });
    expect(refused.statusCode).toBe(200);
    expect(new URL((await newestMailTo(payload.email)).links[0]!).searchParams.has('destino')).toBe(
      false,
    );
  });
});

describe('the verification e-mail', () => {
  it('names the welcome coupon and says the link logs her in', async () => {
    const payload = await register(ctx.app);
    const mail = await newestMailTo(payload.email);
    expect(mail.text).toContain(WELCOME_COUPON_OFFER);
    expect(mail.text).toContain(WELCOME_COUPON_CODE);
    expect(mail.html).toContain(WELCOME_COUPON_CODE);
    expect(mail.text).toContain('você já entra na sua conta');
    expect(mail.text).toContain('48 horas');
  });
});
