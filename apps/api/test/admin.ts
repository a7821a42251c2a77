/**
 * The back office's tests: an app whose ADMIN_EMAILS names the owners below, and their sessions.
 *
 *   const ctx = useTestApp({ adminEmails: OWNER_EMAILS }, { mailer: memoryMailer() });
 *   const owner = await loggedInOwner(ctx.app, ctx.database);
 *   await adminCall(ctx.app, owner.token, 'GET', '/api/admin/produtos/');
 *
 * The back office requires the owners' second factor (docs/second-factor.md), and the
 * helper passes it as an owner with her phone would, through the store's own calls: the first
 * login of an owner in a database sets up an authenticator (the secret the store answers, a code
 * computed from it), later ones type a code of it. What her phone would keep (the secret, the
 * recovery codes, the last step used) is kept here per database. A code is accepted once per
 * 30-second step and never one of an earlier step, so each login takes the next unused step (the
 * store accepts one step ahead) and, when none is left in this window, types a recovery code,
 * renewing them when few are left. Logins of one owner in one database take turns.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { ownerSecondFactors, ownerSetupLinks, users } from '../src/db/schema.js';
import { hashToken, randomToken } from '../src/lib/secrets.js';
import { totpCode, totpStep } from '../src/modules/second-factor/totp.js';
import { apiCall, GOOD_PASSWORD, post, userIdOf, verifiedUser } from './accounts.js';

export const OWNER_EMAILS = ['dona.ana@semijoias.test', 'dona.bia@semijoias.test'] as const;

let owners = 0;

/** What her authenticator app and her drawer keep. */
interface Authenticator {
  secret: string;
  recoveryCodes: string[];
  /** The newest step whose code the store accepted. */
  lastStep: number;
}

const authenticators = new WeakMap<Database, Map<string, Authenticator>>();
const turns = new WeakMap<Database, Map<string, Promise<unknown>>>();

/** Her browser's id (X-Dispositivo): one per owner, so only her first login is a new browser. */
export function ownerDeviceId(email: string): string {
  return createHash('sha256').update(`device:${email}`).digest('hex').slice(0, 32);
}

export interface OwnerSession {
  /** An access token that carries the second factor. */
  token: string;
  refresh: string;
  userId: number;
  email: string;
}

/** POST api/token/ from her usual browser: a session without the second factor. */
export async function passwordLogin(app: FastifyInstance, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username: email, password: GOOD_PASSWORD },
    headers: { 'x-dispositivo': ownerDeviceId(email) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access: string; refresh: string };
}

/**
 * An owner's password login from her usual browser, her account registered (and verified) first
 * when new: her tokens, which do not carry the second factor, and her id.
 */
export async function ownerByPassword(app: FastifyInstance, database: Database, email: string) {
  const [existing] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!existing) await verifiedUser(app, database, { email });
  const pair = await passwordLogin(app, email);
  return { ...pair, userId: await userIdOf(database, email) };
}

/**
 * The token of a setup link as if e-mailed to her (api/segundo-fator/link/ sends the same kind:
 * one use, 15 minutes, only its SHA-256 kept), written straight into the database.
 */
export async function setupLinkToken(database: Database, access: string): Promise<string> {
  const token = randomToken();
  await database.db.insert(ownerSetupLinks).values({
    userId: Number(decodeJwt(access).sub),
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 15 * 60 * 1000),
  });
  return token;
}

/**
 * Starts setting up an authenticator (api/segundo-fator/configurar/ with a link's token): the
 * store's answer (the secret as shown, its otpauth URI, the QR code) and the secret without its
 * blanks.
 */
export async function startSecondFactorSetup(
  app: FastifyInstance,
  access: string,
  database: Database,
) {
  const token = await setupLinkToken(database, access);
  const res = await post(app, '/api/segundo-fator/configurar/', { token }, access);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { segredo: string; uri: string; qr_svg: string };
  return { ...body, secret: body.segredo.replace(/\s/g, '') };
}

/**
 * Sets an authenticator up through the store's calls, activated with the code of the current
 * step: what her phone and her drawer keep (the secret, that step, the recovery codes) and the
 * session that passed the factor.
 */
