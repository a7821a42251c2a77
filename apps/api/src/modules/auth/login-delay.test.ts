/**
 * Guessing slowed per account (issue 33 item 4), whatever the addresses: after 5 wrong passwords
 * each further attempt waits 1, 2, 4... minutes (at most an hour), answered 429 in Portuguese
 * with when to try again, a right password too; her usual browser and the e-mailed reset link
 * always get in. Kept in rate_limit_buckets, shared by instances. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (where the race below meets on the row's lock).
 */
import { like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.js';
import { rateLimitBuckets } from '../../db/schema.js';
import { GOOD_PASSWORD, post, tokenFromMail, verifiedUser } from '../../../test/accounts.js';
import { sentMail, useTestApp } from '../../../test/helpers.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';

const mailer = memoryMailer();
// The store's own limits: per address (which a guesser changes at will) and per account.
const ctx = useTestApp({ rateLimits: DEFAULT_RATE_LIMITS }, { mailer });

let addresses = 0;
/** Every attempt from a new network address, as a guesser with many of them sends it. */
function attempt(email: string, password: string, device?: string) {
  addresses++;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username: email, password },
    remoteAddress: `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`,
    headers: device ? { 'x-dispositivo': device } : {},
  });
}

const WRONG = 'Errada123';

/** Moves the account's last wrong password `seconds` into the past (the delay counts from it). */
async function travel(seconds: number) {
  await ctx.database.db
    .update(rateLimitBuckets)
    .set({ expiresAt: sql`${rateLimitBuckets.expiresAt} - make_interval(secs => ${seconds})` })
    .where(like(rateLimitBuckets.key, 'login-account:%'));
}

async function account() {
  return (await verifiedUser(ctx.app, ctx.database)).email;
}

function expectDelayed(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  minutes: number,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(429);
  const word = minutes === 1 ? 'minuto' : 'minutos';
  expect(res.json()).toEqual({
    error:
      `Muitas senhas erradas para esta conta. Tente de novo em ${minutes} ${word}, ` +
      'ou use “Esqueci minha senha” para criar uma nova senha e entrar agora.',
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('wrong passwords for one account, from many addresses', () => {
  it('after 5, each further attempt waits, a right password too', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) expect((await attempt(email, WRONG)).statusCode).toBe(401);
    expectDelayed(await attempt(email, WRONG), 1);
    expectDelayed(await attempt(email.toUpperCase(), GOOD_PASSWORD), 1);
  });

  it('an e-mail with no account is answered alike (no hint that it exists)', async () => {
    const email = `ninguem.${Date.now()}@x.com`;
    for (let i = 0; i < 5; i++) expect((await attempt(email, WRONG)).statusCode).toBe(401);
    expectDelayed(await attempt(email, WRONG), 1);
  });

  it('the wait grows: 1, 2, 4 minutes... and is at most an hour', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) await attempt(email, WRONG);
    await travel(61);
    expect((await attempt(email, WRONG)).statusCode).toBe(401); // the 6th
    expectDelayed(await attempt(email, WRONG), 2);
    await travel(121);
    expect((await attempt(email, WRONG)).statusCode).toBe(401); // the 7th
    expectDelayed(await attempt(email, GOOD_PASSWORD), 4);
    for (let i = 0; i < 8; i++) {
      await travel(3601);
      expect((await attempt(email, WRONG)).statusCode).toBe(401);
    }
    expectDelayed(await attempt(email, WRONG), 60);
    // Once the wait is over, her right password gets in, and the count starts again.
    await travel(3601);
    expect((await attempt(email, GOOD_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(email, WRONG)).statusCode).toBe(401);
    expectDelayed(await attempt(email, WRONG), 1);
  });

  it('a right password before the 5th clears the count; a day without one forgets it', async () => {
    const email = await account();
    for (let i = 0; i < 4; i++) await attempt(email, WRONG);
    expect((await attempt(email, GOOD_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(email, WRONG)).statusCode).toBe(401);
    await travel(24 * 3600 + 1);
    for (let i = 0; i < 5; i++) expect((await attempt(email, WRONG)).statusCode).toBe(401);
    expectDelayed(await attempt(email, WRONG), 1);
  });

  it('many at once: exactly 5 passwords are checked, the others wait', async () => {
    const email = await account();
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt(email, WRONG)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });
});

describe('not a lockout: she always gets in', () => {
  it('from the browser she last logged in with, during the wait', async () => {
    const email = await account();
    const hers = 'navegador-dela-0123456789';
    expect((await attempt(email, GOOD_PASSWORD, hers)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await attempt(email, WRONG);
    expectDelayed(await attempt(email, GOOD_PASSWORD, 'outro-navegador-0123456789'), 1);
    expect((await attempt(email, GOOD_PASSWORD, hers)).statusCode).toBe(200);
    // The guesser still waits: her login through the wait does not clear his count.
    expectDelayed(await attempt(email, WRONG), 1);
  });

  it('with the e-mailed link: a reset clears the count, from a browser never seen', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) await attempt(email, WRONG);
    expectDelayed(await attempt(email, GOOD_PASSWORD), 1);
    expect((await post(ctx.app, '/api/forgot-password/', { email })).statusCode).toBe(200);
    const token = tokenFromMail(await sentMail(ctx.app, mailer), email);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { token, password: 'NovaSenha2026' },
      headers: { 'x-dispositivo': 'navegador-do-link-0123456789' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await attempt(email, 'NovaSenha2026')).statusCode).toBe(200);
  });

  it('the browser that opened the link gets in even if the guesser blocks again', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) await attempt(email, WRONG);
    await post(ctx.app, '/api/forgot-password/', { email });
    const token = tokenFromMail(await sentMail(ctx.app, mailer), email);
    const link = 'navegador-do-link-9876543210';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { token, password: 'NovaSenha2026' },
      headers: { 'x-dispositivo': link },
    });
    for (let i = 0; i < 5; i++) await attempt(email, WRONG);
    expectDelayed(await attempt(email, 'NovaSenha2026'), 1);
    expect((await attempt(email, 'NovaSenha2026', link)).statusCode).toBe(200);
  });
});
