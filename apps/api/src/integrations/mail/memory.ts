/**
 * The mailer's FAKE FOR TESTS: `memoryMailer`, handed to the app by the API tests
 * (`useTestApp(..., { mailer: memoryMailer() })`, then `sentMail()` in test/helpers.ts). The app
 * itself never picks it (createMailer in mailer.ts chooses SMTP or the files outbox).
 *
 * It lives in src/ rather than test/ because it is a plain implementation of `Mailer` with no
 * test machinery, and some thirty test files across the modules import it from
 * integrations/mail/mailer.ts. The other fake for tests, a local SMTP server that reads what
 * really goes over the wire, is test/smtp-sink.ts.
 *
 * - Interface: `Mailer` (mailer-interface.ts, exported by mailer.ts).
 * - Real client: `smtpMailer` (smtp.ts).
 */
import type { Mailer, MailMessage } from './mailer-interface.js';

/** Keeps messages in memory (tests); `fail` makes every send (and verify) reject. */
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
