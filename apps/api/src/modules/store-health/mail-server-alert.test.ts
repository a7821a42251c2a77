/**
 * The alert about the mail server itself: the real app on a real SMTP server (a local
 * smtp-server) that goes away. The page says so at the next sweep; the owners' e-mail waits in
 * the outbox while the server refuses connections and reaches them once it is back, followed by
 * the 'resolved' one: one message each way, read off the wire.
 */
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { healthItems, outboxEmails } from '../../db/schema.js';
import { parseMessage, startSmtpSink, useSmtpApp } from '../../../test/smtp-sink.js';

const STORE_EMAIL = 'donas@semijoias.test';
const MINUTE = 60_000;

const ctx = useSmtpApp({ storeEmail: STORE_EMAIL }, { seed: false });

async function mailServerItem() {
  const [row] = await ctx.database.db
    .select()
    .from(healthItems)
    .where(eq(healthItems.key, 'servidor_email'));
  return row!;
}

/** What the mail server received since the sink started, decoded. */
function received() {
  return ctx.sink.received.map((m) => ({ to: m.to, ...parseMessage(m.raw) }));
}

/**
 * This item's e-mails. The test store has no backup and no schedule: its 'Último backup' is red
 * too, and that alert (queued at the first sweep, its retry not yet due) is not this test's.
 */
const mailServerMail = and(
  like(outboxEmails.kind, 'health_%'),
  like(outboxEmails.subject, '%Servidor de e-mail%'),
);

describe('the mail server goes down and comes back', () => {
  it('red on the page at once; its e-mail arrives when mail flows again, then the resolved one', async () => {
    const start = Date.now();
    await ctx.app.storeHealth.runOnce(new Date(start));
    expect((await mailServerItem()).state).toBe('verde');

    // The server goes away: connections are refused.
    const port = ctx.sink.port;
    await ctx.sink.close();
    await ctx.app.storeHealth.runOnce(new Date(start + MINUTE));
    const red = await mailServerItem();
    expect(red).toMatchObject({
      state: 'vermelho',
      detail: 'O servidor de e-mail não respondeu ou recusou a conexão da loja.',
    });
    expect(
      (await ctx.app.storeHealth.read()).items.find((i) => i.key === 'servidor_email'),
    ).toEqual(red);

    // The alert is in the outbox; delivering it fails and it stays there for a retry.
    expect(await ctx.app.outbox.drain()).toBe(0);
    const [waiting] = await ctx.database.db.select().from(outboxEmails).where(mailServerMail);
    expect(waiting).toMatchObject({
      kind: 'health_alert',
      recipient: STORE_EMAIL,
      attempts: 1,
      sentAt: null,
      failedAt: null,
    });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
    // Still red at the next sweep, and no second alert.
    await ctx.app.storeHealth.runOnce(new Date(start + 2 * MINUTE));
    const alerts = await ctx.database.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(mailServerMail);
    expect(alerts).toHaveLength(1);

    // The server is back where it was; the retry comes due (time passes: no waiting here).
    ctx.sink = await startSmtpSink({ port });
    await ctx.database.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(isNull(outboxEmails.sentAt), mailServerMail));
    expect(await ctx.app.outbox.drain()).toBe(1);
    const [alert, ...others] = received();
    expect(others).toEqual([]);
    expect(alert!.to).toEqual([STORE_EMAIL]);
    expect(alert!.subject).toBe('Problema na loja: Servidor de e-mail - Duas Irmãs Semijoias');
    expect(alert!.text).toContain(red.detail);
    expect(alert!.text).toContain(`O que fazer: ${red.advice}`);

    // The next sweep finds it answering: green, and one 'resolved' e-mail.
    await ctx.app.storeHealth.runOnce(new Date(start + 3 * MINUTE));
    expect((await mailServerItem()).state).toBe('verde');
    expect(await ctx.app.outbox.drain()).toBe(1);
    await ctx.app.storeHealth.runOnce(new Date(start + 4 * MINUTE));
    expect(await ctx.app.outbox.drain()).toBe(0);
    expect(received().map((m) => m.subject)).toEqual([
      'Problema na loja: Servidor de e-mail - Duas Irmãs Semijoias',
      'Resolvido: Servidor de e-mail - Duas Irmãs Semijoias',
    ]);
  });
});
