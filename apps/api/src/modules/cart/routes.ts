/**
 * The server cart calls of SPEC §7 (docs/cart-contract.md), all behind the bearer token; each
 * acts on the token owner's cart only and answers the whole cart. Thin: parse, check the
 * quantity with the domain's rule, service, serialize.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isCartAddition, isCartDelta } from '@semijoias/domain/cart';
import { CART_QUANTITY_INVALID } from '@semijoias/domain/messages';
import type { Db } from '../../db/client.js';
import { requireUserId, type Authenticate } from '../../lib/authenticate.js';
import { ValidationError } from '../../lib/errors.js';
import { imageUrlFrom, productIdParams } from '../catalog/index.js';
import {
  addBody,
  cartCepAnswer,
  cartSchema,
  errorSchema,
  mergeBody,
  mergeHeaders,
  removeQuery,
  updateBody,
} from './schemas.js';
import { serializeCartLine } from './serializers.js';
import { cartCepOf } from './cep.js';
import type { KeptCartLines } from './kept-lines.js';
import { createCartService, type CartLineRecord } from './service.js';

export interface CartRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  imageBaseUrl: string;
  /** Her lines kept between calls (kept-lines.ts); without it every read asks the database. */
  cartLines?: KeptCartLines;
}

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
const answer = { 200: cartSchema, ...errors };

function invalidQuantity(field: string): ValidationError {
  return new ValidationError(CART_QUANTITY_INVALID, { [field]: [CART_QUANTITY_INVALID] });
}

export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, opts) => {
  const cart = createCartService(opts.db, opts.cartLines);
  const url = imageUrlFrom(opts.imageBaseUrl);
  const serialize = (lines: CartLineRecord[]) => lines.map((l) => serializeCartLine(l, url));

  // Every call of this plugin needs the bearer, checked before the body is read: an anonymous
  // caller gets 401 whatever it sent. A cart is one person's: never cached on the way.
  app.addHook('onRequest', opts.authenticate);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const getCart = async (req: Parameters<typeof requireUserId>[0]) =>
    serialize(await cart.read(requireUserId(req)));

  app.get('/cart/', { schema: { response: answer } }, getCart);

  // Her cart's CEP, remembered when she quoted its freight (cep.ts): the cart's answer is a
  // list (SPEC §7), so the CEP has its own small call, asked only by a device that knows none.
  app.get(
    '/cart/cep/',
    { schema: { response: { 200: cartCepAnswer, 401: errorSchema } } },
    async (req) => ({
      cep: await cartCepOf(opts.db, requireUserId(req)),
    }),
  );

  // SPEC §7 reads "list of cart items" here; the badge counts the distinct products itself.
  app.get('/cart/count/', { schema: { response: answer } }, getCart);

  app.post('/cart/add/', { schema: { body: addBody, response: answer } }, async (req) =>
    serialize(await cart.add(requireUserId(req), req.body.product_id, req.body.variacao_id)),
  );

  app.put('/cart/update/', { schema: { body: updateBody, response: answer } }, async (req) => {
    const userId = requireUserId(req);
    const { productId, quantity, variacao_id } = req.body;
    if (!isCartDelta(quantity)) throw invalidQuantity('quantity');
    return serialize(await cart.update(userId, productId, quantity, variacao_id));
  });

  app.delete(
    '/cart/item/:id/',
    { schema: { params: productIdParams, querystring: removeQuery, response: answer } },
    async (req) =>
      serialize(await cart.remove(requireUserId(req), req.params.id, req.query.variacao)),
  );

  app.post(
    '/cart/',
    { schema: { body: mergeBody, headers: mergeHeaders, response: answer } },
    async (req) => {
      const userId = requireUserId(req);
      const { produto, quantidade, variacao_id } = req.body;
      if (!isCartAddition(quantidade)) throw invalidQuantity('quantidade');
      const key = req.headers['idempotency-key'];
      return serialize(await cart.merge(userId, produto, quantidade, key, variacao_id));
    },
  );

  app.delete('/cart/clear/', { schema: { response: answer } }, async (req) => {
    await cart.clear(requireUserId(req));
    return [];
  });
};
