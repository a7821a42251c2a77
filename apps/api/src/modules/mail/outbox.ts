/**
 * The transactional outbox (ARCHITECTURE "Selling"): every e-mail is first a row of
 * `outbox_emails`, written by {@link enqueueEmail} inside the transaction of the change that
 * causes it, so the message exists exactly when the change does. The outbox worker (below)
 * delivers it through the Mailer with retries.
 */
import type { Db } from '../../db/client.js';
import { outboxEmails } from '../../db/schema.js';
import type { MailMessage } from './mailer.js';

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
    })
    .onConflictDoNothing({ target: outboxEmails.dedupeKey })
    .returning({ id: outboxEmails.id });
  return rows.length > 0;
}
