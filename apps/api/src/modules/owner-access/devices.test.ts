/**
 * The owners' new-browser e-mail: a password login of an owner from a browser id the
 * store has not seen (or without one) queues one e-mail, then the browser is remembered; shoppers'
 * browsers are not recorded. And the User-Agent in a few words.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEVICE_HEADER } from '@semijoias/domain/second-factor';
import { GOOD_PASSWORD, loggedInCustomer, verifiedUser } from '../../../test/accounts.js';
import { sentMail, useTestApp } from '../../../test/helpers.js';
import { ownerDevices, users } from '../../db/schema.js';
import { hashToken } from '../../lib/secrets.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { describeBrowser } from './devices.js';

const OWNER = 'aparelho.dona@sf.test';
const mailer = memoryMailer();
const ctx = useTestApp({ adminEmails: [OWNER] }, { mailer });

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('describeBrowser', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome 126 no Windows'],
    [SAFARI_IPHONE, 'Safari 17 no iPhone'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
      'Safari 17 no Mac',
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Firefox 127 no Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.92',
      'Edge 125 no Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet 25 no Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      'Chrome 126 no iPhone',
    ],
    ['curl/8.5.0', 'Navegador não identificado'],
    [undefined, 'Navegador não identificado'],
  ])('%s -> %s', (ua, words) => {
    expect(describeBrowser(ua)).toBe(words);
  });
});

function loginFrom(email: string, headers: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username: email, password: GOOD_PASSWORD },
    headers,
  });
}

async function newBrowserMails(to: string) {
  return (await sentMail(ctx.app, mailer)).filter(
    (m) => m.to === to && m.subject.startsWith('Novo acesso à sua conta'),
  );
}

async function devicesOf(email: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return ctx.database.db.select().from(ownerDevices).where(eq(ownerDevices.userId, user!.id));
}

describe('an owner logging in from a new browser', () => {
  const deviceId = '6c0f7c4e-1d2b-4a7e-9f51-0d3c2b1a9e88';

  it('gets one e-mail saying when and which browser, and what to do if it was not her', async () => {
    await verifiedUser(ctx.app, ctx.database, { email: OWNER, firstName: 'Ana' });
    const res = await loginFrom(OWNER, {
      [DEVICE_HEADER.toLowerCase()]: deviceId,
      'user-agent': CHROME_WINDOWS,
    });
    expect(res.statusCode).toBe(200);
    const mails = await newBrowserMails(OWNER);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain('Olá, Ana!');
    expect(text).toContain('Navegador: Chrome 126 no Windows');
    expect(text).toMatch(/Quando: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(horário de Brasília\)/);
    expect(text).toContain('redefina sua senha');
    expect(text).toContain('peça à outra administradora que redefina o seu segundo fator');
    expect(mails[0]!.links).toEqual(['http://loja.test/esqueci-senha']);
    expect(mails[0]!.html).toContain('Chrome 126 no Windows');

    // Remembered by its hash only, with the browser's words.
    const devices = await devicesOf(OWNER);
    expect(devices).toHaveLength(1);
    expect(devices[0]!.deviceHash).toBe(hashToken(deviceId));
    expect(devices[0]!.deviceHash).not.toContain(deviceId);
    expect(devices[0]!.userAgent).toBe(CHROME_WINDOWS);
  });

  it('nothing more from the same browser; another e-mail from another one', async () => {
    const again = await loginFrom(OWNER, {
      'x-dispositivo': deviceId,
      'user-agent': CHROME_WINDOWS,
    });
    expect(again.statusCode).toBe(200);
    expect(await newBrowserMails(OWNER)).toHaveLength(1);

    const phone = await loginFrom(OWNER, {
      'x-dispositivo': 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      'user-agent': SAFARI_IPHONE,
    });
    expect(phone.statusCode).toBe(200);
    const mails = await newBrowserMails(OWNER);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Navegador: Safari 17 no iPhone');
    expect(await devicesOf(OWNER)).toHaveLength(2);
  });

  it('without an id, or with a malformed one, every login is a new browser and nothing is kept', async () => {
    const before = (await newBrowserMails(OWNER)).length;
    expect((await loginFrom(OWNER, {})).statusCode).toBe(200);
    expect((await loginFrom(OWNER, { 'x-dispositivo': 'curto' })).statusCode).toBe(200);
    expect(
      (await loginFrom(OWNER, { 'x-dispositivo': `${'a'.repeat(20)}<script>` })).statusCode,
    ).toBe(200);
    expect(await newBrowserMails(OWNER)).toHaveLength(before + 3);
    expect(await devicesOf(OWNER)).toHaveLength(2);
  });

  it('a wrong password is not a login: no e-mail', async () => {
    const before = (await newBrowserMails(OWNER)).length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: OWNER, password: 'Errada1234' },
      headers: { 'x-dispositivo': 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' },
    });
    expect(res.statusCode).toBe(401);
    expect(await newBrowserMails(OWNER)).toHaveLength(before);
  });

  it('two logins racing from one new browser queue one e-mail', async () => {
    const before = (await newBrowserMails(OWNER)).length;
    const id = 'cccccccccccccccccccccccccccccccc';
    const answers = await Promise.all(
      [1, 2, 3].map(() => loginFrom(OWNER, { 'x-dispositivo': id })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await newBrowserMails(OWNER)).toHaveLength(before + 1);
  });
});

describe('a shopper', () => {
  it('gets no e-mail and has no browser recorded', async () => {
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const before = (await sentMail(ctx.app, mailer)).length; // her sign-up's verification
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, customer.userId));
    const res = await loginFrom(user!.email, {
      'x-dispositivo': 'dddddddddddddddddddddddddddddddd',
    });
    expect(res.statusCode).toBe(200);
    expect((await sentMail(ctx.app, mailer)).length).toBe(before);
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ownerDevices)
      .where(eq(ownerDevices.userId, customer.userId));
    expect(Number(row!.n)).toBe(0);
  });
});
