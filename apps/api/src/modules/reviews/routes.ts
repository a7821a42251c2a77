/**
 * The reviews' calls (docs/reviews-contract.md):
 *   under /api/ (reviewRoutes):
 *     GET  /avaliacoes/link/?pedido=                her own order (session): a link's token
 *     GET  /avaliacoes/pedido/?token= | ?pedido=   her order's pieces and her reviews
 *     POST /avaliacoes/                             her review of one line (new or edited)
 *     POST /avaliacoes/fotos/?token= | ?pedido=     a photo (the file as the body)
 *     GET  /produtos/:id/avaliacoes/                the approved reviews of a piece (cached)
 *   at the root (reviewPhotoRoutes):
 *     GET  /media/avaliacoes/<id>-<hash>.webp       a photo
 *   under /api/admin/ (reviewAdminRoutes, registered by modules/admin with its audit):
 *     GET  /avaliacoes/, POST /avaliacoes/:id/aprovar|ocultar|responder/,
 *     POST /avaliacoes/fotos/:id/ocultar/
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REVIEW_ANSWER_MAX,
  REVIEW_ANSWER_TOO_LONG,
  REVIEW_HIDE_REASON_MAX,
  REVIEW_HIDE_REASON_REQUIRED,
  REVIEW_DELIVERED_DAYS_INVALID,
  REVIEW_HIDE_REASON_TOO_LONG,
  REVIEW_LINE_NOT_FOUND,
  REVIEW_LINK_INVALID,
  REVIEW_NOT_FOUND,
  REVIEW_ORDERS,
  REVIEW_PHOTO_INVALID,
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTO_TOO_LARGE,
  REVIEW_SHIPPED_DAYS_INVALID,
  REVIEW_STATES_LIST,
  validateReview,
} from '@semijoias/domain/reviews';
import type { RateLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Authenticate } from '../../lib/authenticate.js';
import { errorHandler } from '../../lib/error-handler.js';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { sendCached, type CatalogCache } from '../catalog/index.js';
import { productIdParams } from '../catalog/index.js';
import { requireOwner, type Owner } from '../owner-access/index.js';
import { reviewToken } from './link.js';
import { reviewTiming, saveReviewTiming, timingJson } from './timing.js';
import { createReviewModeration } from './moderation.js';
import {
  createReviewsService,
  REVIEW_PHOTO_PREFIX,
  type ReviewAccess,
  type ReviewAuditEntry,
} from './service.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The link's token, or the order's reference with her session. */
const accessQuery = z.object({
  token: z.string().max(200).optional(),
  pedido: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

const reviewBody = z.looseObject({
  token: z.string().max(200).optional(),
  pedido: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  linha: z.number({ error: REVIEW_LINE_NOT_FOUND }).int().positive().max(2_147_483_647),
});

export interface ReviewRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  jwtSecret: string;
  imageBaseUrl: string;
  cache: CatalogCache;
  rateLimits: Pick<RateLimits, 'reviewPerIp' | 'reviewPerOrder' | 'reviewPhotoPerOrder'>;
}

/** The photo's 413 says the limit in words; every other error goes to the app's handler. */
function photoErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply
      .code(413)
      .type(JSON_TYPE)
      .send(JSON.stringify({ error: REVIEW_PHOTO_TOO_LARGE }));
  }
  return errorHandler(err, req, reply);
}

