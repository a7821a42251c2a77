/** The five perfis-endereco calls of SPEC §7 (docs/addresses-contract.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { Authenticate } from '../../lib/authenticate.js';

export interface AddressRoutesOptions {
  db: Db;
  authenticate: Authenticate;
}

 
export const addressRoutes: FastifyPluginAsyncZod<AddressRoutesOptions> = async () => {};
