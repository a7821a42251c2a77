/**
 * Sessions that end (issue 33 item 3): 'Sair' revokes its refresh family on the server
 * (POST api/logout/), 'Sair de todos os aparelhos' ends every session of hers
 * (POST api/logout/todos/), and an owner's session with the second factor lasts 12 hours at most
 * without a new code. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the races
 * below meet on the rows' locks.
 */
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_INVALID_OR_EXPIRED } from '@semijoias/domain/messages';
import { SECOND_FACTOR_REQUIRED_CODE } from '@semijoias/domain/second-factor';
import { refreshTokens } from '../../db/schema.js';
import { apiCall, login, post, verifiedUser } from '../../../test/accounts.js';
import { loggedInOwner, OWNER_EMAILS } from '../../../test/admin.js';
import { testDatabaseUrl, useTestApp, useOtherInstance } from '../../../test/helpers.js';
import { LOGGED_OUT, LOGGED_OUT_EVERYWHERE } from './messages.js';
import { SECOND_FACTOR_SESSION_MS } from './tokens.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] });

const refresh = (token: string) => post(ctx.app, '/api/token/refresh/', { refresh: token });
const logout = (token: string, bearer?: string) =>
  post(ctx.app, '/api/logout/', { refresh: token }, bearer);
const logoutAll = (bearer?: string) => post(ctx.app, '/api/logout/todos/', undefined, bearer);
const infos = (access: string) => apiCall(ctx.app, access, 'GET', '/api/infos/');

async function customer() {
  const user = await verifiedUser(ctx.app, ctx.database);
  return { email: user.email, ...(await login(ctx.app, user.email)) };
}

function expectRefused(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ error: TOKEN_INVALID_OR_EXPIRED, detail: TOKEN_INVALID_OR_EXPIRED });
}

describe("POST api/logout/ ('Sair')", () => {
  it('revokes the family: its refresh token is refused afterwards', async () => {
    const me = await customer();
    const res = await logout(me.refresh, me.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: LOGGED_OUT });
    expect(res.headers['cache-control']).toBe('no-store');
    expectRefused(await refresh(me.refresh));
  });

  it('needs no bearer, and any token of the family ends all of it', async () => {
    const me = await customer();
    const rotated = await refresh(me.refresh);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json() as { refresh: string };
    // The spent token (kept by a thief, say) ends the family its successor belongs to.
    expect((await logout(me.refresh)).statusCode).toBe(200);
    expectRefused(await refresh(next.refresh));
  });

  it('leaves her other sessions alone', async () => {
    const me = await customer();
    const phone = await login(ctx.app, me.email);
    expect((await logout(me.refresh)).statusCode).toBe(200);
    expect((await refresh(phone.refresh)).statusCode).toBe(200);
  });

  it('answers the same for a token it does not know, spent or malformed', async () => {
    for (const token of ['x'.repeat(43), '', 'não é um token']) {
      const res = await logout(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: LOGGED_OUT });
    }
    expect((await post(ctx.app, '/api/logout/', {})).statusCode).toBe(400);
  });

  it('a refresh racing with the logout never leaves a live token of the family', async () => {
    const me = await customer();
    let token = me.refresh;
    for (let round = 0; round < 12; round++) {
      const [rotated, out] = await Promise.all([refresh(token), logout(token)]);
      expect(out.statusCode).toBe(200);
      if (rotated.statusCode === 200) {
        // The refresh won the race: the token it answered belongs to a family that has ended.
        expectRefused(await refresh((rotated.json() as { refresh: string }).refresh));
      } else {
        expectRefused(rotated);
      }
      token = (await login(ctx.app, me.email)).refresh;
    }
  });
});

