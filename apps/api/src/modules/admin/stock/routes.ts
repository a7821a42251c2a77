/** The back office's stock calls (issue 12). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRouteOptions } from '../options.js';

export const adminStockRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async () => {};
