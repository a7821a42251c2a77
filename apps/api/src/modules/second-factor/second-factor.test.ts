/**
 * The owners' second factor through its calls (docs/second-factor.md): setting up, the back
 * office closed until it is passed, codes once, the time window, recovery codes, refresh keeping
 * it, a password reset keeping it, another owner resetting it, OWNER_2FA=optional, rate limits.
 */
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ADMIN_FORBIDDEN } from '@semijoias/domain/admin';
import { TOO_MANY_ATTEMPTS } from '@semijoias/domain/messages';
import {
  OWNER_NOT_FOUND,
  SECOND_FACTOR_ALREADY_SET,
  SECOND_FACTOR_CODE_FORMAT,
  SECOND_FACTOR_INVALID_CODE,
  SECOND_FACTOR_NO_PENDING_SETUP,
  SECOND_FACTOR_NOT_SET,
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_REQUIRED_CODE,
  SECOND_FACTOR_RESET_DONE,
  SECOND_FACTOR_RESET_SELF,
} from '@semijoias/domain/second-factor';
import { loggedInCustomer, post, tokenFromMail, verifiedUser } from '../../../test/accounts.js';
import {
  adminCall,
  loggedInOwner,
  ownerByPassword,
  passwordLogin,
  setUpSecondFactor,
  setupLinkToken,
  startSecondFactorSetup,
} from '../../../test/admin.js';
import { sentMail, testConfig, useTestApp } from '../../../test/helpers.js';
import { DEFAULT_RATE_LIMITS, parseEnv } from '../../config.js';
import { auditLog, ownerRecoveryCodes, ownerSecondFactors } from '../../db/schema.js';
import { jwtKey } from '../../lib/access-token.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { createSecondFactorService, hashRecoveryCode, openSecret } from './service.js';
import { totpCode, totpStep } from './totp.js';
import { TEST_JWT_SECRET } from '../../../test/helpers.js';

/** Ana and Bia log in through the tests' helper; the others are set up by hand here. */
const ANA = 'ana.dona@sf.test';
const BIA = 'bia.dona@sf.test';
const OWNERS = [
  ANA,
  BIA,
  'setup.dona@sf.test',
  'codes.dona@sf.test',
  'renew.dona@sf.test',
  'notset.dona@sf.test',
  'window.dona@sf.test',
  'reset.dona@sf.test',
];
const mailer = memoryMailer();
const ctx = useTestApp({ adminEmails: OWNERS }, { mailer });

const sessao = (token: string) => adminCall(ctx.app, token, 'GET', '/api/admin/sessao/');

/** An owner who set up her authenticator: what her phone keeps, and her session with the factor. */
async function ownerWithFactor(email: string) {
  const owner = await ownerByPassword(ctx.app, ctx.database, email);
  return {
    userId: owner.userId,
    ...(await setUpSecondFactor(ctx.app, owner.access, ctx.database)),
  };
}

function expectSecondFactorRequired(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({
    error: SECOND_FACTOR_REQUIRED,
    message: SECOND_FACTOR_REQUIRED,
    codigo: SECOND_FACTOR_REQUIRED_CODE,
  });
}

