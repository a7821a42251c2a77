/**
 * End to end over real SMTP: a local smtp-server started here, the app pointed at it with
 * SMTP_URL, a sign-up, the message read from the wire and its link followed.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_SUCCESS } from '@semijoias/domain/messages';
import { buildApp } from '../../app.js';
import { post, signUpPayload, GOOD_PASSWORD } from '../../../test/accounts.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Quoted-printable soft breaks and escapes undone (the text part of nodemailer's message). */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const received: Received[] = [];
const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let testDb: TestDatabase;
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  testDb = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await testDb?.drop();
});

describe('verification e-mail over SMTP', () => {
  it('sends the message through SMTP_URL, and its link verifies the account', async () => {
    const app = await buildApp({
      config: testConfig({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'Duas Irmãs Semijoias <loja@semijoias.test>',
      }),
      database: testDb.database,
      logger: false,
    });
    try {
      const payload = signUpPayload();
      const res = await post(app, '/api/users/', payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().email_sent).toBe(true);

      expect(received).toHaveLength(1);
      const mail = received[0]!;
      expect(mail.from).toBe('loja@semijoias.test');
      expect(mail.to).toEqual([payload.email.toLowerCase()]);
      expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/im);
      expect(mail.raw).toMatch(/text\/plain/);
      expect(mail.raw).toMatch(/text\/html/);
      expect(mail.raw).toMatch(/^Subject: .+/m);

      const body = decodeQuotedPrintable(mail.raw);
      const link = /http:\/\/loja\.test\/verificar-email\?token=([\w-]+)/.exec(body);
      expect(link, body).not.toBeNull();
      const token = new URL(link![0]).searchParams.get('token')!;

      const verified = await post(app, '/api/verify_email/', { token });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ success: true, message: VERIFY_SUCCESS });
      const login = await post(app, '/api/token/', {
        username: payload.email,
        password: GOOD_PASSWORD,
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a mail server that is down: the account is kept and the answer says so', async () => {
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const app = await buildApp({
      config: testConfig({ smtpUrl: `smtp://127.0.0.1:${deadPort}` }),
      database: testDb.database,
      logger: false,
    });
    try {
      const res = await post(app, '/api/users/', signUpPayload());
      expect(res.statusCode).toBe(201);
      expect(res.json().email_sent).toBe(false);
    } finally {
      await app.close();
    }
  });
});
