/**
 * POST api/calcular-frete/ (docs/cart-contract.md, "Shipping"). No token needed; a valid bearer
 * makes the server quote the shopper's own cart. Thin: read the body, who is asking, answer.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REQUEST_INVALID } from '@semijoias/domain/messages';
import type { Db } from '../../db/client.js';
import type { Authenticate } from '../../lib/authenticate.js';
import { UnauthorizedError, ValidationError } from '../../lib/errors.js';
import type { FreightQuoter } from './freight.js';
import { failureSchema, quoteAnswer, quoteBody, quoteRequest } from './schemas.js';
import { createShippingService } from './service.js';
import type { KeptCartLines } from '../cart/index.js';

export interface ShippingRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  freight: FreightQuoter;
  cartLines?: KeptCartLines;
}

/**
 * The caller's user id when the request carries a valid bearer; undefined for a guest. A bad or
 * expired token is not an error here: the quote is public, so that caller is quoted as a guest
 * (its browser refreshes the token on the next authenticated call).
 */
async function optionalUserId(
  request: FastifyRequest,
  authenticate: Authenticate,
): Promise<number | undefined> {
  if (request.headers.authorization === undefined) return undefined;
  try {
    await authenticate(request);
    return request.userId;
  } catch (err) {
    if (!(err instanceof UnauthorizedError)) throw err;
    request.log.debug('calcular-frete: token inválido, cotado como visitante');
    return undefined;
  }
}

export const shippingRoutes: FastifyPluginAsyncZod<ShippingRoutesOptions> = async (app, opts) => {
  const shipping = createShippingService(opts);

  app.post(
    '/calcular-frete/',
    {
      schema: {
        body: quoteBody,
        response: { 200: quoteAnswer, 400: failureSchema },
      },
    },
    async (req, reply) => {
      const parsed = quoteRequest.safeParse(req.body);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? REQUEST_INVALID;
        throw new ValidationError(message, undefined, { success: false });
      }
      const { cep_destino, valor_total, quantidade_itens, itens } = parsed.data;
      const userId = await optionalUserId(req, opts.authenticate);
      // The answer depends on who asks (their cart): never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      return shipping.quote(
        { cep: cep_destino, subtotalCents: valor_total, itemCount: quantidade_itens },
        userId,
        itens,
      );
    },
  );
};