describe('setting up the authenticator', () => {
  it('closes the back office, sets up with a QR code, and opens it with the first code', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'setup.dona@sf.test');
    expect(decodeJwt(owner.access).sf).toBeUndefined();
    expectSecondFactorRequired(await sessao(owner.access));

    const status = await adminCall(ctx.app, owner.access, 'GET', '/api/segundo-fator/');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ configurado: false, obrigatorio: true, codigos_restantes: 0 });
    expect(status.headers['cache-control']).toBe('no-store');

    // Nothing pending yet.
    const early = await post(
      ctx.app,
      '/api/segundo-fator/ativar/',
      { codigo: '123456' },
      owner.access,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: SECOND_FACTOR_NO_PENDING_SETUP });

    const first = await startSecondFactorSetup(ctx.app, owner.access, ctx.database);
    expect(first.segredo).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const uri = new URL(first.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(first.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(':setup.dona@sf.test');
    expect(first.qr_svg.startsWith('<svg')).toBe(true);

    // Starting again replaces the pending secret: a code of the first one no longer activates.
    const second = await startSecondFactorSetup(ctx.app, owner.access, ctx.database);
    expect(second.secret).not.toBe(first.secret);
    const stale = await post(
      ctx.app,
      '/api/segundo-fator/ativar/',
      { codigo: totpCode(first.secret, totpStep()) },
      owner.access,
    );
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      error: SECOND_FACTOR_INVALID_CODE,
      errors: { codigo: [SECOND_FACTOR_INVALID_CODE] },
    });
    const malformed = await post(
      ctx.app,
      '/api/segundo-fator/ativar/',
      { codigo: '12ab' },
      owner.access,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: SECOND_FACTOR_INVALID_CODE,
      errors: { codigo: [SECOND_FACTOR_CODE_FORMAT] },
    });
    // The back office is still closed to her password-only session.
    expectSecondFactorRequired(await sessao(owner.access));

    const activated = await post(
      ctx.app,
      '/api/segundo-fator/ativar/',
      { codigo: totpCode(second.secret, totpStep()) },
      owner.access,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    const answer = activated.json() as {
      access: string;
      refresh: string;
      codigos_recuperacao: string[];
    };
    expect(answer.codigos_recuperacao).toHaveLength(10);
    for (const code of answer.codigos_recuperacao)
      expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(answer.codigos_recuperacao).size).toBe(10);
    expect(decodeJwt(answer.access).sf).toBe(true);
    expect((await sessao(answer.access)).statusCode).toBe(200);

    // Only salted scrypt hashes are kept.
    const stored = await ctx.database.db
      .select({ codeHash: ownerRecoveryCodes.codeHash })
      .from(ownerRecoveryCodes)
      .where(eq(ownerRecoveryCodes.userId, owner.userId));
    const salt = Buffer.from(stored[0]!.codeHash.split('$')[1]!, 'base64url');
    expect(stored.map((r) => r.codeHash).sort()).toEqual(
      (
        await Promise.all(
          answer.codigos_recuperacao.map((c) => hashRecoveryCode(c.replace('-', ''), salt)),
        )
      ).sort(),
    );
    for (const row of stored) expect(row.codeHash).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);

    const after = await adminCall(ctx.app, answer.access, 'GET', '/api/segundo-fator/');
    expect(after.json()).toEqual({ configurado: true, obrigatorio: true, codigos_restantes: 10 });
    const again = await post(
      ctx.app,
      '/api/segundo-fator/configurar/',
      { token: await setupLinkToken(ctx.database, answer.access) },
      answer.access,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: SECOND_FACTOR_ALREADY_SET });
    const reactivate = await post(
      ctx.app,
      '/api/segundo-fator/ativar/',
      { codigo: totpCode(second.secret, totpStep()) },
      answer.access,
    );
    expect(reactivate.statusCode).toBe(409);
  });

  it('is an owner matter: 401 without a session, 403 ADMIN_FORBIDDEN to a customer', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/segundo-fator/' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    for (const [method, url] of [
      ['GET', '/api/segundo-fator/'],
      ['POST', '/api/segundo-fator/link/'],
      ['POST', '/api/segundo-fator/configurar/'],
      ['POST', '/api/segundo-fator/ativar/'],
      ['POST', '/api/segundo-fator/verificar/'],
      ['POST', '/api/segundo-fator/codigos/'],
    ] as const) {
      const res = await adminCall(
        ctx.app,
        customer.token,
        method,
        url,
        method === 'POST' ? { codigo: '123456' } : undefined,
      );
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ error: ADMIN_FORBIDDEN });
    }
    // Her back-office answer is the old one, without the second factor's code.
    const refused = await adminCall(ctx.app, customer.token, 'GET', '/api/admin/sessao/');
    expect(refused.json()).toEqual({ error: ADMIN_FORBIDDEN });
  });
});

