import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo, toIsoDate } from '@semijoias/domain/calendar';
import {
  REGISTRATION_CPF_TAKEN,
  REGISTRATION_EMAIL_TAKEN,
  REGISTRATION_SUCCESS,
  RESEND_ALREADY_VERIFIED,
  RESEND_EMAIL_INVALID,
  RESEND_NOT_FOUND,
  RESEND_SENT,
  TOKEN_INVALID_OR_EXPIRED,
  VERIFY_ALREADY_VERIFIED,
  VERIFY_SUCCESS,
} from '@semijoias/domain/messages';
import {
  REGISTRATION_BIRTHDATE_FUTURE,
  REGISTRATION_CPF_INVALID,
  REGISTRATION_PASSWORD_WEAK,
  REGISTRATION_REQUIRED,
  REGISTRATION_TOO_YOUNG,
} from '@semijoias/domain/registration';
import { USER_INFO_EMAIL_INVALID, USER_INFO_PHONE_INVALID } from '@semijoias/domain/userInfo';
import { buildApp } from '../../app.js';
import { emailVerificationTokens, outboxEmails, users } from '../../db/schema.js';
import {
  GOOD_PASSWORD,
  login,
  makeCpf,
  maskedCpf,
  post,
  register,
  signUpPayload,
  tokenFromMail,
  userCount,
  verifiedUser,
} from '../../../test/accounts.js';
import { sentMail, testConfig, useTestApp } from '../../../test/helpers.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';

const mailer = memoryMailer();
const ctx = useTestApp({}, { mailer });

