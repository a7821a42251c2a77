/** The back office's customers calls (issue 12). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRouteOptions } from '../options.js';

export const adminCustomersRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async () => {};
