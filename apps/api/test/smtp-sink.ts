/**
 * The mailer's FAKE FOR TESTS OF THE WIRE (src/integrations/mail: interface mailer.ts, real client
 * smtp.ts): a test starts it and points SMTP_URL (`smtpUrl`) at `smtp://127.0.0.1:<port>`. Tests
 * that only need the messages hand the app memoryMailer (src/integrations/mail/memory.ts).
 *
 * A local SMTP server for the tests that read what the store really sends (smtp-server, no TLS,
 * no auth); `useSmtpApp`, the real app with SMTP_URL on one, and `delivered()`, its messages read
 * off the wire; a reader for the messages nodemailer writes (encoded subjects, quoted-printable
 * and base64 parts of a multipart/alternative message), and what the e-mails say worked out here.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { escapeHtml } from '@semijoias/domain/html';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { STORE_NAME } from '../src/modules/mail/templates.js';
import { createTestDatabase, testConfig, type TestDatabase } from './helpers.js';

export interface ReceivedMail {
  /** The envelope's sender (MAIL FROM) and recipients (RCPT TO). */
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** How many connections clients opened. */
  connections: number;
  /** While true every recipient is refused with a 451 (a mail server that is down for now). */
  refusing: boolean;
  close(): Promise<void>;
}

/**
 * Listens on `port` when given (a server coming back where it was), else on a free one;
 * `idleTimeoutMs`: closes a connection idle that long.
 */
export async function startSmtpSink(
  options: { refusing?: boolean; port?: number; idleTimeoutMs?: number } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A server that drops a client idle this long, as real ones do after some minutes.
    ...(options.idleTimeoutMs ? { socketTimeout: options.idleTimeoutMs } : {}),
    onConnect(_session, callback) {
      sink.connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (!sink.refusing) return callback();
      // The server quotes the address, as real ones do: the store must scrub it from its logs.
      const err = new Error(`Mailbox <${address.address}> busy, try later`);
      callback(Object.assign(err, { responseCode: 451 }));
    },
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
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const sink: SmtpSink = {
    port: (server.server.address() as AddressInfo).port,
    received,
    connections: 0,
    refusing: options.refusing ?? false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}

// --- The real app on a sink -------------------------------------------------------------------

/** The envelope sender (MAIL FROM) of every message of a useSmtpApp app. */
export const SINK_MAIL_FROM = 'loja@semijoias.test';

/** A message read off the wire: its envelope, its raw text, its subject and parts decoded. */
export interface DeliveredMail extends ReceivedMail {
  subject: string;
  text: string;
  html: string;
}

export interface SmtpTestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The mail server. A test may close it and start another one on its port. */
  sink: SmtpSink;
  /**
   * Delivers the outbox over SMTP and answers the messages the server received since the last
   * call, decoded; each must come from SINK_MAIL_FROM. `exceptTo`: leaves out the messages to
   * these addresses (the owners' own notices, say).
   */
  delivered(options?: { exceptTo?: readonly string[] }): Promise<DeliveredMail[]>;
}

/**
 * The real app with SMTP_URL on a sink of its own, for the test file (beforeAll, then torn down
 * with its database afterAll), mail from `STORE_NAME <SINK_MAIL_FROM>`; `overrides` are its other
 * settings. Nothing runs by itself (`background: false`): mail leaves when a test calls
 * `delivered()` (or drains the outbox). Read the fields inside tests, not at the top level.
 */
