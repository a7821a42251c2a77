/**
 * The mailer's REAL CLIENT: `smtpMailer`, nodemailer over SMTP, chosen when SMTP_URL is set.
 *
 * - Interface: `Mailer` (mailer-interface.ts, exported by mailer.ts).
 * - Fakes: `outboxMailer` (outbox-files.ts) when SMTP_URL is unset; in tests `memoryMailer`
 *   (memory.ts) or, to read what goes over the wire, a local SMTP server (test/smtp-sink.ts).
 */
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer-interface.js';

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
        ...(message.headers ? { headers: message.headers } : {}),
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
