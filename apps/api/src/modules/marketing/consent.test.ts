/**
 * Marketing consent (LGPD): `aceita_marketing` at sign-up and in GET/PUT api/infos/,
 * stored with the time it was given or withdrawn (moved only when the value changes), and the
 * unsubscribe call: the one-click POST of RFC 8058 and the page's POST, no login, idempotent.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MARKETING_CONSENT_INVALID,
  UNSUBSCRIBE_ACCOUNT_NOT_FOUND,
  UNSUBSCRIBE_DONE,
  UNSUBSCRIBE_LINK_INVALID,
} from '@semijoias/domain/marketing';
import { users } from '../../db/schema.js';
import {
  login,
  oneClickUnsubscribe,
  post,
  register,
  signUpPayload,
  verifiedUser,
} from '../../../test/accounts.js';
import { TEST_JWT_SECRET, useTestApp } from '../../../test/helpers.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import {
  oneClickUnsubscribeUrl,
  unsubscribePageUrl,
  unsubscribeToken,
  userIdFromUnsubscribeToken,
} from './consent.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });

async function consentOf(email: string) {
  const [row] = await ctx.database.db
    .select({
      id: users.id,
      optIn: users.marketingOptIn,
      at: users.marketingOptInChangedAt,
    })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  expect(row, `no user ${email}`).toBeDefined();
  return row!;
}

function infos(token: string, method: 'GET' | 'PUT' = 'GET', payload?: object) {
  return ctx.app.inject({
    method,
    url: '/api/infos/',
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

/** A path with its query, from a URL on PUBLIC_URL. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('consent at sign-up (POST /api/users/)', () => {
  it('is no, without a time, unless she ticks the box', async () => {
    const absent = await register(ctx.app);
    expect(await consentOf(absent.email)).toMatchObject({ optIn: false, at: null });
    const no = await register(ctx.app, { aceita_marketing: false });
    expect(await consentOf(no.email)).toMatchObject({ optIn: false, at: null });
  });

  it('ticked: stored with the time she gave it', async () => {
    const before = Date.now();
    const yes = await register(ctx.app, { aceita_marketing: true });
    const row = await consentOf(yes.email);
    expect(row.optIn).toBe(true);
    expect(row.at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a value that is not true or false: 400 naming the field, no account', async () => {
    const payload = signUpPayload();
    const res = await post(ctx.app, '/api/users/', { ...payload, aceita_marketing: 'sim' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: MARKETING_CONSENT_INVALID,
      errors: { aceita_marketing: [MARKETING_CONSENT_INVALID] },
    });
    const [row] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, payload.email.toLowerCase()));
    expect(row).toBeUndefined();
  });
});

describe('consent in the info tab (GET/PUT api/infos/)', () => {
  it('answered, given and withdrawn with its time; absent leaves it; the time moves only on a change', async () => {
    const user = await verifiedUser(ctx.app, ctx.database);
    const { access } = await login(ctx.app, user.email);
    const read = await infos(access);
    expect(read.statusCode).toBe(200);
    const current = read.json<Record<string, unknown>>();
    expect(current.aceita_marketing).toBe(false);
    const contact = { email: current.email, phone: current.phone };

    const given = await infos(access, 'PUT', { ...contact, aceita_marketing: true });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ aceita_marketing: true });
    const first = await consentOf(user.email);
    expect(first.optIn).toBe(true);
    expect(first.at).not.toBeNull();

    // The same answer again, and a save of the contact alone: the time she said yes stays.
    await new Promise((r) => setTimeout(r, 20));
    expect((await infos(access, 'PUT', { ...contact, aceita_marketing: true })).statusCode).toBe(
      200,
    );
    const contactOnly = await infos(access, 'PUT', contact);
    expect(contactOnly.json()).toMatchObject({ aceita_marketing: true });
    expect(await consentOf(user.email)).toEqual(first);
    expect((await infos(access)).json()).toMatchObject({ aceita_marketing: true });

    const withdrawn = await infos(access, 'PUT', { ...contact, aceita_marketing: false });
    expect(withdrawn.json()).toMatchObject({ aceita_marketing: false });
    const after = await consentOf(user.email);
    expect(after.optIn).toBe(false);
    expect(after.at!.getTime()).toBeGreaterThan(first.at!.getTime());
  });

  it.each([['sim'], [1], [null]])(
    'aceita_marketing %o: 400 naming the field, nothing saved',
    async (value) => {
      const user = await verifiedUser(ctx.app, ctx.database);
      const { access } = await login(ctx.app, user.email);
      const current = (await infos(access)).json<Record<string, unknown>>();
      const res = await infos(access, 'PUT', {
        email: 'outro.endereco@exemplo.com.br',
        phone: current.phone,
        aceita_marketing: value,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: MARKETING_CONSENT_INVALID,
        errors: { aceita_marketing: [MARKETING_CONSENT_INVALID] },
      });
      expect((await infos(access)).json()).toMatchObject({
        email: current.email,
        aceita_marketing: false,
      });
    },
  );
});

describe('the unsubscribe token', () => {
  it('names her; another id, a touched signature or another secret does not', () => {
    const token = unsubscribeToken(TEST_JWT_SECRET, 42);
    expect(userIdFromUnsubscribeToken(TEST_JWT_SECRET, token)).toBe(42);
    const [, sig] = token.split('.');
    expect(userIdFromUnsubscribeToken(TEST_JWT_SECRET, `43.${sig}`)).toBeNull();
    const flipped = sig!.startsWith('A') ? `B${sig!.slice(1)}` : `A${sig!.slice(1)}`;
    expect(userIdFromUnsubscribeToken(TEST_JWT_SECRET, `42.${flipped}`)).toBeNull();
    expect(
      userIdFromUnsubscribeToken('another-secret-another-secret-0123456789', token),
    ).toBeNull();
    expect(userIdFromUnsubscribeToken(TEST_JWT_SECRET, '42')).toBeNull();
    expect(userIdFromUnsubscribeToken(TEST_JWT_SECRET, '')).toBeNull();
  });

  it('the page and the one-click URL are on PUBLIC_URL', () => {
    const token = unsubscribeToken(TEST_JWT_SECRET, 7);
    expect(unsubscribePageUrl('http://loja.test', token)).toBe(
      `http://loja.test/descadastrar?t=${token}`,
    );
    expect(oneClickUnsubscribeUrl('https://loja.example', token)).toBe(
      `https://loja.example/api/descadastrar/?t=${token}`,
    );
  });
});

describe('POST /api/descadastrar/ (no login)', () => {
  async function consenting() {
    const user = await register(ctx.app, { aceita_marketing: true });
    const row = await consentOf(user.email);
    return { email: user.email, token: unsubscribeToken(TEST_JWT_SECRET, row.id), given: row.at! };
  }

  it("RFC 8058's one-click POST withdraws at once, records the time, and is idempotent", async () => {
    const her = await consenting();
    await new Promise((r) => setTimeout(r, 20));
    const res = await oneClickUnsubscribe(
      ctx.app,
      oneClickUnsubscribeUrl('http://loja.test', her.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: UNSUBSCRIBE_DONE });
    expect(res.headers['cache-control']).toBe('no-store');
    const after = await consentOf(her.email);
    expect(after.optIn).toBe(false);
    expect(after.at!.getTime()).toBeGreaterThan(her.given.getTime());

    // Again (a provider retrying, a second click): 200, and the withdrawal's time stays.
    const again = await ctx.app.inject({
      method: 'POST',
      url: pathOf(oneClickUnsubscribeUrl('http://loja.test', her.token)),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await consentOf(her.email)).toEqual(after);
  });

  it("the page's POST (no body) withdraws too", async () => {
    const her = await consenting();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/descadastrar/?t=${encodeURIComponent(her.token)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await consentOf(her.email)).optIn).toBe(false);
  });

  it('a bad or missing token: 400 in Portuguese, nothing changed', async () => {
    const her = await consenting();
    const [id, sig] = her.token.split('.');
    for (const url of [
      '/api/descadastrar/',
      '/api/descadastrar/?t=',
      `/api/descadastrar/?t=${id}`,
      `/api/descadastrar/?t=${Number(id) + 1}.${sig}`,
      `/api/descadastrar/?t=${id}.${'A'.repeat(43)}`,
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: UNSUBSCRIBE_LINK_INVALID });
    }
    expect((await consentOf(her.email)).optIn).toBe(true);
  });

  it('a good token of an account that no longer exists: 404', async () => {
    const token = unsubscribeToken(TEST_JWT_SECRET, 2_000_000_000);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/descadastrar/?t=${token}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: UNSUBSCRIBE_ACCOUNT_NOT_FOUND });
  });

  it('a GET does not unsubscribe (a scanner opening the link)', async () => {
    const her = await consenting();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/descadastrar/?t=${encodeURIComponent(her.token)}`,
    });
    expect(res.statusCode).toBe(404);
    expect((await consentOf(her.email)).optIn).toBe(true);
  });
});
