/**
 * What the labels (modules/shipping-labels) need of the back office, handed in by app.ts so that
 * module never imports admin: the audit, and the orders' 'Enviado' with a label's code (the same
 * guarded transition, audit entry and shipping e-mail as the owners' typed code).
 */
import type { AuditActor } from '../../lib/audit-actor.js';
import { writeAudit } from './audit.js';
import type { AdminRouteOptions } from './options.js';
import { createAdminOrdersService } from './orders/service.js';

export function shippingLabelsAdminDeps(deps: AdminRouteOptions) {
  const ordersService = createAdminOrdersService(deps);
  return {
    audit: writeAudit,
    ship: (actor: AuditActor, reference: string, code: string, carrier: string) =>
      ordersService.ship(actor, reference, code, { fromCarrier: carrier }),
  };
}
