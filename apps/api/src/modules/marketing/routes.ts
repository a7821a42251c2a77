/**
 * POST /api/descadastrar/?t=<token> (docs/marketing-consent-contract.md): withdraws her
 * consent to offers by e-mail at once, without a login. It is the `List-Unsubscribe` URL of every
 * marketing e-mail (RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click`, form-encoded)
 * and the call the page `/descadastrar?t=…` makes when she presses its button. Idempotent.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UNSUBSCRIBE_ACCOUNT_NOT_FOUND,
  UNSUBSCRIBE_DONE,
  UNSUBSCRIBE_LINK_INVALID,
} from '@semijoias/domain/marketing';
import type { Db } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { userIdFromUnsubscribeToken, withdrawConsent } from './consent.js';

export interface MarketingRoutesOptions {
  db: Db;
  jwtSecret: string;
}

/** RFC 8058's body is one short field; nothing longer is read. */
const FORM_BODY_LIMIT = 4096;

const errorSchema = z.looseObject({ error: z.string() });

export const marketingRoutes: FastifyPluginAsyncZod<MarketingRoutesOptions> = async (app, opts) => {
  // RFC 8058's POST is form-encoded (or multipart); its content says nothing the URL does not,
  // so within this plugin such a body is taken as text and ignored.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  // About one person: never kept by a browser or a proxy.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/descadastrar/',
    {
      schema: {
        querystring: z.object({ t: z.string().max(200).optional() }),
        response: {
          200: z.object({ success: z.literal(true), message: z.string() }),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (req) => {
      const token = req.query.t?.trim() ?? '';
      const userId = token === '' ? null : userIdFromUnsubscribeToken(opts.jwtSecret, token);
      if (userId === null) throw new ValidationError(UNSUBSCRIBE_LINK_INVALID);
      if (!(await withdrawConsent(opts.db, userId))) {
        throw new NotFoundError(UNSUBSCRIBE_ACCOUNT_NOT_FOUND);
      }
      // Ids only in the log (no e-mail, no token).
      req.log.info({ userId }, 'consentimento de marketing retirado pelo link de descadastro');
      return { success: true as const, message: UNSUBSCRIBE_DONE };
    },
  );
};
