/**
 * The favourites calls (docs/favourites-contract.md), all behind the bearer and
 * acting on the token owner's list only. Thin: parse, service, shape with the catalog's serializer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireUserId, type Authenticate } from '../../lib/authenticate.js';
import { imageUrlFrom, serializeProduct } from '../catalog/index.js';
import { addBody, errorSchema, favouritesListSchema, productParams } from './schemas.js';
import { createFavouritesService } from './service.js';

export interface FavouritesRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  imageBaseUrl: string;
}

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const okAnswer = z.object({ success: z.literal(true), produto_id: z.number().int() });

export const favouritesRoutes: FastifyPluginAsyncZod<FavouritesRoutesOptions> = async (
  app,
  opts,
) => {
  const favourites = createFavouritesService(opts.db);
  const url = imageUrlFrom(opts.imageBaseUrl);

  // The token first, before the body is read; a list is one person's: never cached on the way.
  app.addHook('onRequest', opts.authenticate);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/favoritos/',
    { schema: { response: { 200: favouritesListSchema, ...errors } } },
    async (req) => (await favourites.list(requireUserId(req))).map((p) => serializeProduct(p, url)),
  );

  app.post(
    '/favoritos/',
    { schema: { body: addBody, response: { 200: okAnswer, 201: okAnswer, ...errors } } },
    async (req, reply) => {
      const productId = req.body.produto_id;
      const { created } = await favourites.add(requireUserId(req), productId);
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, produto_id: productId });
    },
  );

  app.delete(
    '/favoritos/:produto_id/',
    { schema: { params: productParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await favourites.remove(requireUserId(req), req.params.produto_id);
      return reply.code(204).send(null);
    },
  );
};
