/** The back office's dashboard calls (issue 12). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRouteOptions } from '../options.js';

export const adminDashboardRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async () => {};
