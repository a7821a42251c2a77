/**
 * Issue 33 item 2 and 5: the owners' second factor cannot be enrolled with a phished password,
 * a pending setup cannot be replaced by another session, every change is mailed to her, recovery
 * codes are a slow salted hash, and the TOTP secret is sealed with a key that is not in the
 * database (a backup restored on a server without it: she enrols again by the e-mailed link).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR_ALREADY_SET, SECOND_FACTOR_NOT_SET } from '@semijoias/domain/second-factor';
import {
  SECOND_FACTOR_LINK_INVALID,
  secondFactorLinkSent,
} from '@semijoias/domain/second-factor-link';
import { buildApp } from '../../app.js';
import {
  orders,
  ownerRecoveryCodes,
  ownerSecondFactors,
  ownerSetupLinks,
} from '../../db/schema.js';
import { memoryMailer, type MailMessage } from '../../integrations/mail/mailer.js';
import { post } from '../../../test/accounts.js';
import {
  adminCall,
  ownerByPassword,
  passwordLogin,
  setUpSecondFactor,
  setupLinkToken,
  startSecondFactorSetup,
} from '../../../test/admin.js';
import { sentMail, testConfig, useTestApp } from '../../../test/helpers.js';
import { openSecret, sealSecret } from './service.js';
import { totpCode, totpStep } from './totp.js';

const OWNERS = [
  'link.dona@sf.test',
  'other.dona@sf.test',
  'pending.dona@sf.test',
  'mail.dona@sf.test',
  'codes.dona@sf.test',
  'sealed.dona@sf.test',
  'plain.dona@sf.test',
  'restore.dona@sf.test',
];
const mailer = memoryMailer();
const ctx = useTestApp({ adminEmails: OWNERS }, { mailer });
const KEY = testConfig().secondFactorKey;

async function mailsTo(to: string): Promise<MailMessage[]> {
  return (await sentMail(ctx.app, mailer)).filter((m) => m.to === to);
}

function linkToken(message: MailMessage): string {
  const url = new URL(message.links[0]!);
  expect(url.pathname).toBe('/admin');
  expect(url.searchParams.get('segundo-fator')).toBe('configurar');
  return url.searchParams.get('token')!;
}

const configurar = (access: string, body?: object) =>
  post(ctx.app, '/api/segundo-fator/configurar/', body, access);

describe('enrolment needs the e-mailed link', () => {
  it('a session with the password alone cannot set up an authenticator', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'link.dona@sf.test');
    // The attacker with a phished password: no link, or a made-up one.
    for (const body of [undefined, {}, { token: 'x'.repeat(43) }]) {
      const res = await configurar(owner.access, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [row] = await ctx.database.db
      .select()
      .from(ownerSecondFactors)
      .where(eq(ownerSecondFactors.userId, owner.userId));
    expect(row).toBeUndefined();
  });

  it('link/ mails a one-time link to her address; it opens the setup once, and only hers', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'link.dona@sf.test');
    const other = await ownerByPassword(ctx.app, ctx.database, 'other.dona@sf.test');
    const asked = await post(ctx.app, '/api/segundo-fator/link/', undefined, owner.access);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: secondFactorLinkSent('link.dona@sf.test') });
    expect(asked.headers['cache-control']).toBe('no-store');
    const mail = (await mailsTo('link.dona@sf.test')).at(-1)!;
    expect(mail.subject).toContain('Configure o segundo fator');
    const token = linkToken(mail);

    // Another owner's session cannot use it.
    const stolen = await configurar(other.access, { token });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(SECOND_FACTOR_LINK_INVALID);

    const opened = await configurar(owner.access, { token });
    expect(opened.statusCode, opened.body).toBe(200);
    const again = await configurar(owner.access, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(SECOND_FACTOR_LINK_INVALID);
  });

  it('a link older than its 15 minutes opens nothing', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'other.dona@sf.test');
    const token = await setupLinkToken(ctx.database, owner.access);
    await ctx.database.db
      .update(ownerSetupLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ownerSetupLinks.userId, owner.userId));
    const late = await configurar(owner.access, { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(SECOND_FACTOR_LINK_INVALID);
  });

  it('a pending setup is not replaced by another session of hers', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'pending.dona@sf.test');
    const { secret } = await startSecondFactorSetup(ctx.app, owner.access, ctx.database);
    const attacker = await passwordLogin(ctx.app, 'pending.dona@sf.test');
    expect((await configurar(attacker.access)).statusCode).toBe(400);
    expect((await configurar(attacker.access, { token: 'y'.repeat(43) })).statusCode).toBe(400);
    // Her own app's code still activates her pending setup.
    const activated = await post(
      ctx.app,
      '/api/segundo-fator/ativar/',
      { codigo: totpCode(secret, totpStep()) },
      owner.access,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    // Set up: no link opens a new one.
    const late = await post(ctx.app, '/api/segundo-fator/link/', undefined, owner.access);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(SECOND_FACTOR_ALREADY_SET);
  });
});

describe('she hears of every change', () => {
  it('setting up and renewing the recovery codes each send her an e-mail', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'mail.dona@sf.test');
    const before = (await mailsTo('mail.dona@sf.test')).length;
    const factor = await setUpSecondFactor(ctx.app, owner.access, ctx.database);
    const afterSetup = await mailsTo('mail.dona@sf.test');
    expect(afterSetup.length).toBe(before + 1);
    expect(afterSetup.at(-1)!.subject).toContain('Segundo fator configurado');
    for (const code of factor.recoveryCodes) expect(afterSetup.at(-1)!.text).not.toContain(code);

    const renewed = await post(ctx.app, '/api/segundo-fator/codigos/', undefined, factor.access);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const afterRenew = await mailsTo('mail.dona@sf.test');
    expect(afterRenew.length).toBe(before + 2);
    expect(afterRenew.at(-1)!.subject).toContain('Novos códigos de recuperação');
  });
});

describe('what a copy of the database holds', () => {
  it('recovery codes as a salted scrypt hash, never their SHA-256', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'codes.dona@sf.test');
    const factor = await setUpSecondFactor(ctx.app, owner.access, ctx.database);
    const stored = await ctx.database.db
      .select({ codeHash: ownerRecoveryCodes.codeHash })
      .from(ownerRecoveryCodes)
      .where(eq(ownerRecoveryCodes.userId, owner.userId));
    const sha = new Set(
      factor.recoveryCodes.map((c) =>
        createHash('sha256').update(c.replace('-', '')).digest('hex'),
      ),
    );
    for (const row of stored) {
      expect(sha.has(row.codeHash)).toBe(false);
      expect(row.codeHash.startsWith('scrypt$')).toBe(true);
    }
    // A recovery code still opens a session.
    const login = await passwordLogin(ctx.app, 'codes.dona@sf.test');
    const used = await post(
      ctx.app,
      '/api/segundo-fator/verificar/',
      { codigo: factor.recoveryCodes[0] },
      login.access,
    );
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().codigos_restantes).toBe(9);
  });

  it('the TOTP secret sealed (AES-256-GCM), opened only with SECOND_FACTOR_KEY', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'sealed.dona@sf.test');
    const factor = await setUpSecondFactor(ctx.app, owner.access, ctx.database);
    const [row] = await ctx.database.db
      .select({ secret: ownerSecondFactors.secret })
      .from(ownerSecondFactors)
      .where(eq(ownerSecondFactors.userId, owner.userId));
    expect(row!.secret).not.toContain(factor.secret);
    expect(row!.secret.startsWith('v1.')).toBe(true);
    expect(openSecret(KEY, row!.secret)).toBe(factor.secret);
    expect(openSecret('another-key-another-key-another-key-0123', row!.secret)).toBeNull();
  });

  it('a plain secret left by an older release is sealed at start, and still works', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'plain.dona@sf.test');
    const factor = await setUpSecondFactor(ctx.app, owner.access, ctx.database);
    await ctx.database.db
      .update(ownerSecondFactors)
      .set({ secret: factor.secret })
      .where(eq(ownerSecondFactors.userId, owner.userId));
    const restarted = await buildApp({
      config: testConfig({ adminEmails: OWNERS }),
      database: ctx.database,
      logger: false,
      background: false,
    });
    try {
      await restarted.ready();
      const [row] = await ctx.database.db
        .select({ secret: ownerSecondFactors.secret })
        .from(ownerSecondFactors)
        .where(eq(ownerSecondFactors.userId, owner.userId));
      expect(row!.secret.startsWith('v1.')).toBe(true);
      expect(openSecret(KEY, row!.secret)).toBe(factor.secret);
      const login = await passwordLogin(restarted, 'plain.dona@sf.test');
      const ok = await post(
        restarted,
        '/api/segundo-fator/verificar/',
        { codigo: totpCode(factor.secret, factor.step + 1) },
        login.access,
      );
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await restarted.close();
    }
    expect(sealSecret(KEY, 'X')).not.toBe(sealSecret(KEY, 'X')); // a fresh IV each time
  });
});

describe('a backup restored on a server without the key', () => {
  it('opens no second factor; she enrols again by the e-mailed link; nothing else is lost', async () => {
    const owner = await ownerByPassword(ctx.app, ctx.database, 'restore.dona@sf.test');
    const factor = await setUpSecondFactor(ctx.app, owner.access, ctx.database);
    const [ordersBefore] = await ctx.database.db.select({ id: orders.id }).from(orders).limit(1);
    const otherMailer = memoryMailer();
    const restored = await buildApp({
      config: testConfig({
        adminEmails: OWNERS,
        secondFactorKey: 'a-new-server-key-a-new-server-key-0123456',
      }),
      database: ctx.database,
      logger: false,
      background: false,
      mailer: otherMailer,
    });
    try {
      await restored.ready();
      // Her password still logs in; her old authenticator and recovery codes open nothing.
      const login = await passwordLogin(restored, 'restore.dona@sf.test');
      const status = await adminCall(restored, login.access, 'GET', '/api/segundo-fator/');
      expect(status.json()).toMatchObject({ configurado: false });
      const old = await post(
        restored,
        '/api/segundo-fator/verificar/',
        { codigo: totpCode(factor.secret, factor.step + 1) },
        login.access,
      );
      expect(old.statusCode).toBe(409);
      expect(old.json().error).toBe(SECOND_FACTOR_NOT_SET);
      const recovery = await post(
        restored,
        '/api/segundo-fator/verificar/',
        { codigo: factor.recoveryCodes[0] },
        login.access,
      );
      expect(recovery.statusCode).toBe(409);

      // She asks for the link, opens it, and sets up her app again.
      const asked = await post(restored, '/api/segundo-fator/link/', undefined, login.access);
      expect(asked.statusCode, asked.body).toBe(200);
      await restored.outbox.drain();
      const mail = otherMailer.sent.filter((m) => m.to === 'restore.dona@sf.test').at(-1)!;
      const setup = await post(
        restored,
        '/api/segundo-fator/configurar/',
        { token: linkToken(mail) },
        login.access,
      );
      expect(setup.statusCode, setup.body).toBe(200);
      const secret = (setup.json() as { segredo: string }).segredo.replace(/\s/g, '');
      const activated = await post(
        restored,
        '/api/segundo-fator/ativar/',
        { codigo: totpCode(secret, totpStep()) },
        login.access,
      );
      expect(activated.statusCode, activated.body).toBe(200);
      const access = (activated.json() as { access: string }).access;
      expect((await adminCall(restored, access, 'GET', '/api/admin/sessao/')).statusCode).toBe(200);
    } finally {
      await restored.close();
    }
    const [ordersAfter] = await ctx.database.db.select({ id: orders.id }).from(orders).limit(1);
    expect(ordersAfter?.id).toBe(ordersBefore?.id);
  });
});
