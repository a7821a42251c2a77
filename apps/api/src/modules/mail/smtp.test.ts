/**
 * End to end over real SMTP: a local smtp-server started here, the app pointed at it with
 * SMTP_URL, a sign-up, the message read from the wire (sent by the outbox worker) and its link
 * followed; and a sign-up while the mail server is down, delivered once it is back.
 */
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_SUCCESS, VERIFY_SUCCESS } from '@semijoias/domain/messages';
import { buildApp } from '../../app.js';
import { outboxEmails } from '../../db/schema.js';
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

/** A mail sink: every message it accepts lands in `received`. */
function smtpSink(received: Received[]): SMTPServer {
  return new SMTPServer({
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
}

/** The verification token in a message read from the wire. */
function tokenIn(mail: Received): string {
  const body = decodeQuotedPrintable(mail.raw);
  const link = /http:\/\/loja\.test\/verificar-email\?token=([\w-]+)/.exec(body);
  expect(link, body).not.toBeNull();
  return new URL(link![0]).searchParams.get('token')!;
}

const received: Received[] = [];
const server = smtpSink(received);

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
  it('the worker sends the message through SMTP_URL right after the sign-up; its link verifies the account', async () => {
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

      // No drain: the running worker was woken by the sign-up's commit.
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000 });
      const mail = received[0]!;
      expect(mail.from).toBe('loja@semijoias.test');
      expect(mail.to).toEqual([payload.email.toLowerCase()]);
      expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/im);
      expect(mail.raw).toMatch(/text\/plain/);
      expect(mail.raw).toMatch(/text\/html/);
      expect(mail.raw).toMatch(/^Subject: .+/m);
      expect(mail.raw).toMatch(/^Message-ID: <outbox-\d+-\d+@semijoias>/m);
      const token = tokenIn(mail);

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

  it('a mail server that is down: the sign-up succeeds and its e-mail arrives once the server is back', async () => {
    // A port nothing listens on (for now).
    const probe = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadPort = (probe.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const app = await buildApp({
      config: testConfig({ smtpUrl: `smtp://127.0.0.1:${deadPort}` }),
      database: testDb.database,
      logger: false,
      background: false,
    });
    const late: Received[] = [];
    const back = smtpSink(late);
    try {
      const payload = signUpPayload();
      const email = payload.email.toLowerCase();
      const res = await post(app, '/api/users/', payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: REGISTRATION_SUCCESS, email_sent: true });

      expect(await app.outbox.drain()).toBe(0);
      const mine = eq(outboxEmails.recipient, email);
      const [waiting] = await testDb.database.db.select().from(outboxEmails).where(mine);
      expect(waiting).toMatchObject({ kind: 'verification', attempts: 1, sentAt: null });
      expect(waiting!.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);

      await new Promise<void>((resolve) => back.listen(deadPort, '127.0.0.1', resolve));
      // The retry comes when it is due (the clock moved on).
      await testDb.database.db
        .update(outboxEmails)
        .set({ nextAttemptAt: sql`now()` })
        .where(mine);
      expect(await app.outbox.drain()).toBe(1);
      expect(await app.outbox.drain()).toBe(0);
      expect(late).toHaveLength(1);
      expect(late[0]!.to).toEqual([email]);
      const verified = await post(app, '/api/verify_email/', { token: tokenIn(late[0]!) });
      expect(verified.statusCode).toBe(200);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => back.close(() => resolve()));
    }
  });
});
