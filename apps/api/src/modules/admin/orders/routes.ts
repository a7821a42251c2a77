/** The back office's orders calls (issue 12). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRouteOptions } from '../options.js';

export const adminOrdersRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async () => {};
