/**
 * End to end over real SMTP: a local smtp-server started here, the app pointed at it with
 * SMTP_URL, a sign-up, the message read from the wire (sent by the outbox worker) and its link
 * followed; and a sign-up while the mail server is down, delivered once it is back.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_SUCCESS, VERIFY_SUCCESS } from '@semijoias/domain/messages';
import { buildApp } from '../../app.js';
import { outboxEmails } from '../../db/schema.js';
import { smtpMailer } from './smtp.js';
import { post, signUpPayload, GOOD_PASSWORD } from '../../../test/accounts.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers.js';
import {
  parseMessage,
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from '../../../test/smtp-sink.js';

/** The verification token in a message read from the wire. */
function tokenIn(mail: ReceivedMail): string {
  const body = parseMessage(mail.raw).text;
  const link = /http:\/\/loja\.test\/verificar-email\?token=([\w-]+)/.exec(body);
  expect(link, body).not.toBeNull();
  return new URL(link![0]).searchParams.get('token')!;
}

let sink: SmtpSink;

let testDb: TestDatabase;

beforeAll(async () => {
  sink = await startSmtpSink();
  testDb = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await sink?.close();
  await testDb?.drop();
});

describe('verification e-mail over SMTP', () => {
  it('the worker sends the message through SMTP_URL right after the sign-up; its link verifies the account', async () => {
    const app = await buildApp({
      config: testConfig({
        smtpUrl: `smtp://127.0.0.1:${sink.port}`,
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
      await vi.waitFor(() => expect(sink.received).toHaveLength(1), { timeout: 5000 });
      const mail = sink.received[0]!;
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
    const probe = await startSmtpSink();
    const deadPort = probe.port;
    await probe.close();
    const app = await buildApp({
      config: testConfig({ smtpUrl: `smtp://127.0.0.1:${deadPort}` }),
      database: testDb.database,
      logger: false,
      background: false,
    });
    let back: SmtpSink | undefined;
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

      back = await startSmtpSink({ port: deadPort });
      // The retry comes when it is due (the clock moved on).
      await testDb.database.db
        .update(outboxEmails)
        .set({ nextAttemptAt: sql`now()` })
        .where(mine);
      expect(await app.outbox.drain()).toBe(1);
      expect(await app.outbox.drain()).toBe(0);
      expect(back.received).toHaveLength(1);
      expect(back.received[0]!.to).toEqual([email]);
      const verified = await post(app, '/api/verify_email/', { token: tokenIn(back.received[0]!) });
      expect(verified.statusCode).toBe(200);
    } finally {
      await app.close();
      await back?.close();
    }
  });

  it('keeps one connection for message after message, and opens a new one after the server dropped it', async () => {
    const server = await startSmtpSink({ idleTimeoutMs: 300 });
    const mailer = smtpMailer(`smtp://127.0.0.1:${server.port}`, 'Loja <loja@semijoias.test>');
    try {
      const message = (n: number) => ({
        to: `cliente${n}@exemplo.com.br`,
        subject: `Pedido ${n}`,
        text: `Pedido ${n}`,
        html: `<p>Pedido ${n}</p>`,
        links: [],
      });
      for (const n of [1, 2, 3]) await mailer.send(message(n));
      expect(server.connections).toBe(1);

      // Idle past the server's timeout: it closes the connection; the next message opens one.
      await new Promise((resolve) => setTimeout(resolve, 600));
      await mailer.send(message(4));
      expect(server.received.map((m) => m.to)).toEqual([
        ['cliente1@exemplo.com.br'],
        ['cliente2@exemplo.com.br'],
        ['cliente3@exemplo.com.br'],
        ['cliente4@exemplo.com.br'],
      ]);
      expect(server.connections).toBe(2);
    } finally {
      await mailer.close();
      await server.close();
    }
  });
});