describe('logging in with a code', () => {
  it('a code of the app once, a recovery code once; tokens that refresh with the factor', async () => {
    const owner = await ownerWithFactor('codes.dona@sf.test');
    const secret = owner.secret;

    const login = await passwordLogin(ctx.app, 'codes.dona@sf.test');
    expectSecondFactorRequired(await sessao(login.access));
    const nothing = await post(
      ctx.app,
      '/api/segundo-fator/verificar/',
      { codigo: 'zzzz' },
      login.access,
    );
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ errors: { codigo: [SECOND_FACTOR_CODE_FORMAT] } });

    // The next step (the store accepts one ahead).
    const step = Math.max(totpStep(), owner.step + 1);
    const codigo = totpCode(secret, step);
    const ok = await post(ctx.app, '/api/segundo-fator/verificar/', { codigo }, login.access);
    expect(ok.statusCode, ok.body).toBe(200);
    const pair = ok.json() as { access: string; refresh: string; codigos_restantes: number };
    expect(decodeJwt(pair.access).sf).toBe(true);
    expect((await sessao(pair.access)).statusCode).toBe(200);

    // The same code again, and a code of an earlier step: refused.
    for (const replay of [codigo, totpCode(secret, step - 1)]) {
      const res = await post(
        ctx.app,
        '/api/segundo-fator/verificar/',
        { codigo: replay },
        login.access,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: SECOND_FACTOR_INVALID_CODE });
    }

    // Refreshing keeps the factor, twice over; a password login's refresh does not give it.
    let refresh = pair.refresh;
    for (let i = 0; i < 2; i++) {
      const res = await post(ctx.app, '/api/token/refresh/', { refresh });
      expect(res.statusCode).toBe(200);
      const next = res.json() as { access: string; refresh: string };
      expect(decodeJwt(next.access).sf).toBe(true);
      expect((await sessao(next.access)).statusCode).toBe(200);
      refresh = next.refresh;
    }
    const plain = await post(ctx.app, '/api/token/refresh/', { refresh: login.refresh });
    expect(decodeJwt((plain.json() as { access: string }).access).sf).toBeUndefined();
    expectSecondFactorRequired(await sessao((plain.json() as { access: string }).access));

    // A recovery code, typed in any case and spacing, works once.
    const renewed = await post(ctx.app, '/api/segundo-fator/codigos/', undefined, pair.access);
    expect(renewed.statusCode).toBe(200);
    const codes = (renewed.json() as { codigos_recuperacao: string[] }).codigos_recuperacao;
    const typed = ` ${codes[0]!.toUpperCase().replace('-', ' ')} `;
    const byCode = await post(
      ctx.app,
      '/api/segundo-fator/verificar/',
      { codigo: typed },
      login.access,
    );
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json()).toMatchObject({ codigos_restantes: 9 });
    expect(decodeJwt((byCode.json() as { access: string }).access).sf).toBe(true);
    const twice = await post(
      ctx.app,
      '/api/segundo-fator/verificar/',
      { codigo: codes[0] },
      login.access,
    );
    expect(twice.statusCode).toBe(400);
  });

  it('new recovery codes need a session that passed the factor; the old ones stop working', async () => {
    const owner = await ownerWithFactor('renew.dona@sf.test');
    const login = await passwordLogin(ctx.app, 'renew.dona@sf.test');
    expectSecondFactorRequired(
      await post(ctx.app, '/api/segundo-fator/codigos/', undefined, login.access),
    );
    const old = owner.recoveryCodes;
    const second = await post(ctx.app, '/api/segundo-fator/codigos/', undefined, owner.access);
    const fresh = (second.json() as { codigos_recuperacao: string[] }).codigos_recuperacao;
    expect(fresh).toHaveLength(10);
    const stale = await post(
      ctx.app,
      '/api/segundo-fator/verificar/',
      { codigo: old[0] },
      login.access,
    );
    expect(stale.statusCode).toBe(400);
    const ok = await post(
      ctx.app,
      '/api/segundo-fator/verificar/',
      { codigo: fresh[0] },
      login.access,
    );
    expect(ok.statusCode).toBe(200);
    const status = await adminCall(ctx.app, owner.access, 'GET', '/api/segundo-fator/');
    expect(status.json()).toMatchObject({ configurado: true, codigos_restantes: 9 });
  });

  it('verificar/ before any setup: 409', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'notset.dona@sf.test');
    const res = await post(
      ctx.app,
      '/api/segundo-fator/verificar/',
      { codigo: '123456' },
      owner.access,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: SECOND_FACTOR_NOT_SET });
    const codes = await post(ctx.app, '/api/segundo-fator/codigos/', undefined, owner.access);
    expectSecondFactorRequired(codes);
  });
});

describe('the time window (a clock the test moves)', () => {
  it('one step either way; after a step is used, no code of it or an earlier one', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'window.dona@sf.test');
    let clock = 1_700_000_010_000; // 10 s into a step
    const service = createSecondFactorService({
      db: ctx.database.db,
      key: jwtKey(TEST_JWT_SECRET),
      owner2fa: 'required',
      secretKey: 'test-second-factor-key-test-second-factor-key',
      publicUrl: 'http://loja.test',
      now: () => clock,
    });
    const me = { id: owner.userId, email: 'window.dona@sf.test' };
    const link = await setupLinkToken(ctx.database, owner.access);
    const secret = (await service.startSetup(me, link)).segredo.replace(/\s/g, '');
    const s = totpStep(clock);
    const code = (step: number) => totpCode(secret, step);
    const refused = async (p: Promise<unknown>) =>
      expect(p).rejects.toMatchObject({ message: SECOND_FACTOR_INVALID_CODE, statusCode: 400 });

    await refused(service.activate(me, code(s - 2)));
    await service.activate(me, code(s - 1)); // a phone a step behind
    await refused(service.verify(me, code(s - 1))); // the same step again
    await refused(service.verify(me, code(s + 2))); // too far ahead
    await service.verify(me, code(s + 1)); // a step ahead
    await refused(service.verify(me, code(s))); // earlier than the last used
    await refused(service.verify(me, code(s + 1)));
    clock += 60_000; // two steps later: s+1 is now two behind
    await refused(service.verify(me, code(s + 1)));
    await service.verify(me, code(s + 2));
    await service.verify(me, code(s + 3));
    await refused(service.verify(me, code(s + 3)));
    const [row] = await ctx.database.db
      .select({ lastStep: ownerSecondFactors.lastStep })
      .from(ownerSecondFactors)
      .where(eq(ownerSecondFactors.userId, owner.userId));
    expect(row!.lastStep).toBe(s + 3);
  });
});