describe("POST api/logout/todos/ ('Sair de todos os aparelhos')", () => {
  it('ends every session of hers: refresh tokens and access tokens', async () => {
    const me = await customer();
    const phone = await login(ctx.app, me.email);
    const other = await customer();
    const res = await logoutAll(me.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: LOGGED_OUT_EVERYWHERE });
    for (const pair of [me, phone]) {
      expectRefused(await refresh(pair.refresh));
      expect((await infos(pair.access)).statusCode).toBe(401);
    }
    // Another customer's sessions are hers alone.
    expect((await infos(other.access)).statusCode).toBe(200);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
    // A new login works at once.
    const again = await login(ctx.app, me.email);
    expect((await infos(again.access)).statusCode).toBe(200);
  });

  it('needs her bearer', async () => {
    expect((await logoutAll()).statusCode).toBe(401);
    expect((await logoutAll('nada')).statusCode).toBe(401);
  });

  it('a refresh racing with it leaves no live session', async () => {
    for (let round = 0; round < 6; round++) {
      const me = await customer();
      const [rotated, out] = await Promise.all([refresh(me.refresh), logoutAll(me.access)]);
      expect(out.statusCode, out.body).toBe(200);
      if (rotated.statusCode === 200) {
        const pair = rotated.json() as { access: string; refresh: string };
        expectRefused(await refresh(pair.refresh));
        expect((await infos(pair.access)).statusCode).toBe(401);
      }
    }
  });
});

describe.skipIf(testDatabaseUrl() === undefined)('two instances on one PostgreSQL database', () => {
  const other = useOtherInstance(ctx);

  it("'Sair de todos os aparelhos' on one ends her access tokens on the other, which had kept them", async () => {
    const me = await customer();
    const onOther = () => apiCall(other.app, me.access, 'GET', '/api/infos/');
    expect((await onOther()).statusCode).toBe(200);
    expect((await logoutAll(me.access)).statusCode).toBe(200);
    const deadline = performance.now() + 1_000;
    let status = 200;
    while (status !== 401 && performance.now() < deadline) {
      status = (await onOther()).statusCode;
      if (status !== 401) await new Promise((r) => setTimeout(r, 5));
    }
    expect(status).toBe(401);
  });
});

describe("an owner's session with the second factor", () => {
  const adminCall = (access: string) => apiCall(ctx.app, access, 'GET', '/api/admin/limites/');

  async function ageFactor(refreshToken: string, ms: number) {
    const { hashToken } = await import('../../lib/secrets.js');
    await ctx.database.db
      .update(refreshTokens)
      .set({ secondFactorAt: sql`now() - make_interval(secs => ${ms / 1000})` })
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  }

  it('keeps the factor through refreshes for 12 hours, its access tokens ending by then', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[0]);
    expect((await adminCall(owner.token)).statusCode).toBe(200);
    // 11 h 59 min after the code: the factor still holds, for the minute left at most.
    await ageFactor(owner.refresh, SECOND_FACTOR_SESSION_MS - 60_000);
    const late = await refresh(owner.refresh);
    expect(late.statusCode).toBe(200);
    const pair = late.json() as { access: string; refresh: string };
    const claims = decodeJwt(pair.access);
    expect(claims.sf).toBe(true);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(61);
    expect((await adminCall(pair.access)).statusCode).toBe(200);
  });

  it('past 12 hours a refresh answers a session without it: the back office asks for a code', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[1]);
    await ageFactor(owner.refresh, SECOND_FACTOR_SESSION_MS + 1000);
    const late = await refresh(owner.refresh);
    expect(late.statusCode, late.body).toBe(200);
    const pair = late.json() as { access: string; refresh: string };
    expect(decodeJwt(pair.access).sf).toBeUndefined();
    const refused = await adminCall(pair.access);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ codigo: SECOND_FACTOR_REQUIRED_CODE });
    // And the family has lost it for good: the next refresh does not bring it back.
    const [row] = await ctx.database.db
      .select({ at: refreshTokens.secondFactorAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, owner.userId))
      .orderBy(sql`${refreshTokens.id} desc`)
      .limit(1);
    expect(row?.at).toBeNull();
    const again = await refresh(pair.refresh);
    expect(decodeJwt((again.json() as { access: string }).access).sf).toBeUndefined();
    // A new code gives 12 hours again.
    const fresh = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[1]);
    expect((await adminCall(fresh.token)).statusCode).toBe(200);
  });
});
