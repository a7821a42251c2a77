/** The back office's products calls (issue 12). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRouteOptions } from '../options.js';

export const adminProductsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async () => {};
