/**
 * The outbox: the file transport used without SMTP_URL, and the worker that delivers
 * `outbox_emails` (on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set) — through memory
 * mailers and through a real SMTP server (smtp-server) that refuses, then accepts.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { outboxEmails } from '../../db/schema.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import {
  outboxMailer,
  smtpMailer,
  type Mailer,
  type MailMessage,
} from '../../integrations/mail/mailer.js';
import {
  BUSY_RECHECK_MS,
  createOutboxWorker,
  DEFAULT_OUTBOX_MAX_ATTEMPTS,
  enqueueEmail,
  outboxBackoffMs,
  outboxMessageId,
  type OutboxMessage,
  type OutboxWorkerOptions,
} from './outbox.js';
import { passwordResetEmail, verificationEmail } from './templates.js';
import { useTestDatabase } from '../../../test/helpers.js';

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes each message as JSON under DATA_DIR/outbox and logs its link', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'semijoias-outbox-'));
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      info: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }),
      warn: () => {},
    } as never;
    try {
      const mailer = outboxMailer(join(dataDir, 'outbox'), log);
      const message = verificationEmail({
        to: 'ana@exemplo.com',
        firstName: 'Ana <b>',
        publicUrl: 'http://localhost:3000',
        token: 'abc_DEF-123',
      });
      await mailer.send(message);
      const files = await readdir(join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-[0-9a-f-]{36}\.json$/);
      const saved = JSON.parse(await readFile(join(dataDir, 'outbox', files[0]!), 'utf8'));
      expect(saved).toMatchObject({
        to: 'ana@exemplo.com',
        subject: 'Confirme seu e-mail - Duas Irmãs Semijoias',
        links: ['http://localhost:3000/verificar-email?token=abc_DEF-123'],
      });
      expect(typeof saved.text).toBe('string');
      expect(saved.html).toContain('Ana &lt;b&gt;');
      expect(new Date(saved.sentAt).toISOString()).toBe(saved.sentAt);
      expect(logged[0]!.obj.links).toEqual(saved.links);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('builds the reset link on PUBLIC_URL', () => {
    const m = passwordResetEmail({
      to: 'a@b.com',
      firstName: 'Ana',
      publicUrl: 'https://loja.example.com',
      token: 'tok',
    });
    expect(m.links).toEqual(['https://loja.example.com/redefinir-senha/tok']);
    expect(m.text).toContain('Duas Irmãs Semijoias');
    expect(m.html).toContain('href="https://loja.example.com/redefinir-senha/tok"');
  });
});

const testDb = useTestDatabase({ seed: false });
let db: Db;

beforeAll(() => {
  db = testDb.database.db;
});
beforeEach(async () => {
  await db.delete(outboxEmails);
});

let serial = 0;
function message(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  serial += 1;
  return {
    kind: 'test',
    to: `cliente.${serial}@exemplo.com.br`,
    subject: `Assunto ${serial}`,
    text: `Olá! Mensagem ${serial}: http://loja.test/verificar-email?token=tok${serial}`,
    html: `<p>Olá! Mensagem ${serial}</p>`,
    links: [`http://loja.test/verificar-email?token=tok${serial}`],
    ...overrides,
  };
}

async function enqueue(...messages: OutboxMessage[]) {
  await db.transaction(async (tx) => {
    for (const m of messages) await enqueueEmail(tx, m);
  });
}

async function rows() {
  return db.select().from(outboxEmails).orderBy(outboxEmails.id);
}

/** Messages kept in memory; `failing` makes sends reject, `delayMs` keeps each send in flight. */
function recordingMailer(options: { delayMs?: number } = {}) {
  const mailer = {
    sent: [] as MailMessage[],
    failing: undefined as Error | undefined,
    async send(m: MailMessage) {
      if (options.delayMs) await sleep(options.delayMs);
      if (mailer.failing) throw mailer.failing;
      mailer.sent.push(m);
    },
    async close() {},
  };
  return mailer;
}

function recordingLog() {
  const lines: { level: string; obj: unknown; msg: string }[] = [];
  const at = (level: string) => (obj: unknown, msg: string) => lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}

function worker(mailer: Mailer, options: Partial<OutboxWorkerOptions> = {}) {
  return createOutboxWorker({ db, mailer, log: recordingLog().log, ...options });
}

