/**
 * The mailer's FAKE FOR THE APP: `outboxMailer`, chosen when SMTP_URL is unset (a laptop, the
 * end-to-end run). Nothing leaves the server: each message is a JSON file in DATA_DIR/outbox and
 * its links are written to the log, so a newcomer can finish sign-up with no mail server (and the
 * end-to-end tests read the newest file). The owners' health page says mail is not sent.
 *
 * - Interface: `Mailer` (mailer-interface.ts, exported by mailer.ts).
 * - Real client: `smtpMailer` (smtp.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailerLog, Mailer } from './mailer-interface.js';

/**
 * `DATA_DIR/outbox/<ISO time>-<id>.json` with `{to, subject, text, html, links, messageId?,
 * headers?, sentAt}` (`headers`: a marketing e-mail's List-Unsubscribe ones).
 */
export function outboxMailer(dir: string, log: MailerLog): Mailer {
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
