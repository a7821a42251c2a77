/**
 * Payment notifications the store refused: a bad signature, a body it cannot read, a
 * signed one for an order it never had. Only that one came, from which provider and why: the
 * body is not trusted and not kept. The health page counts the last 24 hours; housekeeping
 * deletes rows after REFUSED_NOTIFICATION_KEPT_MS.
 */
import { count, gte } from 'drizzle-orm';
import type { RefusedNotificationReason } from '@semijoias/domain/store-health';
import type { Db } from '../../db/client.js';
import { refusedPaymentNotifications } from '../../db/schema.js';

export async function recordRefusedNotification(
  db: Db,
  refusal: { provider: string; reason: RefusedNotificationReason },
): Promise<void> {
  await db.insert(refusedPaymentNotifications).values({
    provider: refusal.provider,
    reason: refusal.reason,
  });
}

/** Refusals received since `since`, by reason (reasons without any are left out). */
export async function countRefusedNotifications(
  db: Db,
  since: Date,
): Promise<Partial<Record<RefusedNotificationReason, number>>> {
  const rows = await db
    .select({ reason: refusedPaymentNotifications.reason, n: count() })
    .from(refusedPaymentNotifications)
    .where(gte(refusedPaymentNotifications.receivedAt, since))
    .groupBy(refusedPaymentNotifications.reason);
  const counts: Partial<Record<RefusedNotificationReason, number>> = {};
  for (const { reason, n } of rows) {
    // A reason this release does not know (written by a newer one) still counts, as unreadable.
    const known: RefusedNotificationReason =
      reason === 'assinatura' || reason === 'pedido_desconhecido' ? reason : 'invalida';
    counts[known] = (counts[known] ?? 0) + Number(n);
  }
  return counts;
}
