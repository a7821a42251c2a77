/**
 * The sandbox provider's hosted page, GET /sandbox/checkout/{id} (outside /api: it is a page),
 * registered only when PAYMENT_PROVIDER=sandbox.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

export interface SandboxPageOptions {
  db: Db;
  config: Config;
}

 
export const sandboxPageRoutes: FastifyPluginAsync<SandboxPageOptions> = async () => {};
