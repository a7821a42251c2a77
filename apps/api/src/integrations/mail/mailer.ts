/**
 * Outgoing e-mail behind one interface (STYLE 11): the mailer's INTERFACE (`Mailer`,
 * `MailMessage`, kept in mailer-interface.ts) and `createMailer`, which picks the implementation
 * from SMTP_URL:
 *
 * - Real client: `smtpMailer` (smtp.ts), nodemailer over SMTP, when SMTP_URL is set.
 * - Fake for the app: `outboxMailer` (outbox-files.ts), JSON files in DATA_DIR/outbox and the
 *   links in the log, when SMTP_URL is unset.
 * - Fakes for tests: `memoryMailer` (memory.ts), handed to the app by the API tests; and a local
 *   SMTP server, test/smtp-sink.ts, for the tests that read the wire (SMTP_URL pointed at it).
 *
 * The interface and all three are exported from here, where the rest of the code imports them.
 */
import { join } from 'node:path';
import { scrubText } from '../../lib/logger.js';
import type { Mailer, MailerLog } from './mailer-interface.js';
import { outboxMailer } from './outbox-files.js';
import { smtpMailer } from './smtp.js';

export type { Mailer, MailerLog, MailMessage } from './mailer-interface.js';
export { memoryMailer } from './memory.js';
export { outboxMailer, smtpMailer };

/** SMTP_URL set: the real SMTP client; unset: the files outbox in DATA_DIR/outbox. */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: MailerLog,
): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  return outboxMailer(join(config.dataDir, 'outbox'), log);
}

/**
 * A mail failure for the log: the error's name, its SMTP code and its message, with the
 * addresses the server quotes ("501 <ana@...>: recipient rejected") scrubbed. Never for an
 * answer: callers answer a fixed Portuguese text.
 */
export function describeMailError(err: unknown): string {
  if (!(err instanceof Error)) return scrubText(String(err));
  const code = (err as { code?: unknown }).code;
  return scrubText(`${err.name}${typeof code === 'string' ? ` (${code})` : ''}: ${err.message}`);
}
