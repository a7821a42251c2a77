/**
 * POST /api/validar-cep/ (docs/cart-contract.md, "Postal codes"): no token needed, answered from
 * the cache or ViaCEP, the calls to ViaCEP limited per client address. Thin: read, look up, answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CEP_LOOKUP_ERROR, CEP_NOT_FOUND, REQUEST_INVALID } from '@semijoias/domain/messages';
import type { RateLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { TooManyRequestsError, ValidationError } from '../../lib/errors.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { cepBody, cepFailure, cepFoundAnswer, cepRequest } from './schemas.js';
import type { PostalCodeService } from './service.js';

export interface PostalCodeRoutesOptions {
  db: Db;
  postalCodes: PostalCodeService;
  rateLimits: RateLimits;
}

const failures = { 400: cepFailure, 404: cepFailure, 429: cepFailure, 503: cepFailure };

export const postalCodeRoutes: FastifyPluginAsyncZod<PostalCodeRoutesOptions> = async (
  app,
  opts,
) => {
  const { postalCodes } = opts;
  const limiter = createRateLimiter(opts.db);

  /** The shared limiter's 429, in this call's `{success: false, error}` shape. */
  async function countLookup(ip: string): Promise<void> {
    try {
      await limiter.hit('cep-ip', [ip], opts.rateLimits.cepLookupPerIp);
    } catch (err) {
      if (!(err instanceof TooManyRequestsError)) throw err;
      const limited = new TooManyRequestsError(err.message, undefined, { success: false });
      limited.retryAfterSeconds = err.retryAfterSeconds;
      throw limited;
    }
  }

  app.post(
    '/validar-cep/',
    { schema: { body: cepBody, response: { 200: cepFoundAnswer, ...failures } } },
    async (req, reply) => {
      const parsed = cepRequest.safeParse(req.body);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? REQUEST_INVALID;
        throw new ValidationError(message, undefined, { success: false });
      }
      // Only a call that reaches ViaCEP counts against her address's limit: a crowd behind one
      // mobile carrier's address looking up known CEPs is never refused (issue 32).
      const result = await postalCodes.find(parsed.data.cep, req.log, () => countLookup(req.ip));
      switch (result.kind) {
        case 'found':
          return { success: true as const, endereco: result.address };
        case 'not-found':
          return reply.code(404).send({ success: false, error: CEP_NOT_FOUND });
        case 'failed':
          return reply.code(503).send({ success: false, error: CEP_LOOKUP_ERROR });
      }
    },
  );
};