describe('a password reset', () => {
  it('keeps the second factor', async () => {
    const email = 'reset.dona@sf.test';
    const owner = await loggedInOwner(ctx.app, ctx.database, email);
    expect((await post(ctx.app, '/api/forgot-password/', { email })).statusCode).toBe(200);
    const token = tokenFromMail(await sentMail(ctx.app, mailer), email);
    const reset = await post(ctx.app, '/api/reset-password/', { token, password: 'NovaSenha2025' });
    expect(reset.statusCode).toBe(200);
    // Her sessions ended, the factor did not.
    expect((await sessao(owner.token)).statusCode).toBe(401);
    const login = await post(ctx.app, '/api/token/', {
      username: email,
      password: 'NovaSenha2025',
    });
    const access = (login.json() as { access: string }).access;
    expectSecondFactorRequired(await sessao(access));
    const status = await adminCall(ctx.app, access, 'GET', '/api/segundo-fator/');
    expect(status.json()).toMatchObject({ configurado: true });
    const setup = await post(
      ctx.app,
      '/api/segundo-fator/configurar/',
      { token: await setupLinkToken(ctx.database, access) },
      access,
    );
    expect(setup.statusCode).toBe(409);
  });
});

describe("another owner's reset", () => {
  it('removes it, ends her sessions, is audited and mailed; not her own; owners only', async () => {
    const ana = await loggedInOwner(ctx.app, ctx.database, ANA);
    const bia = await loggedInOwner(ctx.app, ctx.database, BIA);
    const customer = await loggedInCustomer(ctx.app, ctx.database);

    const detail = (id: number) =>
      adminCall(ctx.app, ana.token, 'GET', `/api/admin/clientes/${id}/`);
    expect((await detail(bia.userId)).json()).toMatchObject({ cliente: { segundo_fator: true } });
    expect((await detail(customer.userId)).json()).toMatchObject({
      cliente: { segundo_fator: null },
    });

    const reset = (id: number, token = ana.token) =>
      adminCall(ctx.app, token, 'POST', `/api/admin/donos/${id}/segundo-fator/redefinir/`);
    const self = await reset(ana.userId);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ error: SECOND_FACTOR_RESET_SELF });
    for (const id of [customer.userId, 999_999]) {
      const res = await reset(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: OWNER_NOT_FOUND });
    }
    // Behind the back office's door like every admin call.
    expect((await reset(bia.userId, customer.token)).statusCode).toBe(403);

    const done = await reset(bia.userId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: SECOND_FACTOR_RESET_DONE });
    expect((await detail(bia.userId)).json()).toMatchObject({ cliente: { segundo_fator: false } });

    // Her sessions ended: the access token refused, the refresh token revoked.
    expect((await sessao(bia.token)).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/token/refresh/', { refresh: bia.refresh })).statusCode).toBe(
      401,
    );
    const [factor] = await ctx.database.db
      .select()
      .from(ownerSecondFactors)
      .where(eq(ownerSecondFactors.userId, bia.userId));
    expect(factor).toBeUndefined();
    const codes = await ctx.database.db
      .select()
      .from(ownerRecoveryCodes)
      .where(eq(ownerRecoveryCodes.userId, bia.userId));
    expect(codes).toEqual([]);

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'owner.second_factor_reset'),
          eq(auditLog.entityId, String(bia.userId)),
        ),
      );
    expect(audit).toMatchObject({ actorEmail: ANA, entityType: 'customer' });
    const mail = (await sentMail(ctx.app, mailer)).filter(
      (m) => m.to === BIA && m.subject.startsWith('Seu segundo fator foi redefinido'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Ana Souza redefiniu o segundo fator');

    // She logs in with her password and sets up a new authenticator (the helper does it).
    const login = await passwordLogin(ctx.app, BIA);
    const status = await adminCall(ctx.app, login.access, 'GET', '/api/segundo-fator/');
    expect(status.json()).toMatchObject({ configurado: false });
    const again = await loggedInOwner(ctx.app, ctx.database, BIA);
    expect((await sessao(again.token)).statusCode).toBe(200);
  });
});

