/**
 * The mailer's INTERFACE: `Mailer` sends a `MailMessage`. Exported by mailer.ts, where the rest
 * of the code imports it; kept apart so that its implementations import it without a cycle.
 *
 * - Real client: `smtpMailer` (smtp.ts), SMTP_URL set.
 * - Fake for the app: `outboxMailer` (outbox-files.ts), SMTP_URL unset.
 * - Fakes for tests: `memoryMailer` (memory.ts); test/smtp-sink.ts, a local SMTP server.
 */
import type { FastifyBaseLogger } from 'fastify';

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
  /**
   * Extra headers (a marketing e-mail's `List-Unsubscribe` and `List-Unsubscribe-Post`,
   * RFC 8058). Absent for the other messages.
   */
  headers?: Record<string, string>;
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
   * does not. The owners' health page asks it at every sweep.
   */
  verify?(): Promise<void>;
}

/** Where the files outbox says what it wrote. */
export type MailerLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;