export async function setUpSecondFactor(app: FastifyInstance, access: string, database: Database) {
  const { secret } = await startSecondFactorSetup(app, access, database);
  const step = totpStep();
  const activated = await post(
    app,
    '/api/segundo-fator/ativar/',
    { codigo: totpCode(secret, step) },
    access,
  );
  expect(activated.statusCode, activated.body).toBe(200);
  const answer = activated.json() as {
    access: string;
    refresh: string;
    codigos_recuperacao: string[];
  };
  return {
    secret,
    step,
    recoveryCodes: answer.codigos_recuperacao,
    access: answer.access,
    refresh: answer.refresh,
  };
}

/** Sets an authenticator up; answers what her phone keeps and the session. */
async function setUp(
  app: FastifyInstance,
  access: string,
  database: Database,
): Promise<{ kept: Authenticator; pair: { access: string; refresh: string } }> {
  const factor = await setUpSecondFactor(app, access, database);
  return {
    kept: { secret: factor.secret, recoveryCodes: factor.recoveryCodes, lastStep: factor.step },
    pair: { access: factor.access, refresh: factor.refresh },
  };
}

/**
 * Types the next usable code (the app's, else a recovery code); undefined if none is set up.
 * `storeLastStep`: the step the store last accepted, which a test may have moved by typing a code
 * itself (a person would wait for the app's next code; a test reads it instead of waiting).
 */
async function verify(
  app: FastifyInstance,
  access: string,
  kept: Authenticator,
  storeLastStep: number | null,
) {
  const now = totpStep();
  const step = Math.max(now, kept.lastStep + 1, (storeLastStep ?? 0) + 1);
  const useApp = step <= now + 1;
  const codigo = useApp ? totpCode(kept.secret, step) : kept.recoveryCodes.shift();
  expect(codigo, 'the test owner ran out of recovery codes').toBeDefined();
  const res = await post(app, '/api/segundo-fator/verificar/', { codigo }, access);
  if (res.statusCode === 409) return undefined; // reset by another owner: set it up again
  expect(res.statusCode, res.body).toBe(200);
  if (useApp) kept.lastStep = step;
  const pair = res.json() as { access: string; refresh: string };
  if (kept.recoveryCodes.length < 3) {
    const renewed = await post(app, '/api/segundo-fator/codigos/', undefined, pair.access);
    expect(renewed.statusCode, renewed.body).toBe(200);
    kept.recoveryCodes = (renewed.json() as { codigos_recuperacao: string[] }).codigos_recuperacao;
  }
  return pair;
}

/** A session of an owner that passed the second factor (one at a time per owner: see below). */
async function ownerSession(
  app: FastifyInstance,
  database: Database,
  email: string,
): Promise<OwnerSession> {
  const login = await ownerByPassword(app, database, email);
  const kept = authenticators.get(database) ?? new Map<string, Authenticator>();
  authenticators.set(database, kept);
  const mine = kept.get(email);
  const [factor] = await database.db
    .select({ lastStep: ownerSecondFactors.lastStep })
    .from(ownerSecondFactors)
    .where(eq(ownerSecondFactors.userId, login.userId));
  let pair = mine ? await verify(app, login.access, mine, factor?.lastStep ?? null) : undefined;
  if (!pair) {
    const fresh = await setUp(app, login.access, database);
    kept.set(email, fresh.kept);
    pair = fresh.pair;
  }
  return { token: pair.access, refresh: pair.refresh, userId: login.userId, email };
}

/**
 * An owner logged in with her second factor (the first free e-mail of OWNER_EMAILS unless
 * given): her tokens and id. Registered with the normal sign-up, verified in the database, logged
 * in with api/token/, then the second factor's own calls.
 */
export async function loggedInOwner(
  app: FastifyInstance,
  database: Database,
  email: string = OWNER_EMAILS[owners++ % OWNER_EMAILS.length]!,
): Promise<OwnerSession> {
  const queue = turns.get(database) ?? new Map<string, Promise<unknown>>();
  turns.set(database, queue);
  const before = queue.get(email) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(() => ownerSession(app, database, email));
  queue.set(email, mine);
  return mine;
}

/** A call of the API with a bearer (or none), JSON body: apiCall, by the back office's name. */
export const adminCall = apiCall;
