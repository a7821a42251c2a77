import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  FORGOT_NOT_FOUND,
  FORGOT_SENT,
  LOGIN_EMAIL_NOT_VERIFIED,
  LOGIN_INVALID_CREDENTIALS,
  TOKEN_INVALID_OR_EXPIRED,
  TOO_MANY_ATTEMPTS,
} from '@semijoias/domain/messages';
import { RESET_PASSWORD_WEAK } from '@semijoias/domain/password';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../config.js';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema.js';
import {
  GOOD_PASSWORD,
  login,
  post,
  register,
  signUpPayload,
  tokenFromMail,
  verifiedUser,
} from '../../../test/accounts.js';
import { sentMail, TEST_JWT_SECRET, useTestApp } from '../../../test/helpers.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';

const mailer = memoryMailer();
const ctx = useTestApp({}, { mailer });

const infos = (access: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/infos/',
    headers: { authorization: `Bearer ${access}` },
  });
const refresh = (token: string) => post(ctx.app, '/api/token/refresh/', { refresh: token });

describe('POST /api/token/', () => {
  it('logs a verified account in with access and refresh tokens (e-mail in any case)', async () => {
    const user = await verifiedUser(ctx.app, ctx.database);
    const res = await post(ctx.app, '/api/token/', {
      username: ` ${user.email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { access, refresh: refreshToken } = res.json();
    const claims = decodeJwt(access);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, user.email.toLowerCase()));
    expect(claims).toMatchObject({ sub: String(row!.id), type: 'access' });
    expect(claims.exp! - claims.iat!).toBeGreaterThan(14 * 60);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(15 * 60);
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    expect((await infos(access)).statusCode).toBe(200);
  });

  it('refuses an unverified account with 403 and its code, after checking the password', async () => {
    const user = await register(ctx.app);
    const res = await post(ctx.app, '/api/token/', {
      username: user.email,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: LOGIN_EMAIL_NOT_VERIFIED, code: 'email_not_verified' });
    const wrong = await post(ctx.app, '/api/token/', {
      username: user.email,
      password: 'Errada123',
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers 401 for a wrong password or an unknown e-mail, alike', async () => {
    const user = await verifiedUser(ctx.app, ctx.database);
    const wrong = await post(ctx.app, '/api/token/', {
      username: user.email,
      password: 'Errada123',
    });
    const unknown = await post(ctx.app, '/api/token/', {
      username: 'ninguem@x.com',
      password: 'Errada123',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: LOGIN_INVALID_CREDENTIALS,
        error: LOGIN_INVALID_CREDENTIALS,
      });
    }
  });

  it('answers 400 for missing fields', async () => {
    const res = await post(ctx.app, '/api/token/', { username: 'a@b.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toBeDefined();
  });
});

describe('access tokens', () => {
  it('refuses a token signed with another key, an expired one and a refresh token as bearer', async () => {
    const user = await verifiedUser(ctx.app, ctx.database);
    const pair = await login(ctx.app, user.email);
    const { sub } = decodeJwt(pair.access);
    const forged = await new SignJWT({ type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub!)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('outra-chave-outra-chave-outra-chave-123'));
    const expired = await new SignJWT({ type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub!)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const token of [forged, expired, pair.refresh]) {
      const res = await infos(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(TOKEN_INVALID_OR_EXPIRED);
    }
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates: a new pair, and the old refresh is spent', async () => {
    const user = await verifiedUser(ctx.app, ctx.database);
    const first = await login(ctx.app, user.email);
    const res = await refresh(first.refresh);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await infos(second.access)).statusCode).toBe(200);
    const third = await refresh(second.refresh);
    expect(third.statusCode).toBe(200);
  });

  it('a reused (spent) refresh revokes its family: the newer refresh stops working too', async () => {
    const user = await verifiedUser(ctx.app, ctx.database);
    const first = await login(ctx.app, user.email);
    const other = await login(ctx.app, user.email); // another device: its own family
    const second = (await refresh(first.refresh)).json();

    const replay = await refresh(first.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      detail: TOKEN_INVALID_OR_EXPIRED,
      error: TOKEN_INVALID_OR_EXPIRED,
    });
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    // The other login is untouched.
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('refuses an unknown, an expired and a missing refresh', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    const user = await verifiedUser(ctx.app, ctx.database);
    const pair = await login(ctx.app, user.email);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, user.email.toLowerCase()));
    await ctx.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, row!.id));
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/token/refresh/', {})).statusCode).toBe(400);
  });
});

describe('answers that carry tokens or say whether one is good', () => {
  it('are never stored (Cache-Control: no-store), success and failure alike', async () => {
    const user = await verifiedUser(ctx.app, ctx.database);
    const unverified = await register(ctx.app);
    const pair = await login(ctx.app, user.email);
    const answers: [string, number, Awaited<ReturnType<typeof post>>][] = [
      [
        'login',
        200,
        await post(ctx.app, '/api/token/', { username: user.email, password: GOOD_PASSWORD }),
      ],
      [
        'login, wrong password',
        401,
        await post(ctx.app, '/api/token/', { username: user.email, password: 'Errada123' }),
      ],
      [
        'login, e-mail not verified',
        403,
        await post(ctx.app, '/api/token/', {
          username: unverified.email,
          password: GOOD_PASSWORD,
        }),
      ],
      ['login, no password', 400, await post(ctx.app, '/api/token/', { username: user.email })],
      ['refresh', 200, await refresh(pair.refresh)],
      ['refresh, spent', 401, await refresh(pair.refresh)],
      ['refresh, missing', 400, await post(ctx.app, '/api/token/refresh/', {})],
      ['forgot', 200, await post(ctx.app, '/api/forgot-password/', { email: user.email })],
      [
        'forgot, unknown e-mail',
        404,
        await post(ctx.app, '/api/forgot-password/', { email: 'ninguem@exemplo.com' }),
      ],
    ];
    const token = tokenFromMail(await sentMail(ctx.app, mailer), user.email);
    answers.push(
      [
        'reset',
        200,
        await post(ctx.app, '/api/reset-password/', { token, password: 'NovaSenha2025' }),
      ],
      [
        'reset, spent token',
        400,
        await post(ctx.app, '/api/reset-password/', { token, password: 'OutraSenha2025' }),
      ],
    );
    for (const [what, status, res] of answers) {
      expect(res.statusCode, what).toBe(status);
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });
});

describe('forgot and reset password', () => {
  it('forgot: 404 for an unknown e-mail, 200 and a reset link otherwise', async () => {
    const unknown = await post(ctx.app, '/api/forgot-password/', { email: 'ninguem@exemplo.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: FORGOT_NOT_FOUND });

    const user = await verifiedUser(ctx.app, ctx.database);
    const res = await post(ctx.app, '/api/forgot-password/', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_SENT });
    const message = (await sentMail(ctx.app, mailer)).at(-1)!;
    expect(message.to).toBe(user.email.toLowerCase());
    expect(message.links[0]).toMatch(/^http:\/\/loja\.test\/redefinir-senha\/[\w-]{43}$/);
    expect(message.text).toContain('1 hora');
  });

  it('reset: a new password and every open session ends', async () => {
    const user = await verifiedUser(ctx.app, ctx.database);
    const session = await login(ctx.app, user.email);
    expect((await infos(session.access)).statusCode).toBe(200);

    await post(ctx.app, '/api/forgot-password/', { email: user.email });
    const token = tokenFromMail(await sentMail(ctx.app, mailer), user.email);

    const weak = await post(ctx.app, '/api/reset-password/', { token, password: 'fraca' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: RESET_PASSWORD_WEAK });

    const res = await post(ctx.app, '/api/reset-password/', { token, password: 'NovaSenha2025' });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().message).toBe('string');

    expect((await infos(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect(
      (await post(ctx.app, '/api/token/', { username: user.email, password: GOOD_PASSWORD }))
        .statusCode,
    ).toBe(401);
    const fresh = await login(ctx.app, user.email, 'NovaSenha2025');
    expect((await infos(fresh.access)).statusCode).toBe(200);
    expect((await refresh(fresh.refresh)).statusCode).toBe(200);

    const reused = await post(ctx.app, '/api/reset-password/', {
      token,
      password: 'OutraSenha2025',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: TOKEN_INVALID_OR_EXPIRED });
  });

  it('reset: refuses an expired or unknown token', async () => {
    const user = await verifiedUser(ctx.app, ctx.database);
    await post(ctx.app, '/api/forgot-password/', { email: user.email });
    const token = tokenFromMail(await sentMail(ctx.app, mailer), user.email);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, user.email.toLowerCase()));
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, row!.id));
    const expired = await post(ctx.app, '/api/reset-password/', {
      token,
      password: 'NovaSenha2025',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(TOKEN_INVALID_OR_EXPIRED);
    const unknown = await post(ctx.app, '/api/reset-password/', {
      token: 'abc',
      password: 'NovaSenha2025',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await post(ctx.app, '/api/reset-password/', { token })).statusCode).toBe(400);
    await login(ctx.app, user.email); // the old password still works
  });

  it('reset also proves the mailbox: an unverified account can log in after it', async () => {
    const user = await register(ctx.app);
    await post(ctx.app, '/api/forgot-password/', { email: user.email });
    const token = tokenFromMail(await sentMail(ctx.app, mailer), user.email);
    expect(
      (await post(ctx.app, '/api/reset-password/', { token, password: 'NovaSenha2025' }))
        .statusCode,
    ).toBe(200);
    await login(ctx.app, user.email, 'NovaSenha2025');
  });
});

describe('rate limits (kept in the database)', () => {
  const tight: RateLimits = {
    ...DEFAULT_RATE_LIMITS,
    loginPerIpEmail: { max: 2, windowSeconds: 900 },
    loginPerIp: { max: 4, windowSeconds: 900 },
    registrationPerIp: { max: 1, windowSeconds: 3600 },
    emailPerAddress: { max: 1, windowSeconds: 3600 },
    emailPerIp: { max: 4, windowSeconds: 3600 },
  };
  const limited = useTestApp({ rateLimits: tight }, { mailer: memoryMailer() });
  const expect429 = (res: {
    statusCode: number;
    json(): unknown;
    headers: Record<string, unknown>;
  }) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
  };

  it('login: per IP and e-mail, then per IP', async () => {
    const attempt = (email: string) =>
      post(limited.app, '/api/token/', { username: email, password: 'Errada123' });
    expect((await attempt('a@x.com')).statusCode).toBe(401);
    expect((await attempt('A@x.com')).statusCode).toBe(401);
    expect429(await attempt('a@x.com'));
    expect((await attempt('b@x.com')).statusCode).toBe(401);
    expect429(await attempt('c@x.com')); // the fifth from this IP
  });

  it('registration per IP', async () => {
    expect((await post(limited.app, '/api/users/', signUpPayload())).statusCode).toBe(201);
    expect429(await post(limited.app, '/api/users/', signUpPayload()));
  });

  it('forgot password and resend per e-mail, and per IP', async () => {
    const user = signUpPayload();
    const forgot = () => post(limited.app, '/api/forgot-password/', { email: user.email });
    expect((await forgot()).statusCode).toBe(404);
    expect429(await forgot());
    const resend = () => post(limited.app, '/api/send_verification/', { email: user.email });
    expect((await resend()).statusCode).toBe(404);
    expect429(await resend());
    // Two forgot and two resend hits from this IP so far: the fifth passes the per-IP limit of 4.
    expect429(await post(limited.app, '/api/forgot-password/', { email: 'outra@x.com' }));
  });
});
