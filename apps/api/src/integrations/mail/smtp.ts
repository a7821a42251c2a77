/**
 * The mailer's REAL CLIENT: `smtpMailer`, nodemailer over SMTP, chosen when SMTP_URL is set.
 *
 * - Interface: `Mailer` (mailer-interface.ts, exported by mailer.ts).
 * - Fakes: `outboxMailer` (outbox-files.ts) when SMTP_URL is unset; in tests `memoryMailer`
 *   (memory.ts) or, to read what goes over the wire, a local SMTP server (test/smtp-sink.ts).
 */
import { onFirstUse } from '../../lib/on-first-use.js';
import type { Mailer } from './mailer-interface.js';

const MAX_MESSAGES_PER_CONNECTION = 100;
const IDLE_CLOSE_MS = 30_000;

/**
 * nodemailer over SMTP on one kept connection. A connection per message cost a TCP (and, with a
 * real provider, a TLS) handshake and the greeting each time: 10-17 ms of CPU a message against
 * about 2.5 ms kept, measured on a drop's 300 e-mails. The outbox worker sends one message at a
 * time, so one connection is enough; it is renewed every MAX_MESSAGES_PER_CONNECTION messages and
 * closed after IDLE_CLOSE_MS without mail (before a provider drops it). A connection the server
 * closed is opened again for the next message. Bounded timeouts: a dead mail server must not hold
 * the outbox worker's lease for long. nodemailer is loaded by the first message or check, not at
 * every start (lib/on-first-use.ts).
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  let opened: { close(): void } | undefined;
  const openTransport = onFirstUse(async () => {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 1,
      maxMessages: MAX_MESSAGES_PER_CONNECTION,
      idleTimeout: IDLE_CLOSE_MS,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    opened = transport;
    return transport;
  });
  return {
    kind: 'smtp',
    async send(message) {
      const transport = await openTransport();
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
      opened?.close();
    },
    async verify() {
      // nodemailer's own check: connect, EHLO, STARTTLS and AUTH when configured, then QUIT.
      await (await openTransport()).verify();
    },
  };
}