function accessOf(req: FastifyRequest, given: { token?: string; pedido?: string }): ReviewAccess {
  if (given.token) return { token: given.token };
  if (given.pedido && req.userId !== undefined) {
    return { userId: req.userId, reference: given.pedido };
  }
  throw new UnauthorizedError(REVIEW_LINK_INVALID);
}

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, opts) => {
  const imageUrl = (path: string) => opts.imageBaseUrl + path;
  const service = createReviewsService({ db: opts.db, jwtSecret: opts.jwtSecret, imageUrl });
  const limiter = createRateLimiter(opts.db);

  // Her calls: the bearer is optional (the e-mail's link needs none); present, it must be valid.
  const hers = async (req: FastifyRequest) => {
    if (req.headers.authorization !== undefined) await opts.authenticate(req);
    await limiter.hit('review-ip', [req.ip], opts.rateLimits.reviewPerIp);
  };
  // About one buyer's order: never kept by a browser or a proxy.
  const noStore = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  };

  // Photos come as the file itself; the content decides, not the declared type.
  for (const type of ['application/octet-stream', /^image\//]) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: REVIEW_PHOTO_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
  }

  app.get(
    '/avaliacoes/pedido/',
    { onRequest: hers, onSend: noStore, schema: { querystring: accessQuery } },
    async (req) => service.form(accessOf(req, req.query)),
  );

  // Her own order from her account: a link's token for it, and the page goes on as from the
  // e-mail (every call after it carries the token, none the session).
  app.get(
    '/avaliacoes/link/',
    {
      onRequest: async (req) => {
        await opts.authenticate(req);
        await limiter.hit('review-ip', [req.ip], opts.rateLimits.reviewPerIp);
      },
      onSend: noStore,
      schema: { querystring: z.object({ pedido: z.string().regex(/^\d{1,18}$/) }) },
    },
    async (req) => {
      const order = await service.orderOf({ userId: req.userId!, reference: req.query.pedido });
      return { token: reviewToken(opts.jwtSecret, order.id) };
    },
  );

  app.post(
    '/avaliacoes/',
    { onRequest: hers, onSend: noStore, schema: { body: reviewBody } },
    async (req, reply) => {
      const access = accessOf(req, req.body);
      const checked = validateReview(req.body);
      if (!checked.ok) {
        const fields = Object.fromEntries(
          Object.entries(checked.errors).map(([field, message]) => [field, [message]]),
        );
        throw new ValidationError(Object.values(checked.errors)[0]!, fields);
      }
      const order = await service.orderOf(access);
      await limiter.hit('review-order', [String(order.id)], opts.rateLimits.reviewPerOrder);
      const saved = await service.submit(access, req.body.linha, checked.review);
      return reply.code(saved.created ? 201 : 200).send({ avaliacao: saved.avaliacao });
    },
  );

  app.post(
    '/avaliacoes/fotos/',
    {
      onRequest: hers,
      onSend: noStore,
      bodyLimit: REVIEW_PHOTO_MAX_BYTES,
      errorHandler: photoErrorHandler,
      schema: { querystring: accessQuery },
    },
    async (req, reply) => {
      const access = accessOf(req, req.query);
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
        throw new ValidationError(REVIEW_PHOTO_INVALID, { arquivo: [REVIEW_PHOTO_INVALID] });
      }
      const order = await service.orderOf(access);
      await limiter.hit('review-photo', [String(order.id)], opts.rateLimits.reviewPhotoPerOrder);
      return reply.code(201).send(await service.addPhoto(access, req.body));
    },
  );

  const pageQuery = z.object({
    pagina: z.coerce.number().int().min(1).max(1000).default(1),
    ordem: z.enum(REVIEW_ORDERS).default('recentes'),
  });
  app.get(
    '/produtos/:id/avaliacoes/',
    { schema: { params: productIdParams, querystring: pageQuery } },
    async (req, reply) => {
      const { id } = req.params;
      const { pagina, ordem } = req.query;
      // Kept like the product's own answer: an approval, an answer or a hidden photo touches the
      // catalog's channel and drops it on every instance.
      // It shows no stock (a sale leaves it kept, and the product page made with it).
      const answer = await opts.cache.memo(
        `api:avaliacoes:${id}:${ordem}:${pagina}`,
        async () => {
          const page = await service.publicPage(id, pagina, ordem);
          if (!page) throw new NotFoundError(REVIEW_NOT_FOUND);
          return JSON.stringify(page);
        },
        { shows: [] },
      );
      return sendCached(req, reply, answer, JSON_TYPE);
    },
  );
};

/** The photos, at the root beside the other pictures (the /media/ static files' wildcard). */
export const reviewPhotoRoutes: FastifyPluginAsyncZod<{ db: Db; jwtSecret: string }> = async (
  app,
  opts,
) => {
  const service = createReviewsService({
    db: opts.db,
    jwtSecret: opts.jwtSecret,
    imageUrl: (p) => p,
  });
  const NAME = /^([1-9]\d{0,9})-([0-9a-f]{16})\.webp$/;
  app.get(
    `${REVIEW_PHOTO_PREFIX}:name`,
    {
      schema: {
        params: z.object({ name: z.string() }),
        querystring: z.object({ k: z.string().max(64).optional() }),
      },
    },
    async (req, reply) => {
      const match = NAME.exec(req.params.name);
      const photo = match ? await service.photo(Number(match[1]), match[2]!, req.query.k) : null;
      if (!photo) throw new NotFoundError(REVIEW_NOT_FOUND);
      const etag = `"${photo.sha256.slice(0, 32)}"`;
      // Not a year like the shop's pictures: a photo the owners hide must stop showing soon.
      reply
        .header('cache-control', req.query.k ? 'private, no-store' : 'public, max-age=600')
        .header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/webp').send(photo.content);
    },
  );
};

