/**
 * Outgoing e-mail behind one interface (STYLE 11): SMTP through nodemailer when SMTP_URL is set;
 * otherwise an outbox of JSON files in DATA_DIR/outbox with the links written to the log, so a
 * newcomer can finish sign-up with no mail server (and end-to-end tests read the newest file).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { scrubText } from '../../lib/logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries (the outbox lists them; the log shows them). */
  links: string[];
  /**
   * A fixed Message-ID (`<...@...>`): the outbox worker gives each row its own, so a message
   * sent again after a crash is recognisable by mail servers as the same one.
   */
  messageId?: string;
}

export interface Mailer {
  /** Resolves when the message is handed over; rejects when it could not be. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
  /**
   * 'files': the development outbox, where nothing leaves the server (the owners' health page
   * says so). Optional, like verify: a test's own mailer need not say.
   */
  readonly kind?: 'smtp' | 'files' | 'memory';
  /**
   * Resolves when the mail server answers (connects, greets, takes the login); rejects when it
   * does not. The health page asks it at every sweep (issue 20).
   */
  verify?(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * nodemailer over SMTP, one connection per message. Bounded timeouts: a dead mail server must not
 * hold the outbox worker's lease for long.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    },
    async close() {
      transport.close();
    },
    async verify() {
      // nodemailer's own check: connect, EHLO, STARTTLS and AUTH when configured, then QUIT.
      await transport.verify();
    },
  };
}

/**
 * `DATA_DIR/outbox/<ISO time>-<id>.json` with `{to, subject, text, html, links, messageId?,
 * sentAt}`.
 */
export function outboxMailer(dir: string, log: Log): Mailer {
  return {
    kind: 'files',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      const file = join(dir, `${sentAt}-${randomUUID()}.json`);
      const body = { ...message, sentAt };
      // Written aside then renamed: a reader (a developer's script, the e2e tests) polling the
      // folder while the worker delivers never sees half a file.
      await writeFile(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      // The one log line that may carry a token: the developer's way to open the link. Not the
      // address (personal data): the file names it.
      log.info({ links: message.links, file }, `e-mail na caixa de saída: ${message.subject}`);
    },
    async close() {},
  };
}

/** Keeps messages in memory (tests); `fail` makes every send reject. */
export function memoryMailer(options: { fail?: boolean } = {}): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    kind: 'memory',
    async send(message) {
      if (options.fail) throw new Error('envio de e-mail indisponível (teste)');
      sent.push(message);
    },
    async close() {},
    async verify() {
      if (options.fail) throw new Error('envio de e-mail indisponível (teste)');
    },
  };
}

export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: Log,
): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return outboxMailer(join(config.dataDir, 'outbox'), log);
}

/**
 * A mail failure for the log: the error's name, its SMTP code and its message, with the
 * addresses the server quotes ("501 <ana@...>: recipient rejected") scrubbed. Never for an
 * answer: callers answer a fixed Portuguese text (issue 9).
 */
export function describeMailError(err: unknown): string {
  if (!(err instanceof Error)) return scrubText(String(err));
  const code = (err as { code?: unknown }).code;
  return scrubText(`${err.name}${typeof code === 'string' ? ` (${code})` : ''}: ${err.message}`);
}
