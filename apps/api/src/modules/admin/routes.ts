/**
 * The back office's API, all of it under /api/admin/. One hook guards the whole
 * prefix (guard.ts): 401 without a session, 403 for anyone but an owner, checked against the
 * database on every call. Each section of the back office is its own folder and plugin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticate } from '../../lib/authenticate.js';
import { adminAuditRoutes } from './audit/routes.js';
import { adminCouponsRoutes } from './coupons/routes.js';
import { adminCustomersRoutes } from './customers/routes.js';
import { adminDashboardRoutes } from './dashboard/routes.js';
import { adminBackupsRoutes } from './backups/routes.js';
import { adminHealthRoutes } from './health/routes.js';
import { adminEnvironmentRoutes } from './environment/routes.js';
import { createOwnerGuard, requireOwner } from '../owner-access/index.js';
import type { AdminRouteOptions } from './options.js';
import { adminOrdersRoutes } from './orders/routes.js';
import { adminOwnersRoutes } from './owners/routes.js';
import { adminPaymentsRoutes } from './payments/routes.js';
import { adminProductsRoutes } from './products/routes.js';
import { adminPurchaseLimitsRoutes } from './purchase-limits/routes.js';
import { adminSalesChannelsRoutes } from './sales-channels/routes.js';
import { adminShippingRoutes } from './shipping/routes.js';
import { adminStockRoutes } from './stock/routes.js';
import { reviewAdminRoutes } from '../reviews/index.js';
import { shippingLabelsRoutes } from '../shipping-labels/index.js';
import { writeAudit } from './audit.js';

export const adminRoutes: FastifyPluginAsyncZod<
  AdminRouteOptions & { authenticate: Authenticate; prefix?: string }
> = async (app, opts) => {
  const guard = createOwnerGuard({
    db: opts.db,
    authenticate: opts.authenticate,
    adminEmails: opts.config.adminEmails,
    secondFactor: opts.config.owner2fa,
  });
  // onRequest: before any body is read, so an upload from a stranger is refused unread.
  app.addHook('onRequest', guard);
  // Owners' answers are personal data: never kept by a browser or a proxy.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** GET /api/admin/sessao/: who is in the back office (the screens' first call). */
  app.get(
    '/sessao/',
    {
      schema: {
        response: { 200: z.object({ id: z.number(), email: z.string(), nome: z.string() }) },
      },
    },
    async (req) => {
      const owner = requireOwner(req);
      return { id: owner.id, email: owner.email, nome: owner.name };
    },
  );

  // Not `prefix`: Fastify hands this plugin its own register options, and a section given
  // `prefix: '/admin'` again would answer under /api/admin/admin/.
  const { authenticate: _authenticate, prefix: _prefix, ...deps } = opts;
  await app.register(adminDashboardRoutes, deps);
  await app.register(adminProductsRoutes, deps);
  await app.register(adminStockRoutes, deps);
  await app.register(adminOrdersRoutes, deps);
  await app.register(adminCouponsRoutes, deps);
  await app.register(adminCustomersRoutes, deps);
  await app.register(adminAuditRoutes, deps);
  await app.register(adminOwnersRoutes, deps);
  await app.register(adminEnvironmentRoutes, deps);
  await app.register(adminBackupsRoutes, deps);
  await app.register(adminHealthRoutes, deps);
  await app.register(adminPaymentsRoutes, deps);
  await app.register(adminPurchaseLimitsRoutes, deps);
  await app.register(adminShippingRoutes, deps);
  // Sales channels (issue 37): the shopping feeds' brand and addresses, the store's WhatsApp.
  await app.register(adminSalesChannelsRoutes, deps);
  // Reviews (issue 36): 'Avaliações', audited like every change of the owners.
  await app.register(reviewAdminRoutes, { ...deps, audit: writeAudit });
  // Labels (issue 35): the app's labels service (app.ts hands it the audit and the orders'
  // 'Enviado', shippingLabelsAdminDeps: no cycle back to admin).
  await app.register(shippingLabelsRoutes);
};
