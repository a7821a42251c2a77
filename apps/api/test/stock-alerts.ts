/**
 * 'Avise-me' in tests: the confirmation link of the double opt-in, read off the outbox (the
 * newest confirmation e-mail to an address) and opened as the shopper's button does.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { outboxEmails } from '../src/db/schema.js';

/** The token of the newest confirmation e-mail sent to `email` (lower case), or null. */
export async function stockAlertConfirmToken(
  database: Database,
  email: string,
): Promise<string | null> {
  const [mail] = await database.db
    .select({ links: outboxEmails.links })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.kind, 'stock_alert_confirm'),
        eq(outboxEmails.recipient, email.trim().toLowerCase()),
      ),
    )
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  const link = mail?.links[0];
  return link ? new URL(link).searchParams.get('t') : null;
}

/** Presses the confirmation page's button (a form post); answers the API's reply. */
export function pressConfirm(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'POST',
    url: `/api/avise-me/confirmar/?t=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

/** Confirms the newest request of `email` through its e-mailed link (throws when it fails). */
export async function confirmStockAlert(app: FastifyInstance, database: Database, email: string) {
  const token = await stockAlertConfirmToken(database, email);
  if (!token) throw new Error('no confirmation e-mail');
  const res = await pressConfirm(app, token);
  if (res.statusCode !== 200) throw new Error(`confirmation refused: ${res.statusCode}`);
}
