/**
 * Payment notifications the store refused: a bad signature, a body it cannot read, a
 * signed one for an order it never had. Only that they came, from which provider and why: the
 * body is not trusted and not kept. At a bounded rate (issue 33): one row per provider, reason
 * and minute counts them, so a flood writes one row a minute (the same row updated), and a path
 * naming a provider the store does not know is recorded as 'outro'. The health page counts the
 * last 24 hours exactly; housekeeping deletes rows after REFUSED_NOTIFICATION_KEPT_MS.
 */
import { gte, sql } from 'drizzle-orm';
import type { RefusedNotificationReason } from '@semijoias/domain/store-health';
import type { Db } from '../../db/client.js';
import { refusedPaymentNotifications } from '../../db/schema.js';

/** The providers a store may be configured for: any other path is 'outro'. */
const KNOWN_PROVIDERS = new Set(['sandbox', 'pagbank', 'mercadopago']);

export async function recordRefusedNotification(
  db: Db,
  refusal: { provider: string; reason: RefusedNotificationReason },
): Promise<void> {
  const t = refusedPaymentNotifications;
  await db
    .insert(t)
    .values({
      provider: KNOWN_PROVIDERS.has(refusal.provider) ? refusal.provider : 'outro',
      reason: refusal.reason,
      minute: sql`date_trunc('minute', now())`,
    })
    .onConflictDoUpdate({
      target: [t.provider, t.reason, t.minute],
      set: { count: sql`${t.count} + 1`, receivedAt: sql`now()` },
    });
}

/** Refusals received since `since`, by reason (reasons without any are left out). */
export async function countRefusedNotifications(
  db: Db,
  since: Date,
): Promise<Partial<Record<RefusedNotificationReason, number>>> {
  const rows = await db
    .select({
      reason: refusedPaymentNotifications.reason,
      n: sql<number>`sum(${refusedPaymentNotifications.count})::int`,
    })
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
