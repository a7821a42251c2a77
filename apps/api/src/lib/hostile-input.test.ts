/**
 * Hostile input, call by call: the requests the fuzzing run reported, and the rules built for them
 * (control characters at the edge, Fastify's own errors in Portuguese JSON, e-mail lengths,
 * NFKC where texts are compared, no mail library text in an answer, nothing personal in the log).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  BROKEN_TEXT_REFUSED,
  CONTROL_CHARACTERS_REFUSED,
  FORGOT_SENT,
  RESEND_SENT,
} from '@semijoias/domain/messages';
import { REGISTRATION_EMAIL_TOO_LONG } from '@semijoias/domain/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  login,
  post,
  register,
  signUpPayload,
  verifiedUser,
} from '../../test/accounts.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers.js';
import { captureLogs } from '../../test/logs.js';
import { buildApp } from '../app.js';
import { outboxEmails } from '../db/schema.js';
import type { MailMessage, Mailer } from '../integrations/mail/mailer.js';
import { findTextProblem } from './hostile-input.js';

/** What the app logs. */
const logs = captureLogs();

/** A mailer that can be told to fail the way nodemailer does when the server rejects the address. */
function switchableMailer(): Mailer & { sent: MailMessage[]; failing: boolean } {
  const mailer = {
    sent: [] as MailMessage[],
    failing: false,
    async send(message: MailMessage) {
      if (mailer.failing) {
        const err = new Error(
          `Can't send mail - all recipients were rejected: 501 5.1.3 <${message.to}>: Bad recipient address syntax`,
        ) as Error & { code: string; responseCode: number; rejected: string[] };
        err.code = 'EENVELOPE';
        err.responseCode = 501;
        err.rejected = [message.to];
        throw err;
      }
      mailer.sent.push(message);
    },
    async close() {},
  };
  return mailer;
}

let testDb: TestDatabase;
let app: FastifyInstance;
const mailer = switchableMailer();

beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = testConfig({ logLevel: 'debug' });
  app = await buildApp({
    config,
    database: testDb.database,
    logger: logs.logger(config),
    mailer,
    background: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

function expectRefused(res: LightMyRequestResponse, message = CONTROL_CHARACTERS_REFUSED) {
  expect(res.statusCode, res.body).toBe(400);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ error: message });
}

describe('control characters at the edge', () => {
  it('the calls the fuzzing run reported answer 400 in JSON, and nothing personal is logged', async () => {
    const payload = signUpPayload();
    const nulEmail = payload.email.replace('@', '\u0000@');
    const cpfDigits = payload.cpf.replace(/\D/g, '');
    logs.text = '';
    expectRefused(await app.inject('/api/buscar/produtos/?search=%00'));
    expectRefused(await post(app, '/api/token/', { username: nulEmail, password: GOOD_PASSWORD }));
    expectRefused(await post(app, '/api/forgot-password/', { email: nulEmail }));
    expectRefused(await post(app, '/api/send_verification/', { email: nulEmail }));
    expectRefused(await post(app, '/api/users/', { ...payload, email: nulEmail }));
    expect(logs.text).not.toContain(payload.email.split('@')[0]);
    expect(logs.text).not.toContain(cpfDigits);
    expect(logs.text).not.toContain(payload.cpf);
    expect(logs.text).not.toMatch(/Failed query|invalid byte sequence|"level":50/);
  });

  it('are refused in path params, query keys and the headers the API reads', async () => {
    expectRefused(await app.inject('/api/produtos/detalhes/%00/'));
    expectRefused(await app.inject('/api/produtos/an%01el/'));
    expectRefused(await app.inject('/api/buscar/produtos/?se%00arch=anel'));
    expectRefused(await app.inject('/api/buscar/produtos/?search=a%0Ab'));
    expectRefused(
      await app.inject({ url: '/api/infos/', headers: { authorization: 'Bearer a\u0000b' } }),
    );
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/pay/',
        headers: { 'idempotency-key': 'k\u0000' },
        payload: {},
      }),
    );
    // A client route with a control character in its query: same answer.
    expectRefused(await app.inject('/aneis?x=%00'));
  });

  it('are refused anywhere in a body (keys, nesting), tab, LF and CR excepted', async () => {
    expectRefused(await post(app, '/api/token/', { 'user\u0000name': 'a@b.com', password: 'x' }));
    expectRefused(await post(app, '/api/users/', { a: [{ b: [{ c: 'x\u001b' }] }] }));
    expectRefused(await post(app, '/api/token/', { username: 'a@b.com', password: 'x\u007f' }));
    expectRefused(await post(app, '/api/token/', { username: 'a@b.com', password: 'x\u0085' }));
    const deep = `${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}`;
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/token/',
        headers: { 'content-type': 'application/json' },
        payload: deep,
      }),
    );
    // Whitespace a pasted text may carry is the rules' business, not the edge's.
    const res = await post(app, '/api/token/', {
      username: 'ninguem@exemplo.com',
      password: 'a\tb\r\nc',
    });
    expect(res.statusCode).toBe(401);
  });

  it('a lone surrogate is refused as broken text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forgot-password/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "ana\\ud800@exemplo.com"}',
    });
    expectRefused(res, BROKEN_TEXT_REFUSED);
    expect(findTextProblem({ a: ['😀 é'] }, false)).toBeUndefined();
    expect(findTextProblem({ a: ['\ud83d'] }, false)).toBe('encoding');
  });
});

