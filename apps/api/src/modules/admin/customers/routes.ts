/**
 * The back office's customers calls (docs/admin/coupons-customers.md): the list with
 * search, one customer, and her LGPD requests (export as a JSON download, anonymisation).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOwner } from '../../owner-access/index.js';
import { adminErrors } from '../schemas.js';
import type { AdminRouteOptions } from '../options.js';
import {
  anonymizeBody,
  customerDetailAnswer,
  customerIdParams,
  customerListAnswer,
  customerListQuery,
} from './schemas.js';
import { createAdminCustomerService } from './service.js';

export const adminCustomersRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const service = createAdminCustomerService(opts.db, opts.config.adminEmails);

  app.get(
    '/clientes/',
    {
      schema: {
        querystring: customerListQuery,
        response: { 200: customerListAnswer, ...adminErrors },
      },
    },
    async (req) => service.list(req.query),
  );

  app.get(
    '/clientes/:id/',
    {
      schema: { params: customerIdParams, response: { 200: customerDetailAnswer, ...adminErrors } },
    },
    async (req) => service.detail(req.params.id),
  );

  app.get(
    '/clientes/:id/exportar/',
    // No response schema: the answer is the file's text, written here as it is downloaded.
    { schema: { params: customerIdParams } },
    async (req, reply) => {
      const data = await service.exportData(requireOwner(req), req.params.id);
      return reply
        .header('content-disposition', `attachment; filename=cliente-${req.params.id}.json`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/clientes/:id/anonimizar/',
    {
      schema: {
        params: customerIdParams,
        body: anonymizeBody,
        response: { 200: customerDetailAnswer, ...adminErrors },
      },
    },
    async (req) => service.anonymize(requireOwner(req), req.params.id),
  );
};