describe('OWNER_2FA=optional', () => {
  const optional = useTestApp({ adminEmails: OWNERS, owner2fa: 'optional' });

  it('lets an owner without one in by password, and asks it of one who set it up', async () => {
    await verifiedUser(optional.app, optional.database, { email: OWNERS[0] });
    const login = await passwordLogin(optional.app, OWNERS[0]!);
    expect(
      (await adminCall(optional.app, login.access, 'GET', '/api/admin/sessao/')).statusCode,
    ).toBe(200);
    const status = await adminCall(optional.app, login.access, 'GET', '/api/segundo-fator/');
    expect(status.json()).toEqual({ configurado: false, obrigatorio: false, codigos_restantes: 0 });

    const owner = await loggedInOwner(optional.app, optional.database, OWNERS[0]);
    expect(
      (await adminCall(optional.app, owner.token, 'GET', '/api/admin/sessao/')).statusCode,
    ).toBe(200);
    const again = await passwordLogin(optional.app, OWNERS[0]!);
    expectSecondFactorRequired(
      await adminCall(optional.app, again.access, 'GET', '/api/admin/sessao/'),
    );
  });
});

describe('rate limits (every attempt counts, as at login)', () => {
  const limitedApp = (limits: Partial<typeof DEFAULT_RATE_LIMITS>) =>
    useTestApp({
      adminEmails: OWNERS,
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        secondFactorPerAccount: { max: 100, windowSeconds: 900 },
        secondFactorPerAccountDaily: { max: 100, windowSeconds: 86_400 },
        secondFactorPerIp: { max: 100, windowSeconds: 900 },
        ...limits,
      },
    });
  const perAccount = limitedApp({
    secondFactorPerAccount: { max: 3, windowSeconds: 900 },
    secondFactorPerIp: { max: 5, windowSeconds: 900 },
  });
  const perDay = limitedApp({ secondFactorPerAccountDaily: { max: 2, windowSeconds: 86_400 } });

  function expect429(res: {
    statusCode: number;
    json(): unknown;
    headers: Record<string, unknown>;
  }) {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
  }

  /** An owner set up by the helper (its ativar/ is one attempt), logged in again by password. */
  async function ownerAt(app: typeof perAccount, email: string) {
    const owner = await loggedInOwner(app.app, app.database, email);
    const [factor] = await app.database.db
      .select()
      .from(ownerSecondFactors)
      .where(eq(ownerSecondFactors.userId, owner.userId));
    const login = await passwordLogin(app.app, email);
    const attempt = (codigo: string) =>
      post(app.app, '/api/segundo-fator/verificar/', { codigo }, login.access);
    // Kept sealed: only the server's SECOND_FACTOR_KEY opens it.
    const secret = openSecret(testConfig().secondFactorKey, factor!.secret)!;
    const code = (offset: number) => totpCode(secret, totpStep() + offset);
    return { attempt, code };
  }

  it('per account, then per IP, with Retry-After; a right code does not pass a spent limit', async () => {
    const ana = await ownerAt(perAccount, ANA); // account 1, IP 1
    expect((await ana.attempt(ana.code(-5))).statusCode).toBe(400); // 2, 2
    expect((await ana.attempt(ana.code(-6))).statusCode).toBe(400); // 3, 3
    expect429(await ana.attempt(ana.code(1))); // 4 > 3 for her account (IP 4)
    // Another account from the same address: its setup is the IP's 5th, then the 6th is refused.
    const bia = await ownerAt(perAccount, BIA);
    expect429(await bia.attempt(bia.code(1)));
  });

  it('per account and day', async () => {
    const ana = await ownerAt(perDay, ANA); // 1 today
    expect((await ana.attempt(ana.code(-5))).statusCode).toBe(400); // 2
    expect429(await ana.attempt(ana.code(1))); // 3 > 2
  });

  it('RATE_LIMIT_SCALE scales them, 0 turns them off', () => {
    expect(parseEnv({ RATE_LIMIT_SCALE: '2' }).rateLimits.secondFactorPerAccount.max).toBe(20);
    expect(parseEnv({ RATE_LIMIT_SCALE: '0' }).rateLimits.secondFactorPerIp.max).toBe(0);
    expect(parseEnv({}).rateLimits.secondFactorPerAccountDaily).toEqual({
      max: 30,
      windowSeconds: 86_400,
    });
  });
});
