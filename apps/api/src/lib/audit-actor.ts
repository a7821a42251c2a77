/**
 * Who an audit entry names: an owner (her id and e-mail), or the store acting on its own
 * (`SYSTEM_ACTOR`: a periodic task, e.g. a carrier's tracking code that came after the label).
 * Its own file so the modules that act without an owner and the audit depend on this shape, not
 * on each other.
 */
import { AUDIT_SYSTEM_ACTOR } from '@semijoias/domain/messages';

export interface AuditActor {
  /** The owner's user id; null for the store itself. */
  id: number | null;
  /** What 'Auditoria' shows as who did it. */
  email: string;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, email: AUDIT_SYSTEM_ACTOR };
