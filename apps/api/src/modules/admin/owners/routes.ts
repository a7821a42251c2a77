/**
 * The back office's calls about the owners themselves (docs/second-factor.md): one
 * owner resets another's second factor. Behind the back office's guard like every admin call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOwner } from '../../owner-access/index.js';
import type { AdminRouteOptions } from '../options.js';
import { adminErrors } from '../schemas.js';
import { ownerIdParams, resetAnswer } from './schemas.js';
import { createAdminOwnerService } from './service.js';

export const adminOwnersRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const service = createAdminOwnerService({
    db: opts.db,
    adminEmails: opts.config.adminEmails,
    publicUrl: opts.config.publicUrl,
    wakeOutbox: opts.wakeOutbox,
  });

  app.post(
    '/donos/:id/segundo-fator/redefinir/',
    { schema: { params: ownerIdParams, response: { 200: resetAnswer, ...adminErrors } } },
    async (req) => service.resetSecondFactor(requireOwner(req), req.params.id),
  );
};
