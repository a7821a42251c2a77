/**
 * The audit log: every change an owner makes is written here in the transaction of the change
 * (pass the transaction as `tx`), with the entity as the admin API answers it before and after.
 * Read by GET /api/admin/auditoria/ and by the history of a product or an order.
 */
import type { AuditEntityType } from '@semijoias/domain/admin';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { AuditActor } from '../../lib/audit-actor.js';

export interface AuditEntry {
  /** 'product.create', 'product.update', 'product.hide', 'stock.adjust', 'order.ship', ... */
  action: string;
  entityType: AuditEntityType;
  entityId: number | string;
  /** One line in Portuguese, as the owners read it on 'Auditoria'. */
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** `actor`: the owner who made the change, or SYSTEM_ACTOR (lib/audit-actor.ts) for the store. */
export async function writeAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
