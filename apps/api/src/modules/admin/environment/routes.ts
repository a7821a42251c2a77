/**
 * The back office's environment notices: a demonstration store's test payments, a
 * production store on the embedded database or without SMTP. The layout shows one banner each.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors } from '../schemas.js';
import type { AdminRouteOptions } from '../options.js';
import { environmentNotices } from './notices.js';
import { environmentAnswer } from './schemas.js';

export const adminEnvironmentRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  opts,
) => {
  // The settings are read once, at boot: the answer is the same until the store restarts.
  const answer = { avisos: environmentNotices(opts.config) };
  app.get('/ambiente/', { schema: { response: { 200: environmentAnswer, ...adminErrors } } }, () =>
    Promise.resolve(answer),
  );
};
