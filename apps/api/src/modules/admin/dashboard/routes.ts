/** The back office's Painel: sales, orders waiting for the owners, low stock. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageUrlFrom } from '../../catalog/index.js';
import { adminErrors } from '../schemas.js';
import type { AdminRouteOptions } from '../options.js';
import { dashboardAnswer } from './schemas.js';
import { dashboard } from './service.js';

export const adminDashboardRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const imageUrl = imageUrlFrom(opts.config.imageBaseUrl);
  app.get('/painel/', { schema: { response: { 200: dashboardAnswer, ...adminErrors } } }, () =>
    dashboard(opts.db, imageUrl),
  );
};