describe("Fastify's own errors answer the store's JSON in Portuguese", () => {
  it('a path parameter over 100 characters: 414', async () => {
    const res = await app.inject(`/api/produtos/detalhes/${'1'.repeat(101)}/`);
    expect(res.statusCode).toBe(414);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'Endereço grande demais.' });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('a path parameter that does not decode: 400', async () => {
    const res = await app.inject('/api/produtos/detalhes/%zz/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Requisição inválida.' });
  });

  it('body too large, bad JSON, empty JSON, unsupported type, prototype keys, unknown path', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: [InjectOptions, number, string][] = [
      [
        {
          method: 'POST',
          url: '/api/token/',
          headers: json,
          payload: `"${'x'.repeat(1_100_000)}"`,
        },
        413,
        'Requisição grande demais.',
      ],
      [
        { method: 'POST', url: '/api/token/', headers: json, payload: '{"a":' },
        400,
        'Requisição inválida.',
      ],
      [
        { method: 'POST', url: '/api/token/', headers: json, payload: '' },
        400,
        'Requisição inválida.',
      ],
      [
        {
          method: 'POST',
          url: '/api/token/',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        },
        415,
        'Tipo de conteúdo não suportado.',
      ],
      [
        { method: 'POST', url: '/api/token/', headers: json, payload: '{"__proto__": {"x": 1}}' },
        400,
        'Requisição inválida.',
      ],
      [
        {
          method: 'POST',
          url: '/api/token/',
          headers: json,
          payload: '{"constructor": {"prototype": {}}}',
        },
        400,
        'Requisição inválida.',
      ],
      [{ method: 'GET', url: '/api/nao-existe/' }, 404, 'Recurso não encontrado.'],
    ];
    for (const [request, status, error] of cases) {
      const res = await app.inject(request);
      expect(res.statusCode, JSON.stringify(request).slice(0, 80)).toBe(status);
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error });
    }
  });

  it('query keys like __proto__ or constructor are plain unknown keys, never a crash', async () => {
    for (const query of ['__proto__=1', 'constructor=1', '__proto__[x]=1', 'toString=1']) {
      const res = await app.inject(`/api/buscar/produtos/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatch(/^Parâmetros inválidos/);
    }
    // A key that is no field name is not echoed back.
    const res = await app.inject('/api/buscar/produtos/?select%20*%20from%20users=1');
    expect(res.body).not.toContain('select');
  });
});

describe('e-mails: the domain length on every call, compared after NFKC', () => {
  const long = `${'a'.repeat(250)}@exemplo.com`; // 262 characters

  it('PUT /api/infos/ refuses a 262-character e-mail (as sign-up does)', async () => {
    const user = await verifiedUser(app, testDb.database);
    const { access } = await login(app, user.email);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/infos/',
      headers: { authorization: `Bearer ${access}` },
      payload: { email: long, phone: '(11) 98765-4321' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: [REGISTRATION_EMAIL_TOO_LONG] });
  });

  it('so do forgot-password, send_verification, token and users', async () => {
    for (const [url, body] of [
      ['/api/forgot-password/', { email: long }],
      ['/api/send_verification/', { email: long }],
      ['/api/token/', { username: long, password: GOOD_PASSWORD }],
      ['/api/users/', signUpPayload({ email: long })],
    ] as const) {
      const res = await post(app, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(REGISTRATION_EMAIL_TOO_LONG);
    }
  });

  it('a full-width e-mail logs in to the account it spells', async () => {
    const user = await verifiedUser(app, testDb.database);
    const fullWidth = [...user.email]
      .map((c) => (c >= 'a' && c <= 'z' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
      .join('');
    expect(fullWidth).not.toBe(user.email);
    const res = await post(app, '/api/token/', { username: fullWidth, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('search is NFKC-normalised: full-width letters find what plain ones do', async () => {
    const plain = await app.inject('/api/buscar/produtos/?search=anel');
    const wide = await app.inject(`/api/buscar/produtos/?search=${encodeURIComponent('ａｎｅｌ')}`);
    expect(plain.json().length).toBeGreaterThan(0);
    expect(wide.json()).toEqual(plain.json());
  });
});

describe('mail failures', () => {
  it("forgot-password still answers its success: the mail library's message stays in the (scrubbed) log", async () => {
    const user = await verifiedUser(app, testDb.database);
    mailer.failing = true;
    logs.text = '';
    try {
      const res = await post(app, '/api/forgot-password/', { email: user.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_SENT });
      // The worker meets the rejection: its log line and the row's last error, both scrubbed.
      await app.outbox.drain();
    } finally {
      mailer.failing = false;
    }
    expect(logs.text).toContain('all recipients were rejected');
    expect(logs.text).not.toContain(user.email.toLowerCase());
    expect(logs.text).not.toContain(user.email.split('@')[0]);
    const [row] = await testDb.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.recipient, user.email.toLowerCase()));
    expect(row!.lastError).toContain('all recipients were rejected');
    expect(row!.lastError).not.toContain(user.email.split('@')[0]);
  });

  it('send_verification too', async () => {
    const user = await register(app);
    mailer.failing = true;
    logs.text = '';
    try {
      const res = await post(app, '/api/send_verification/', { email: user.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESEND_SENT });
      await app.outbox.drain();
    } finally {
      mailer.failing = false;
    }
    expect(logs.text).toContain('all recipients were rejected');
    expect(logs.text).not.toContain(user.email.split('@')[0]);
  });
});
