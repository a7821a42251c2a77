/**
 * The transactional outbox (ARCHITECTURE "Selling"): every e-mail is first a row of
 * `outbox_emails`, written by {@link enqueueEmail} inside the transaction of the change that
 * causes it, so the message exists exactly when the change does. The outbox worker (below)
 * delivers it through the Mailer with retries.
 */
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { outboxEmails, type OutboxEmailRow } from '../../db/schema.js';
import {
  describeMailError,
  type Mailer,
  type MailMessage,
} from '../../integrations/mail/mailer.js';

export interface OutboxMessage extends MailMessage {
  /** What the message is: 'verification', 'password_reset', 'order_received', ... */
  kind: string;
}

/**
 * Writes the message into the outbox inside `tx`. With a `dedupeKey`, a message already
 * enqueued under that key is kept and this one dropped (returns false): a repeated event
 * (a notification delivered twice, a retried call) never sends the same e-mail twice.
 */
export async function enqueueEmail(
  tx: Db,
  message: OutboxMessage,
  options: { dedupeKey?: string } = {},
): Promise<boolean> {
  const rows = await tx
    .insert(outboxEmails)
    .values({
      kind: message.kind,
      dedupeKey: options.dedupeKey ?? null,
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      links: message.links,
      headers: message.headers ?? null,
    })
    .onConflictDoNothing({ target: outboxEmails.dedupeKey })
    .returning({ id: outboxEmails.id });
  return rows.length > 0;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** The first retry comes after 5 s, then 10 s, 20 s... never more than an hour apart. */
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;
/**
 * About two days of trying: ten quick retries (about 1.4 h in all), then one an hour. A mail
 * server down for a weekend delays the mail; it does not lose it.
 */
export const DEFAULT_OUTBOX_MAX_ATTEMPTS = 57;
/** Rows claimed by one statement, then sent one after the other. */
const BATCH_SIZE = 10;
/**
 * How long a claim keeps other workers off a row. It is renewed just before each send, so it only
 * has to outlast one send (nodemailer's timeouts end a dead one well within it). After a crash
 * the row waits this long before another worker retries it.
 */
const LEASE_SECONDS = 2 * 60;

/**
 * The wait before the next attempt after `attempt` failed ones: exponential, capped, with a
 * ±20% jitter so a queue that failed together does not retry together.
 */
export function outboxBackoffMs(attempt: number, random: () => number = Math.random): number {
  const exponential = FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1);
  return Math.round(Math.min(exponential, LONGEST_RETRY_MS) * (0.8 + 0.4 * random()));
}

/**
 * One Message-ID per row, the same on every attempt: a resend after a crash between the SMTP
 * answer and the mark is the same message to the servers. The creation time keeps two installs'
 * row 1 apart.
 */
export function outboxMessageId(row: Pick<OutboxEmailRow, 'id' | 'createdAt'>): string {
  return `<outbox-${row.id}-${row.createdAt.getTime()}@semijoias>`;
}

export interface OutboxWorkerOptions {
  db: Db;
  mailer: Mailer;
  log: Log;
  pollIntervalMs?: number;
  maxAttempts?: number;
  /** The wait after a failed attempt (tests pass their own). */
  backoffMs?: (attempt: number) => number;
  /**
   * True while the instance is saturated (a drop's crowd): due mail then waits, looked at again
   * every BUSY_RECHECK_MS, for at most `maxDeferMs`, so rendering and sending e-mails does not
   * take the CPU shoppers are queueing for. None: never deferred.
   */
  busy?: () => boolean;
  maxDeferMs?: number;
}

/** How often a deferring worker looks whether the instance is still busy. */
export const BUSY_RECHECK_MS = 250;
/** The longest a message waits for a busy instance: e-mails still go within seconds. */
export const MAX_DEFER_MS = 20_000;

export interface OutboxWorker {
  /** Runs a pass every pollIntervalMs until stop(). */
  start(): void;
  /** Stops the timer and waits for the pass in flight (its unsent rows are given back). */
  stop(): Promise<void>;
  /** A pass soon, when started (after a commit that enqueued mail). */
  wake(): void;
  /** Passes until nothing is due; the number of messages sent (tests). */
  drain(): Promise<number>;
}

interface PassResult {
  claimed: number;
  sent: number;
}

