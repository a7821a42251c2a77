/**
 * The e-mails of an order's life (issue 10), enqueued in the transaction of the change that
 * causes them (modules/mail/outbox.ts). One call per event; each message has a dedupe key, so
 * an event seen twice (a repeated notification, a sweeper racing a webhook) mails once.
 */
import type { Db } from '../../db/client.js';

export type OrderEmailEvent = 'received' | 'paid' | 'declined' | 'cancelled' | 'refund_due';

export interface OrderMailDeps {
  /** Base of the links (PUBLIC_URL, no trailing slash). */
  publicUrl: string;
  /** The owners' address (STORE_EMAIL): paid orders and refunds to make. */
  storeEmail: string;
  /** Opens `orders.access_key_sealed` (a guest's link secret) for the links. */
  jwtSecret: string;
}

export interface OrderEmailExtra {
  /** The guest's link secret when the caller has it in hand (api/pagamento). */
  chave?: string | null;
  /** The declined checkout (one e-mail per declined checkout). */
  checkoutId?: string | null;
  /** The payment that must be refunded (refund_due). */
  paymentId?: string | null;
}

/** Enqueues the e-mails of `event` for order `orderId` inside `tx` (not yet written: issue 10). */
export async function enqueueOrderEmails(
  _tx: Db,
  _deps: OrderMailDeps,
  _orderId: number,
  _event: OrderEmailEvent,
  _extra: OrderEmailExtra = {},
): Promise<void> {}