export interface ReviewAdminRoutesOptions {
  db: Db;
  config: {
    jwtSecret: string;
    imageBaseUrl: string;
    reviewRequestDelayMinutes: number;
    reviewRequestShippedDays: number;
  };
  audit: (tx: Db, owner: Owner, entry: ReviewAuditEntry) => Promise<void>;
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The owners' 'Avaliações', inside the guarded /api/admin/ (modules/admin/routes.ts). */
export const reviewAdminRoutes: FastifyPluginAsyncZod<ReviewAdminRoutesOptions> = async (
  app,
  opts,
) => {
  const moderation = createReviewModeration({
    db: opts.db,
    jwtSecret: opts.config.jwtSecret,
    imageUrl: (path) => opts.config.imageBaseUrl + path,
    audit: opts.audit,
  });
  // 'Quando pedir a avaliação': days after delivery (0-60), after shipping (1-60), audited.
  const defaults = {
    delayMinutes: opts.config.reviewRequestDelayMinutes,
    shippedDays: opts.config.reviewRequestShippedDays,
  };
  app.get('/avaliacoes/configuracao/', async () =>
    timingJson(await reviewTiming(opts.db, defaults)),
  );
  const days = (min: number, message: string) =>
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(60, {
      error: message,
    });
  app.put(
    '/avaliacoes/configuracao/',
    {
      schema: {
        body: z.object({
          dias_apos_entrega: days(0, REVIEW_DELIVERED_DAYS_INVALID),
          dias_apos_envio: days(1, REVIEW_SHIPPED_DAYS_INVALID),
        }),
      },
    },
    async (req) => {
      const owner = requireOwner(req);
      const before = timingJson(await reviewTiming(opts.db, defaults));
      const { dias_apos_entrega, dias_apos_envio } = req.body;
      await opts.db.transaction(async (tx) => {
        await saveReviewTiming(tx, dias_apos_entrega, dias_apos_envio);
        await opts.audit(tx, owner, {
          action: 'review.settings',
          entityType: 'review',
          entityId: 'configuracao',
          summary: `Pedido de avaliação: ${dias_apos_entrega} dia(s) após a entrega, ${dias_apos_envio} após o envio`,
          before,
          after: { dias_apos_entrega, dias_apos_envio },
        });
      });
      return timingJson(await reviewTiming(opts.db, defaults));
    },
  );

  app.get(
    '/avaliacoes/',
    {
      schema: {
        querystring: z.object({
          status: z.enum(REVIEW_STATES_LIST).default('pendente'),
          pagina: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
      },
    },
    async (req) => moderation.list(req.query.status, req.query.pagina),
  );
  app.post('/avaliacoes/:id/aprovar/', { schema: { params: idParams } }, async (req) => ({
    avaliacao: await moderation.approve(requireOwner(req), req.params.id),
  }));
  app.post(
    '/avaliacoes/:id/ocultar/',
    {
      schema: {
        params: idParams,
        body: z.looseObject({ motivo: z.unknown().optional() }).nullish(),
      },
    },
    async (req) => {
      const reason = typeof req.body?.motivo === 'string' ? req.body.motivo.trim() : '';
      if (reason === '') {
        throw new ValidationError(REVIEW_HIDE_REASON_REQUIRED, {
          motivo: [REVIEW_HIDE_REASON_REQUIRED],
        });
      }
      if ([...reason].length > REVIEW_HIDE_REASON_MAX) {
        throw new ValidationError(REVIEW_HIDE_REASON_TOO_LONG, {
          motivo: [REVIEW_HIDE_REASON_TOO_LONG],
        });
      }
      return { avaliacao: await moderation.hide(requireOwner(req), req.params.id, reason) };
    },
  );
  app.post(
    '/avaliacoes/:id/responder/',
    {
      schema: {
        params: idParams,
        body: z.looseObject({ texto: z.unknown().optional() }).nullish(),
      },
    },
    async (req) => {
      const text = typeof req.body?.texto === 'string' ? req.body.texto.trim() : '';
      if ([...text].length > REVIEW_ANSWER_MAX) {
        throw new ValidationError(REVIEW_ANSWER_TOO_LONG, { texto: [REVIEW_ANSWER_TOO_LONG] });
      }
      return {
        avaliacao: await moderation.answer(requireOwner(req), req.params.id, text || null),
      };
    },
  );
  app.post(
    '/avaliacoes/fotos/:id/ocultar/',
    { schema: { params: idParams, body: z.object({ oculta: z.boolean() }) } },
    async (req) => ({
      avaliacao: await moderation.hidePhoto(requireOwner(req), req.params.id, req.body.oculta),
    }),
  );
};