/**
 * Delivers the outbox. Rows are claimed by one statement that takes a lease on them (the lease
 * keeps other workers, in this process or another instance on one PostgreSQL, off a row being
 * sent; skip locked keeps two claims from waiting on each other), then sent outside any
 * transaction, so the embedded database's one connection is never held during a network send.
 * A crash after the send and before the mark resends the row once the lease ends, under the
 * same Message-ID: at least once, and recognisably the same message.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    mailer,
    log,
    pollIntervalMs = 1000,
    maxAttempts = DEFAULT_OUTBOX_MAX_ATTEMPTS,
    backoffMs = outboxBackoffMs,
    busy,
    maxDeferMs = MAX_DEFER_MS,
  } = options;

  /** Since when due mail has been waiting for a busy instance; undefined when not waiting. */
  let deferringSince: number | undefined;
  function shouldDefer(): boolean {
    if (!busy?.()) {
      deferringSince = undefined;
      return false;
    }
    deferringSince ??= Date.now();
    return Date.now() - deferringSince < maxDeferMs;
  }

  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let active: Promise<PassResult> | undefined;
  let queued: Promise<PassResult> | undefined;

  async function claim(): Promise<OutboxEmailRow[]> {
    const due = db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(
        and(
          isNull(outboxEmails.sentAt),
          isNull(outboxEmails.failedAt),
          lte(outboxEmails.nextAttemptAt, sql`now()`),
          or(isNull(outboxEmails.lockedUntil), lt(outboxEmails.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(outboxEmails.id)
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(outboxEmails)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        attempts: sql`${outboxEmails.attempts} + 1`,
      })
      .where(inArray(outboxEmails.id, due))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Still ours: not sent, and not claimed again since (each claim counts one more attempt). */
  const stillClaimed = (row: OutboxEmailRow) =>
    and(
      eq(outboxEmails.id, row.id),
      eq(outboxEmails.attempts, row.attempts),
      isNull(outboxEmails.sentAt),
    );

  /**
   * The lease again, from now, just before the send: the later rows of a batch may have waited.
   * False when another worker took the row meanwhile (its lease ran out): that one sends it.
   */
  async function renewLease(row: OutboxEmailRow): Promise<boolean> {
    const renewed = await db
      .update(outboxEmails)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(stillClaimed(row))
      .returning({ id: outboxEmails.id });
    return renewed.length > 0;
  }

  async function markSent(row: OutboxEmailRow) {
    // The bodies, links and headers may carry tokens (one-time ones, her unsubscribe link):
    // once delivered only the audit stays.
    await db
      .update(outboxEmails)
      .set({
        sentAt: sql`now()`,
        lockedUntil: null,
        textBody: null,
        htmlBody: null,
        links: [],
        headers: null,
      })
      .where(and(eq(outboxEmails.id, row.id), isNull(outboxEmails.sentAt)));
  }

  async function markFailed(row: OutboxEmailRow, err: unknown) {
    const mailError = describeMailError(err);
    const givenUp = row.attempts >= maxAttempts;
    const waitSeconds = backoffMs(row.attempts) / 1000;
    await db
      .update(outboxEmails)
      .set({
        lastError: mailError,
        lockedUntil: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${waitSeconds})`,
        failedAt: givenUp ? sql`now()` : null,
      })
      .where(stillClaimed(row));
    // The row id and kind, never the address (personal data).
    const fields = { outboxId: row.id, kind: row.kind, attempts: row.attempts, mailError };
    if (givenUp) log.error(fields, 'e-mail não enviado: tentativas esgotadas');
    else log.warn({ ...fields, retryInSeconds: Math.round(waitSeconds) }, 'e-mail não enviado');
  }

  /** Rows claimed but not tried (the worker is stopping): free at once, the attempt not counted. */
  async function release(rows: OutboxEmailRow[]) {
    for (const row of rows) {
      await db
        .update(outboxEmails)
        .set({ lockedUntil: null, attempts: sql`${outboxEmails.attempts} - 1` })
        .where(stillClaimed(row));
    }
  }

  async function deliver(row: OutboxEmailRow): Promise<boolean> {
    if (!(await renewLease(row))) return false;
    try {
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.textBody ?? '',
        html: row.htmlBody ?? '',
        links: row.links,
        messageId: outboxMessageId(row),
        ...(row.headers ? { headers: row.headers } : {}),
      });
    } catch (err) {
      await markFailed(row, err);
      return false;
    }
    await markSent(row);
    return true;
  }

  async function runPass(): Promise<PassResult> {
    const result: PassResult = { claimed: 0, sent: 0 };
    // While the worker runs on its own (start()), a pass stops claiming once the instance is
    // busy and its next tick waits; drain() on a stopped worker (tests, the CLI) never defers.
    while (!stopping && !(started && shouldDefer())) {
      const rows = await claim();
      if (rows.length === 0) break;
      result.claimed += rows.length;
      for (const [i, row] of rows.entries()) {
        if (stopping) {
          await release(rows.slice(i));
          break;
        }
        if (await deliver(row)) result.sent += 1;
      }
    }
    return result;
  }

  /** One pass at a time in this process; callers arriving meanwhile share the next one. */
  function pass(): Promise<PassResult> {
    if (!active) {
      active = runPass().finally(() => {
        active = undefined;
      });
      return active;
    }
    queued ??= active
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return pass();
      });
    return queued;
  }

  function arm(delayMs: number) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  async function tick() {
    timer = undefined;
    if (shouldDefer()) {
      if (started) arm(BUSY_RECHECK_MS);
      return;
    }
    try {
      await pass();
    } catch (err) {
      // A database hiccup: the rows stay due (or leased until it ends); the next tick retries.
      log.error({ err }, 'caixa de saída de e-mails: falha ao processar');
    }
    if (started && !timer) arm(pollIntervalMs);
  }

  return {
    start() {
      if (started) return;
      started = true;
      arm(0);
    },

    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      stopping = true;
      try {
        await Promise.allSettled([active, queued]);
      } finally {
        stopping = false;
      }
    },

    wake() {
      if (started) arm(0);
    },

    async drain() {
      // A pass already running may have looked before the caller's commit: wait, then look anew.
      await active?.catch(() => undefined);
      let sent = 0;
      for (;;) {
        const result = await pass();
        sent += result.sent;
        if (result.claimed === 0) return sent;
      }
    },
  };
}
