/**
 * The alert about the mail server itself: the real app on a real SMTP server (a local
 * smtp-server) that goes away. The page says so at the next sweep; the owners' e-mail waits in
 * the outbox while the server refuses connections and reaches them once it is back, followed by
 * the 'resolved' one: one message each way, read off the wire.
 */
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { healthItems, outboxEmails } from '../../db/schema.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers.js';
import { parseMessage, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';

const STORE_EMAIL = 'donas@semijoias.test';
const MINUTE = 60_000;

let sink: SmtpSink;
let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  sink = await startSmtpSink();
  testDb = await createTestDatabase({ seed: false });
  app = await buildApp({
    config: testConfig({
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      mailFrom: 'Duas Irmãs Semijoias <loja@semijoias.test>',
      storeEmail: STORE_EMAIL,
    }),
    database: testDb.database,
    logger: false,
    background: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await sink?.close();
  await testDb?.drop();
});

async function mailServerItem() {
  const [row] = await testDb.database.db
    .select()
    .from(healthItems)
    .where(eq(healthItems.key, 'servidor_email'));
  return row!;
}

/** What the mail server received since the sink started, decoded. */
function received() {
  return sink.received.map((m) => ({ to: m.to, ...parseMessage(m.raw) }));
}

describe('the mail server goes down and comes back', () => {
  it('red on the page at once; its e-mail arrives when mail flows again, then the resolved one', async () => {
    const start = Date.now();
    await app.storeHealth.runOnce(new Date(start));
    expect((await mailServerItem()).state).toBe('verde');

    // The server goes away: connections are refused.
    const port = sink.port;
    await sink.close();
    await app.storeHealth.runOnce(new Date(start + MINUTE));
    const red = await mailServerItem();
    expect(red).toMatchObject({
      state: 'vermelho',
      detail: 'O servidor de e-mail não respondeu ou recusou a conexão da loja.',
    });
    expect((await app.storeHealth.read()).items.find((i) => i.key === 'servidor_email')).toEqual(
      red,
    );

    // The alert is in the outbox; delivering it fails and it stays there for a retry.
    expect(await app.outbox.drain()).toBe(0);
    const [waiting] = await testDb.database.db
      .select()
      .from(outboxEmails)
      .where(like(outboxEmails.kind, 'health_%'));
    expect(waiting).toMatchObject({
      kind: 'health_alert',
      recipient: STORE_EMAIL,
      attempts: 1,
      sentAt: null,
      failedAt: null,
    });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
    // Still red at the next sweep, and no second alert.
    await app.storeHealth.runOnce(new Date(start + 2 * MINUTE));
    const alerts = await testDb.database.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(like(outboxEmails.kind, 'health_%'));
    expect(alerts).toHaveLength(1);

    // The server is back where it was; the retry comes due (time passes: no waiting here).
    sink = await startSmtpSink({ port });
    await testDb.database.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(isNull(outboxEmails.sentAt), like(outboxEmails.kind, 'health_%')));
    expect(await app.outbox.drain()).toBe(1);
    const [alert, ...others] = received();
    expect(others).toEqual([]);
    expect(alert!.to).toEqual([STORE_EMAIL]);
    expect(alert!.subject).toBe('Problema na loja: Servidor de e-mail - Duas Irmãs Semijoias');
    expect(alert!.text).toContain(red.detail);
    expect(alert!.text).toContain(`O que fazer: ${red.advice}`);

    // The next sweep finds it answering: green, and one 'resolved' e-mail.
    await app.storeHealth.runOnce(new Date(start + 3 * MINUTE));
    expect((await mailServerItem()).state).toBe('verde');
    expect(await app.outbox.drain()).toBe(1);
    await app.storeHealth.runOnce(new Date(start + 4 * MINUTE));
    expect(await app.outbox.drain()).toBe(0);
    expect(received().map((m) => m.subject)).toEqual([
      'Problema na loja: Servidor de e-mail - Duas Irmãs Semijoias',
      'Resolvido: Servidor de e-mail - Duas Irmãs Semijoias',
    ]);
  });
});