/** yyyy-mm-dd of São Paulo's today moved by years and days. */
function isoDaysFromToday(years: number, days = 0): string {
  const t = todayInSaoPaulo(new Date());
  const d = new Date(Date.UTC(t.year + years, t.month - 1, t.day + days));
  return toIsoDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

async function userByEmail(email: string) {
  const [row] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

describe('POST /api/users/', () => {
  it('creates an unverified account (normalized, argon2id) and sends the verification link', async () => {
    const payload = signUpPayload({ email: `Maria.${Date.now()}@Exemplo.COM` });
    const res = await post(ctx.app, '/api/users/', payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTRATION_SUCCESS, email_sent: true });

    const row = await userByEmail(payload.email);
    expect(row).toMatchObject({
      email: payload.email.toLowerCase(),
      cpf: payload.cpf.replace(/\D/g, ''),
      phone: '11987654321',
      birthdate: '1990-05-17',
      firstName: 'Ana',
      emailVerifiedAt: null,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(payload.password);

    const message = (await sentMail(ctx.app, mailer)).at(-1)!;
    expect(message.to).toBe(payload.email.toLowerCase());
    expect(message.subject).toContain('Duas Irmãs Semijoias');
    expect(message.links[0]).toMatch(/^http:\/\/loja\.test\/verificar-email\?token=[\w-]{43}$/);
    expect(message.text).toContain(message.links[0]);
    expect(message.html).toContain('Olá, Ana!');
    // Only the token's hash is stored.
    const token = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    const tokens = await ctx.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, row!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).not.toBe(token);
    expect(tokens[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3600 * 1000);
  });

  it.each([
    ['an empty body', {}, REGISTRATION_REQUIRED, 'firstName'],
    ['a missing field', { lastName: undefined }, REGISTRATION_REQUIRED, 'lastName'],
    ['a blank field', { firstName: '   ' }, REGISTRATION_REQUIRED, 'firstName'],
    ['an invalid CPF', { cpf: '123.456.789-00' }, REGISTRATION_CPF_INVALID, 'cpf'],
    ['a weak password', { password: 'semsenha' }, REGISTRATION_PASSWORD_WEAK, 'password'],
    [
      'a birth date in the future',
      { birthdate: isoDaysFromToday(0, 1) },
      REGISTRATION_BIRTHDATE_FUTURE,
      'birthdate',
    ],
    [
      'a 13-year-old (14 tomorrow)',
      { birthdate: isoDaysFromToday(-14, 1) },
      REGISTRATION_TOO_YOUNG,
      'birthdate',
    ],
    ['a 12-year-old', { birthdate: isoDaysFromToday(-13, 1) }, REGISTRATION_TOO_YOUNG, 'birthdate'],
    ['an invalid e-mail', { email: 'ana@exemplo' }, 'E-mail inválido.', 'email'],
    ['an incomplete phone', { phone: '(11) 9876' }, 'Telefone inválido.', 'phone'],
  ])(
    'refuses %s with 400, the first message and no account',
    async (_label, change, message, field) => {
      const before = await userCount(ctx.database);
      const payload = Object.keys(change).length === 0 ? {} : { ...signUpPayload(), ...change };
      const res = await post(ctx.app, '/api/users/', payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toBe(message);
      expect(body.error).toBe(message);
      expect(body.errors[field]).toContain(message);
      expect(await userCount(ctx.database)).toBe(before);
    },
  );

  it('takes a 14-year-old born exactly 14 years ago today', async () => {
    const res = await post(
      ctx.app,
      '/api/users/',
      signUpPayload({ birthdate: isoDaysFromToday(-14) }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a duplicate e-mail (any case) and a duplicate CPF (any mask) with 409', async () => {
    const first = await register(ctx.app);
    const before = await userCount(ctx.database);

    const sameEmail = await post(
      ctx.app,
      '/api/users/',
      signUpPayload({ email: `  ${first.email.toUpperCase()} ` }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({
      error: REGISTRATION_EMAIL_TAKEN,
      message: REGISTRATION_EMAIL_TAKEN,
    });

    const sameCpf = await post(
      ctx.app,
      '/api/users/',
      signUpPayload({ cpf: first.cpf.replace(/\D/g, '') }),
    );
    expect(sameCpf.statusCode).toBe(409);
    expect(sameCpf.json()).toEqual({
      error: REGISTRATION_CPF_TAKEN,
      message: REGISTRATION_CPF_TAKEN,
    });
    expect(await userCount(ctx.database)).toBe(before);
  });

  it('lets the unique constraint settle two sign-ups racing with one CPF', async () => {
    const cpf = maskedCpf(makeCpf(987_654_321));
    const results = await Promise.all([
      post(ctx.app, '/api/users/', signUpPayload({ cpf })),
      post(ctx.app, '/api/users/', signUpPayload({ cpf })),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(REGISTRATION_CPF_TAKEN);
    const rows = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.cpf, cpf.replace(/\D/g, '')));
    expect(rows).toHaveLength(1);
  });

  it('leaves no half-made account when the transaction fails after the user insert', async () => {
    const db = ctx.database.db;
    await db.execute(sql`create function test_fail_token() returns trigger language plpgsql as $$
      begin raise exception 'falha de teste'; end $$`);
    await db.execute(sql`create trigger test_fail_token before insert on email_verification_tokens
      for each row execute function test_fail_token()`);
    try {
      const before = await userCount(ctx.database);
      const payload = signUpPayload();
      const res = await post(ctx.app, '/api/users/', payload);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Erro interno do servidor.' });
      expect(await userCount(ctx.database)).toBe(before);
      expect(await userByEmail(payload.email)).toBeUndefined();
    } finally {
      await db.execute(sql`drop trigger test_fail_token on email_verification_tokens`);
      await db.execute(sql`drop function test_fail_token()`);
    }
  });

  it('leaves no account when its e-mail cannot be queued: the two are one transaction', async () => {
    const db = ctx.database.db;
    await db.execute(sql`create function test_fail_outbox() returns trigger language plpgsql as $$
      begin raise exception 'falha de teste'; end $$`);
    await db.execute(sql`create trigger test_fail_outbox before insert on outbox_emails
      for each row execute function test_fail_outbox()`);
    try {
      const before = await userCount(ctx.database);
      const payload = signUpPayload();
      const res = await post(ctx.app, '/api/users/', payload);
      expect(res.statusCode).toBe(500);
      expect(await userCount(ctx.database)).toBe(before);
      expect(await userByEmail(payload.email)).toBeUndefined();
    } finally {
      await db.execute(sql`drop trigger test_fail_outbox on outbox_emails`);
      await db.execute(sql`drop function test_fail_outbox()`);
    }
  });

  it('a mail server that is down delays the e-mail, never the sign-up or the resend', async () => {
    const failing = memoryMailer({ fail: true });
    const app = await buildApp({
      config: testConfig(),
      database: ctx.database,
      logger: false,
      mailer: failing,
      background: false,
    });
    try {
      const payload = signUpPayload();
      const email = payload.email.toLowerCase();
      const res = await post(app, '/api/users/', payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: REGISTRATION_SUCCESS, email_sent: true });
      expect(await userByEmail(payload.email)).toBeDefined();
      const again = await post(app, '/api/send_verification/', { email: payload.email });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: RESEND_SENT });

      expect(await app.outbox.drain()).toBe(0);
      const queued = await ctx.database.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.recipient, email));
      expect(queued).toHaveLength(2);
      for (const row of queued) {
        expect(row).toMatchObject({ kind: 'verification', attempts: 1, sentAt: null });
        expect(row.lastError).toContain('indisponível');
      }
      // Delivered by the next worker that reaches a working mail server, once due.
      await ctx.database.db
        .update(outboxEmails)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(outboxEmails.recipient, email));
      await ctx.app.outbox.drain();
      const delivered = (await sentMail(ctx.app, mailer)).filter((m) => m.to === email);
      expect(delivered).toHaveLength(2);
      expect(
        (
          await post(ctx.app, '/api/verify_email/', {
            token: tokenFromMail(delivered, email),
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers without the trailing slash too', async () => {
    const res = await post(ctx.app, '/api/users', signUpPayload());
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/verify_email/', () => {
  it('verifies once; the link is single use', async () => {
    const payload = await register(ctx.app);
    const token = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    const res = await post(ctx.app, '/api/verify_email/', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: VERIFY_SUCCESS,
      user: { first_name: 'Ana', email: payload.email.toLowerCase() },
      // The link logs her in (verify-login.test.ts).
      access: expect.any(String),
      refresh: expect.any(String),
    });
    // Her name, e-mail and session, answered for a one-time token: kept by no browser or proxy.
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await userByEmail(payload.email))!.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await post(ctx.app, '/api/verify_email/', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: TOKEN_INVALID_OR_EXPIRED });
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('refuses an expired token', async () => {
    const payload = await register(ctx.app);
    const token = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    const user = await userByEmail(payload.email);
    await ctx.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, user!.id));
    const res = await post(ctx.app, '/api/verify_email/', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(TOKEN_INVALID_OR_EXPIRED);
    expect((await userByEmail(payload.email))!.emailVerifiedAt).toBeNull();
  });

  it('refuses an unknown or missing token', async () => {
    expect((await post(ctx.app, '/api/verify_email/', { token: 'x'.repeat(43) })).statusCode).toBe(
      400,
    );
    const missing = await post(ctx.app, '/api/verify_email/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.token).toBeDefined();
  });

  it('answers already_verified for a second live link of a verified account', async () => {
    const payload = await register(ctx.app);
    const first = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    expect(
      (await post(ctx.app, '/api/send_verification/', { email: payload.email })).statusCode,
    ).toBe(200);
    const second = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    expect(second).not.toBe(first);
    expect((await post(ctx.app, '/api/verify_email/', { token: second })).statusCode).toBe(200);
    const res = await post(ctx.app, '/api/verify_email/', { token: first });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      already_verified: true,
      message: VERIFY_ALREADY_VERIFIED,
    });
  });
});

describe('POST /api/send_verification/', () => {
  it('sends a new link to an unverified account', async () => {
    const payload = await register(ctx.app);
    const count = (await sentMail(ctx.app, mailer)).length;
    const res = await post(ctx.app, '/api/send_verification/', {
      email: payload.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESEND_SENT });
    expect(await sentMail(ctx.app, mailer)).toHaveLength(count + 1);
    const token = tokenFromMail(await sentMail(ctx.app, mailer), payload.email);
    expect((await post(ctx.app, '/api/verify_email/', { token })).statusCode).toBe(200);
  });

  it('answers already_verified for a verified account, without sending', async () => {
    const payload = await verifiedUser(ctx.app, ctx.database);
    const count = (await sentMail(ctx.app, mailer)).length;
    const res = await post(ctx.app, '/api/send_verification/', { email: payload.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ already_verified: true, message: RESEND_ALREADY_VERIFIED });
    expect(await sentMail(ctx.app, mailer)).toHaveLength(count);
  });

  it('answers 404 for an unknown e-mail and 400 for an invalid one', async () => {
    const unknown = await post(ctx.app, '/api/send_verification/', {
      email: 'ninguem@exemplo.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: RESEND_NOT_FOUND });
    const invalid = await post(ctx.app, '/api/send_verification/', { email: 'nao-e-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe(RESEND_EMAIL_INVALID);
  });
});

describe('GET and PUT /api/infos/', () => {
  const get = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/infos/',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const put = (token: string | undefined, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/infos/',
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('answers 401 without a valid bearer token', async () => {
    for (const res of [
      await get(),
      await get('nao.e.jwt'),
      await put(undefined, { email: 'a@b.com', phone: '(11) 98765-4321' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: TOKEN_INVALID_OR_EXPIRED,
        error: TOKEN_INVALID_OR_EXPIRED,
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('reads the logged-in user only: the id comes from the token', async () => {
    const ana = await verifiedUser(ctx.app, ctx.database, { firstName: 'Ana' });
    const bia = await verifiedUser(ctx.app, ctx.database, {
      firstName: 'Bia',
      phone: '1130000000',
    });
    const anaTokens = await login(ctx.app, ana.email);
    const biaTokens = await login(ctx.app, bia.email);

    const res = await get(anaTokens.access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      username: ana.email.toLowerCase(),
      first_name: 'Ana',
      last_name: 'Souza',
      email: ana.email.toLowerCase(),
      phone: '11987654321',
      cpf: ana.cpf.replace(/\D/g, ''),
      birthdate: '1990-05-17',
      administrador: false,
      aceita_marketing: false,
    });
    const biaInfo = await get(biaTokens.access);
    expect(biaInfo.json()).toMatchObject({ first_name: 'Bia', phone: '1130000000' });
    // A query or body naming another user changes nothing.
    const sneaky = await ctx.app.inject({
      method: 'GET',
      url: `/api/infos/?id=1&email=${encodeURIComponent(bia.email)}`,
      headers: { authorization: `Bearer ${anaTokens.access}` },
    });
    expect(sneaky.json().first_name).toBe('Ana');
  });

  it('changes only the phone at once, and the e-mail once its link is opened', async () => {
    const ana = await verifiedUser(ctx.app, ctx.database);
    const { access } = await login(ctx.app, ana.email);
    const newEmail = `Nova.${Date.now()}@Exemplo.com`;
    const res = await put(access, {
      username: 'outra',
      cpf: '52998224725',
      birthdate: '2000-01-01',
      email: ` ${newEmail} `,
      phone: '(21) 3333-4444',
      senha_atual: GOOD_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      email: ana.email.toLowerCase(),
      email_pendente: newEmail.toLowerCase(),
      phone: '2133334444',
      cpf: ana.cpf.replace(/\D/g, ''),
      birthdate: '1990-05-17',
    });
    const token = tokenFromMail(await sentMail(ctx.app, mailer), newEmail);
    const confirmed = await post(ctx.app, '/api/confirmar-email/', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await get(access)).json()).toMatchObject({
      email: newEmail.toLowerCase(),
      username: newEmail.toLowerCase(),
    });
    // Digits only are read as their mask; the same e-mail needs no password.
    const digits = await put(access, { email: newEmail, phone: '21999998888' });
    expect(digits.json().phone).toBe('21999998888');
  });

  it('refuses invalid fields with 400 and an e-mail of another account with 409', async () => {
    const ana = await verifiedUser(ctx.app, ctx.database);
    const bia = await verifiedUser(ctx.app, ctx.database);
    const { access } = await login(ctx.app, ana.email);
    const bad = await put(access, { email: 'ana@', phone: '(11) 1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      email: [USER_INFO_EMAIL_INVALID],
      phone: [USER_INFO_PHONE_INVALID],
    });
    const missing = await put(access, {});
    expect(missing.statusCode).toBe(400);
    const taken = await put(access, {
      email: bia.email.toUpperCase(),
      phone: '(11) 98765-4321',
      senha_atual: GOOD_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(REGISTRATION_EMAIL_TAKEN);
    expect((await get(access)).json().email).toBe(ana.email.toLowerCase());
  });
});