export function useSmtpApp(
  overrides: Partial<Config> = {},
  options: { seed?: boolean } = {},
): SmtpTestApp {
  let testDb: TestDatabase | undefined;
  let readFrom: { sink: SmtpSink; count: number } | undefined;
  const ctx = {
    async delivered({ exceptTo = [] } = {}) {
      await ctx.app.outbox.drain();
      const { sink } = ctx;
      const fresh = sink.received.slice(readFrom?.sink === sink ? readFrom.count : 0);
      readFrom = { sink, count: sink.received.length };
      return fresh
        .filter((m) => !m.to.some((to) => exceptTo.includes(to)))
        .map((m) => {
          expect(m.from).toBe(SINK_MAIL_FROM);
          return { ...m, ...parseMessage(m.raw) };
        });
    },
  } as SmtpTestApp;
  beforeAll(async () => {
    ctx.sink = await startSmtpSink();
    testDb = await createTestDatabase({ seed: options.seed ?? true });
    ctx.database = testDb.database;
    ctx.config = testConfig({
      smtpUrl: `smtp://127.0.0.1:${ctx.sink.port}`,
      mailFrom: `${STORE_NAME} <${SINK_MAIL_FROM}>`,
      ...overrides,
    });
    ctx.app = await buildApp({
      config: ctx.config,
      database: testDb.database,
      logger: false,
      background: false,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await testDb?.drop();
    await ctx.sink?.close();
  });
  return ctx;
}

// --- What the e-mails say, worked out here -----------------------------------------------------

/** Each fact in the text part, and (escaped as markup) in the HTML part. */
export function expectSays(
  mail: { subject: string; text: string; html: string },
  ...facts: string[]
) {
  for (const fact of facts) {
    expect(mail.text, mail.subject).toContain(fact);
    expect(mail.html, mail.subject).toContain(escapeHtml(fact));
  }
}

/** '312.90' (the API's money) as the e-mails write it: 'R$ 312,90', 'R$ 1.234,56'. */
export function reais(amount: string): string {
  const [whole, cents] = amount.split('.');
  return `R$ ${whole!.replace(/\B(?=(\d{3})+$)/g, '.')},${cents}`;
}

/**
 * An order's deadline as the e-mails write it: 'até dd/mm às hh:mm' in São Paulo (UTC-3 all year
 * since 2019).
 */
export function deadlineText(at: Date): string {
  const local = new Date(at.getTime() - 3 * 60 * 60_000);
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `até ${p2(local.getUTCDate())}/${p2(local.getUTCMonth() + 1)} às ${p2(local.getUTCHours())}:${p2(local.getUTCMinutes())}`;
}

// --- Reading a message as nodemailer wrote it -------------------------------------------------

/** Quoted-printable to bytes: soft line breaks dropped, `=XX` escapes undone. */
function quotedPrintableBytes(encoded: string): Buffer {
  const src = encoded.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const hex = src.slice(i + 1, i + 3);
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(src[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/**
 * A header value with its RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) decoded.
 * Adjacent words are joined as bytes first (a character may be split between two words) and the
 * blank between them is not text.
 */
function decodeHeader(value: string): string {
  const out: string[] = [];
  let pending: Buffer[] = [];
  const flush = () => {
    if (pending.length > 0) out.push(Buffer.concat(pending).toString('utf8'));
    pending = [];
  };
  let last = 0;
  for (const m of value.matchAll(/=\?[\w-]+\?([QqBb])\?([^?]*)\?=/g)) {
    const between = value.slice(last, m.index);
    if (pending.length === 0 || !/^\s*$/.test(between)) {
      flush();
      out.push(between);
    }
    const [, encoding, data] = m;
    pending.push(
      encoding!.toUpperCase() === 'B'
        ? Buffer.from(data!, 'base64')
        : quotedPrintableBytes(data!.replace(/_/g, ' ')),
    );
    last = m.index + m[0].length;
  }
  flush();
  out.push(value.slice(last));
  return out.join('');
}

/** Headers (unfolded, names lower-cased) and body of one MIME entity. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = cut < 0 ? raw : raw.slice(0, cut);
  const body = cut < 0 ? '' : raw.slice(cut).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? quotedPrintableBytes(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(body, 'utf8');
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

/** The decoded subject and both parts of a multipart/alternative message. */
export function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  expect(boundary, `not multipart: ${type}`).toBeDefined();
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => splitEntity(part.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
  const partOf = (mime: string) => {
    const part = parts.find((p) => p.headers.get('content-type')?.startsWith(mime));
    expect(part, `no ${mime} part`).toBeDefined();
    return decodeBody(part!.headers, part!.body);
  };
  return {
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: partOf('text/plain'),
    html: partOf('text/html'),
  };
}
