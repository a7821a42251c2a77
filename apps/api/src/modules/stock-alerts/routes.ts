/**
 * POST /api/avise-me/ (docs/stock-alerts-contract.md): a shopper asks to be told when a
 * sold-out piece (or size) is back. The bearer is optional: with one, the request is hers. The
 * request waits for the link of its confirmation e-mail (double opt-in, issue 33):
 * GET /api/avise-me/confirmar/?t= is a page with a button (a mail scanner opening the link
 * confirms nothing), which posts to POST /api/avise-me/confirmar/?t= (also JSON for a client).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUEST_INVALID } from '@semijoias/domain/messages';
import {
  STOCK_ALERT_PRODUCT_INVALID,
  STOCK_ALERT_VARIATION_INVALID,
  stockAlertEmailError,
} from '@semijoias/domain/stock-alerts';
import type { RateLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Authenticate } from '../../lib/authenticate.js';
import { ValidationError, type FieldErrors } from '../../lib/errors.js';
import { stockAlertLink } from './email.js';
import { nfkc } from '../../lib/hostile-input.js';
import { INT_MAX } from '../../lib/params.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import {
  createStockAlertService,
  STOCK_ALERT_CONFIRM_INVALID,
  STOCK_ALERT_CONFIRMED,
  stockAlertEmailKey,
} from './service.js';
import { CONFIRM_PAGE_STYLESHEET, confirmPage, confirmResultPage } from './confirm-page.js';

export interface StockAlertRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  rateLimits: Pick<RateLimits, 'stockAlertPerAddress' | 'stockAlertPerIp'>;
  /** PUBLIC_URL: the confirmation link and the page's way back to the store. */
  publicUrl: string;
  /** Wakes the outbox worker after a request queued its confirmation e-mail. */
  wakeOutbox?: () => void;
}

/** The confirmation form's body is empty (the token is in the URL): nothing longer is read. */
const FORM_BODY_LIMIT = 1024;

const errorSchema = z.looseObject({
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

const answer = z.object({
  success: z.literal(true),
  /** True for a new request (201), false for the open one asked again (200). */
  novo: z.boolean(),
  /**
   * False: a confirmation e-mail was just sent and the request waits for its link (double
   * opt-in); true: this address had confirmed it already, nothing was sent.
   */
  confirmado: z.boolean(),
  produto_id: z.number(),
  variacao_id: z.number().nullable(),
  email: z.string(),
});

/** An id as JSON sends it: a whole number from 1 (a string of digits is taken too). */
function readId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT_MAX ? n : null;
}

/** The body, or the 400 with every field's message. */
export function readStockAlertBody(body: unknown): {
  productId: number;
  variationId: number | null;
  email: string;
} {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError(REQUEST_INVALID);
  }
  const raw = body as Record<string, unknown>;
  const errors: FieldErrors = {};
  const productId = readId(raw.produto_id);
  if (productId === null) errors.produto_id = [STOCK_ALERT_PRODUCT_INVALID];
  const variationId = raw.variacao_id == null ? null : readId(raw.variacao_id);
  if (raw.variacao_id != null && variationId === null) {
    errors.variacao_id = [STOCK_ALERT_VARIATION_INVALID];
  }
  const email = typeof raw.email === 'string' ? nfkc(raw.email).trim() : raw.email;
  const emailProblem = stockAlertEmailError(email);
  if (emailProblem) errors.email = [emailProblem];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ValidationError(first, errors);
  return { productId: productId!, variationId, email: email as string };
}

export const stockAlertRoutes: FastifyPluginAsyncZod<StockAlertRoutesOptions> = async (
  app,
  opts,
) => {
  const alerts = createStockAlertService(opts.db, {
    publicUrl: opts.publicUrl,
    wakeOutbox: opts.wakeOutbox,
  });
  const limiter = createRateLimiter(opts.db);

  // The bearer is optional: absent, a guest; present, it must be valid (401 before the body).
  app.addHook('onRequest', async (req) => {
    if (req.headers.authorization !== undefined) await opts.authenticate(req);
  });
  // About one person's address: never kept by a browser or a proxy.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/avise-me/',
    {
      schema: {
        response: {
          200: answer,
          201: answer,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const body = readStockAlertBody(req.body);
      await limiter.hit('stock-alert-ip', [req.ip], opts.rateLimits.stockAlertPerIp);
      await limiter.hit(
        'stock-alert-email',
        [stockAlertEmailKey(body.email)],
        opts.rateLimits.stockAlertPerAddress,
      );
      const saved = await alerts.request({ ...body, userId: req.userId ?? null });
      return reply.code(saved.created ? 201 : 200).send({
        success: true as const,
        novo: saved.created,
        confirmado: saved.confirmed,
        produto_id: saved.productId,
        variacao_id: saved.variationId,
        email: saved.email,
      });
    },
  );

  // The page's form posts an empty form body; a client may post JSON or nothing.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const tokenQuery = z.object({ t: z.string().max(200).optional() });

  app.get('/avise-me/estilo.css', async (_req, reply) =>
    reply.type('text/css; charset=utf-8').send(CONFIRM_PAGE_STYLESHEET),
  );

  app.get('/avise-me/confirmar/', { schema: { querystring: tokenQuery } }, async (req, reply) => {
    reply.type('text/html; charset=utf-8');
    return confirmPage(opts.publicUrl, req.query.t ?? '');
  });

  app.post('/avise-me/confirmar/', { schema: { querystring: tokenQuery } }, async (req, reply) => {
    const form = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
    const token = req.query.t?.trim() ?? '';
    try {
      if (token === '') throw new ValidationError(STOCK_ALERT_CONFIRM_INVALID);
      const confirmed = await alerts.confirm(token);
      // Ids only in the log (no e-mail, no token).
      req.log.info({ produto: confirmed.productId }, 'avise-me: pedido confirmado');
      const link = stockAlertLink(opts.publicUrl, confirmed.productId, confirmed.variationId);
      if (form)
        return reply.type('text/html; charset=utf-8').send(confirmResultPage(opts.publicUrl, link));
      return {
        success: true as const,
        message: STOCK_ALERT_CONFIRMED,
        produto_id: confirmed.productId,
        variacao_id: confirmed.variationId,
      };
    } catch (err) {
      if (!form || !(err instanceof ValidationError)) throw err;
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(confirmResultPage(opts.publicUrl, null));
    }
  });
};