describe('outbox worker', () => {
  it('never sends a message whose transaction rolled back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, message());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const mailer = recordingMailer();
    expect(await worker(mailer).drain()).toBe(0);
    expect(mailer.sent).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('sends a committed message once, then keeps only what the audit needs', async () => {
    const m = message();
    await enqueue(m);
    const mailer = recordingMailer();
    const w = worker(mailer);
    expect(await w.drain()).toBe(1);
    expect(await w.drain()).toBe(0);
    expect(mailer.sent).toHaveLength(1);
    const [row] = await rows();
    expect(mailer.sent[0]).toEqual({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      links: m.links,
      messageId: outboxMessageId(row!),
    });
    // The bodies and links carried a one-time token: gone once delivered.
    expect(row).toMatchObject({
      kind: 'test',
      recipient: m.to,
      subject: m.subject,
      textBody: null,
      htmlBody: null,
      links: [],
      attempts: 1,
      lockedUntil: null,
      failedAt: null,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('two workers draining at once send each message exactly once', async () => {
    const messages = Array.from({ length: 25 }, () => message());
    await enqueue(...messages);
    const mailer = recordingMailer({ delayMs: 5 });
    const [a, b] = await Promise.all([worker(mailer).drain(), worker(mailer).drain()]);
    expect(a + b).toBe(25);
    // Both took part (the delay keeps one busy while the other claims).
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(mailer.sent.map((m) => m.subject).sort()).toEqual(messages.map((m) => m.subject).sort());
    expect((await rows()).every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('keeps one message per dedupe key', async () => {
    const first = message({ subject: 'Pedido 12 pago' });
    const again = message({ subject: 'Pedido 12 pago (de novo)' });
    const added = await db.transaction(async (tx) => [
      await enqueueEmail(tx, first, { dedupeKey: 'order:12:paid' }),
      await enqueueEmail(tx, again, { dedupeKey: 'order:12:paid' }),
    ]);
    expect(added).toEqual([true, false]);
    const mailer = recordingMailer();
    await worker(mailer).drain();
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Pedido 12 pago']);
    // Even once sent, the key still stops a repeat.
    expect(
      await db.transaction((tx) => enqueueEmail(tx, again, { dedupeKey: 'order:12:paid' })),
    ).toBe(false);
  });

  it('retries a failed send later, then gives up after maxAttempts and says so in the log', async () => {
    const m = message();
    await enqueue(m);
    const mailer = recordingMailer();
    mailer.failing = Object.assign(new Error(`550 5.1.1 <${m.to}>: mailbox unavailable`), {
      code: 'EENVELOPE',
    });
    const { lines, log } = recordingLog();
    const w = createOutboxWorker({ db, mailer, log, maxAttempts: 3, backoffMs: () => 60_000 });

    expect(await w.drain()).toBe(0);
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
    expect(row!.lastError).toContain('mailbox unavailable');
    expect(row!.lastError).not.toContain(m.to);
    const waited = row!.nextAttemptAt.getTime() - row!.createdAt.getTime();
    expect(waited).toBeGreaterThan(50_000);
    // Not due yet: a second drain leaves it alone.
    expect(await w.drain()).toBe(0);
    expect((await rows())[0]!.attempts).toBe(1);

    for (const attempt of [2, 3]) {
      await db.update(outboxEmails).set({ nextAttemptAt: sql`now()` });
      await w.drain();
      [row] = await rows();
      expect(row!.attempts).toBe(attempt);
    }
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.sentAt).toBeNull();
    // Given up: never tried again, even when due.
    mailer.failing = undefined;
    await db.update(outboxEmails).set({ nextAttemptAt: sql`now()` });
    expect(await w.drain()).toBe(0);
    expect(mailer.sent).toEqual([]);

    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn', 'error']);
    expect(lines[2]!.obj).toMatchObject({ outboxId: row!.id, kind: 'test', attempts: 3 });
    expect(JSON.stringify(lines)).not.toContain(m.to);
  });

  it('a row claimed by a worker that died is sent once its lease ends, under its one Message-ID', async () => {
    await enqueue(message());
    // As a worker leaves it when the process is killed between the SMTP answer and the mark.
    await db
      .update(outboxEmails)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '5 minutes'` });
    const mailer = recordingMailer();
    const w = worker(mailer);
    expect(await w.drain()).toBe(0);
    await db.update(outboxEmails).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await w.drain()).toBe(1);
    const [row] = await rows();
    expect(row!.attempts).toBe(2);
    expect(mailer.sent[0]!.messageId).toBe(outboxMessageId(row!));
    expect(outboxMessageId(row!)).toMatch(/^<outbox-\d+-\d+@semijoias>$/);
  });

  it('a row whose lease ran out while it waited in a batch is left to the worker that took it', async () => {
    await enqueue(message(), message());
    // Worker A's mail server hangs on the first message of its batch of two...
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const slow = recordingMailer();
    const slowSend = slow.send;
    slow.send = async (m) => {
      if (slow.sent.length === 0) await hanging;
      return slowSend(m);
    };
    const a = worker(slow).drain();
    await vi.waitFor(async () => expect((await rows()).every((r) => r.attempts === 1)).toBe(true));
    // ...long enough for the second row's lease to end: worker B takes it and sends it.
    const [, second] = await rows();
    await db
      .update(outboxEmails)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxEmails.id, second!.id));
    const fast = recordingMailer();
    expect(await worker(fast).drain()).toBe(1);
    release();
    expect(await a).toBe(1);
    // A skipped it: each message went out once.
    expect([...slow.sent, ...fast.sent].map((m) => m.subject).sort()).toEqual(
      (await rows()).map((r) => r.subject).sort(),
    );
    expect((await rows()).map((r) => r.attempts)).toEqual([1, 2]);
  });

  it('start() delivers on its own, wake() at once, stop() waits for the send in flight', async () => {
    const mailer = recordingMailer({ delayMs: 50 });
    const w = worker(mailer, { pollIntervalMs: 60_000 });
    w.start();
    await sleep(20); // the first pass found nothing; the next is a minute away
    await enqueue(message(), message(), message());
    w.wake();
    await vi.waitFor(() => expect(mailer.sent.length).toBeGreaterThan(0), { timeout: 2000 });
    await w.stop();
    const after = await rows();
    const sent = after.filter((r) => r.sentAt !== null);
    expect(sent).toHaveLength(mailer.sent.length);
    // What it claimed and did not try goes back, the attempt not counted.
    for (const r of after.filter((x) => x.sentAt === null)) {
      expect(r).toMatchObject({ attempts: 0, lockedUntil: null });
    }
    // Stopped: nothing runs by itself any more, but drain still delivers the rest.
    w.wake();
    await sleep(100);
    expect(mailer.sent).toHaveLength(sent.length);
    await w.drain();
    expect(mailer.sent).toHaveLength(3);
  });

  it('waits while the instance is busy, and sends once it is not, or once it waited long enough', async () => {
    const mailer = recordingMailer();
    let busy = true;
    const w = worker(mailer, { pollIntervalMs: 60_000, busy: () => busy, maxDeferMs: 60_000 });
    w.start();
    await enqueue(message());
    w.wake();
    await sleep(BUSY_RECHECK_MS * 2);
    expect(mailer.sent).toEqual([]);
    busy = false;
    await vi.waitFor(() => expect(mailer.sent).toHaveLength(1), { timeout: 2000 });
    await w.stop();

    // Busy for good: the message still goes once it has waited maxDeferMs.
    const patient = recordingMailer();
    const w2 = worker(patient, { pollIntervalMs: 60_000, busy: () => true, maxDeferMs: 300 });
    w2.start();
    await enqueue(message());
    w2.wake();
    await vi.waitFor(() => expect(patient.sent).toHaveLength(1), { timeout: 2000 });
    await w2.stop();
  });

  it('a database error in a pass is logged and the next tick retries', async () => {
    await enqueue(message());
    const mailer = recordingMailer();
    const { lines, log } = recordingLog();
    let broken = true;
    const flaky = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'update' && broken) {
          broken = false;
          throw new Error('connection terminated unexpectedly');
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const w = createOutboxWorker({ db: flaky, mailer, log, pollIntervalMs: 20 });
    w.start();
    try {
      await vi.waitFor(() => expect(mailer.sent).toHaveLength(1), { timeout: 2000 });
    } finally {
      await w.stop();
    }
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
  });

  it('backs off 5 s, 10 s, 20 s... up to an hour, trying for about two days by default', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((n) => outboxBackoffMs(n, middle))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
    expect(outboxBackoffMs(30, middle)).toBe(3_600_000);
    expect(outboxBackoffMs(1, () => 0)).toBe(4_000);
    expect(outboxBackoffMs(1, () => 1)).toBe(6_000);
    let total = 0;
    for (let n = 1; n < DEFAULT_OUTBOX_MAX_ATTEMPTS; n++) total += outboxBackoffMs(n, middle);
    expect(total / 3_600_000).toBeGreaterThan(46);
    expect(total / 3_600_000).toBeLessThan(50);
  });
});

describe('outbox worker over real SMTP', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ refusing: true });
  });
  afterAll(() => sink?.close());

  it('a server that refuses leaves the row for later; once it accepts, the message arrives once', async () => {
    const m = message({ subject: 'Seu pedido foi recebido', text: 'Pedido 42: R$ 129,90' });
    await enqueue(m);
    const mailer = smtpMailer(`smtp://127.0.0.1:${sink.port}`, 'Loja <loja@semijoias.test>');
    const { lines, log } = recordingLog();
    const w = createOutboxWorker({ db, mailer, log });
    try {
      expect(await w.drain()).toBe(0);
      let [row] = await rows();
      expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
      expect(row!.lastError).toMatch(/451/);
      expect(row!.lastError).not.toContain(m.to);
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(sink.received).toHaveLength(0);
      expect(JSON.stringify(lines)).not.toContain(m.to);

      sink.refusing = false;
      // Not before its time...
      expect(await w.drain()).toBe(0);
      // ...and when it comes, once.
      await db.update(outboxEmails).set({ nextAttemptAt: sql`now()` });
      expect(await w.drain()).toBe(1);
      expect(await w.drain()).toBe(0);
      expect(sink.received).toHaveLength(1);
      [row] = await rows();
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(row!.attempts).toBe(2);
      const mail = sink.received[0]!;
      expect(mail.to).toEqual([m.to]);
      expect(mail.raw).toMatch(/^Subject: Seu pedido foi recebido$/m);
      expect(mail.raw).toContain(`Message-ID: ${outboxMessageId(row!)}`);
      expect(mail.raw).toContain('Pedido 42: R$ 129,90');
    } finally {
      sink.refusing = true;
      await mailer.close();
    }
  });
});
