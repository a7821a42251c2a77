/**
 * A code is accepted once even when requests race: the same code of the app, or the
 * same recovery code, sent several times at once, opens exactly one session. Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL, where the requests run on separate connections and the
 * guarded updates meet on the row's lock.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { post } from '../../../test/accounts.js';
import {
  ownerByPassword,
  passwordLogin,
  setupLinkToken,
  startSecondFactorSetup,
} from '../../../test/admin.js';
import { testConfig, useTestApp } from '../../../test/helpers.js';
import { ownerRecoveryCodes, ownerSecondFactors, refreshTokens } from '../../db/schema.js';
import { openSecret } from './service.js';
import { totpCode, totpStep } from './totp.js';

const OWNER = 'corrida.dona@sf.test';
const ctx = useTestApp({ adminEmails: [OWNER] });
const linkCtx = useTestApp({ adminEmails: ['corrida.link@sf.test'] });
const RACERS = 6;

async function sessionsWithFactor(userId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(refreshTokens)
    .where(
      sql`${refreshTokens.userId} = ${userId} and ${refreshTokens.secondFactorAt} is not null`,
    );
  return Number(row!.n);
}

describe('racing with one code', () => {
  let userId = 0;
  let secret = '';
  let codes: string[] = [];
  let usedStep = 0;

  it('activation: the same first code sent at once activates once', async () => {
    const login = await ownerByPassword(ctx.app, ctx.database, OWNER);
    userId = login.userId;
    secret = (await startSecondFactorSetup(ctx.app, login.access, ctx.database)).secret;
    usedStep = totpStep();
    const codigo = totpCode(secret, usedStep);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        post(ctx.app, '/api/segundo-fator/ativar/', { codigo }, login.access),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    // The others: the code already used (400), or, read after the winner's commit, already set (409).
    for (const other of answers.filter((a) => a.statusCode !== 200))
      expect([400, 409]).toContain(other.statusCode);
    codes = (ok[0]!.json() as { codigos_recuperacao: string[] }).codigos_recuperacao;
    expect(await sessionsWithFactor(userId)).toBe(1);
  });

  it('login: the same code of the app sent at once gives one session', async () => {
    const login = await passwordLogin(ctx.app, OWNER);
    const step = Math.max(totpStep(), usedStep + 1);
    const codigo = totpCode(secret, step);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        post(ctx.app, '/api/segundo-fator/verificar/', { codigo }, login.access),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200,
      ...Array<number>(RACERS - 1).fill(400),
    ]);
    expect(await sessionsWithFactor(userId)).toBe(2);
    const [row] = await ctx.database.db
      .select({ lastStep: ownerSecondFactors.lastStep })
      .from(ownerSecondFactors)
      .where(eq(ownerSecondFactors.userId, userId));
    expect(row!.lastStep).toBe(step);
  });

  it('login: the same recovery code sent at once gives one session', async () => {
    const login = await passwordLogin(ctx.app, OWNER);
    const codigo = codes[0]!;
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        post(ctx.app, '/api/segundo-fator/verificar/', { codigo }, login.access),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200,
      ...Array<number>(RACERS - 1).fill(400),
    ]);
    expect(await sessionsWithFactor(userId)).toBe(3);
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ownerRecoveryCodes)
      .where(
        sql`${ownerRecoveryCodes.userId} = ${userId} and ${ownerRecoveryCodes.usedAt} is null`,
      );
    expect(Number(row!.n)).toBe(9);
  });

  it('setup: the same e-mailed link opened at once opens one setup', async () => {
    const other = 'corrida.link@sf.test';
    const login = await ownerByPassword(linkCtx.app, linkCtx.database, other);
    const token = await setupLinkToken(linkCtx.database, login.access);
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        post(linkCtx.app, '/api/segundo-fator/configurar/', { token }, login.access),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200,
      ...Array<number>(RACERS - 1).fill(400),
    ]);
    const shown = answers.find((a) => a.statusCode === 200)!.json() as { segredo: string };
    const [row] = await linkCtx.database.db
      .select({ secret: ownerSecondFactors.secret })
      .from(ownerSecondFactors)
      .where(eq(ownerSecondFactors.userId, login.userId));
    // The pending secret is the one shown by the one call that opened it.
    expect(openSecret(testConfig().secondFactorKey, row!.secret)).toBe(
      shown.segredo.replace(/\s/g, ''),
    );
  });
});
