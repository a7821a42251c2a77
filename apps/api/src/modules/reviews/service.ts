/**
 * Reviews from real buyers (issue 36, docs/reviews-contract.md).
 *
 * - Only through her order: the e-mail's signed link (link.ts) or her session and the order's
 *   reference; an order 'Enviado' or 'Entregue', of an account that is not anonymised.
 * - One review per order line: ONE statement inserts it or edits it while 'pendente'
 *   (`on conflict (order_item_id) do update … where status = 'pendente'`): an approved or hidden
 *   review is final, and two sends at once leave one review.
 * - Moderation locks the review's row, changes its status by a guarded statement and moves the
 *   product's summed stars by the difference, in one transaction: every list and page reads the
 *   average from the product's row, and that update drops the catalog cache at the commit.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  REVIEW_ANONYMOUS_AUTHOR,
  REVIEW_LINE_NOT_FOUND,
  REVIEW_LINK_INVALID,
  REVIEW_LOCKED,
  REVIEW_ORDER_NOT_DELIVERED,
  REVIEW_PHOTO_INVALID,
  REVIEW_PHOTO_NOT_FOUND,
  REVIEWS_PAGE_SIZE,
  reviewAuthor,
  reviewAverage,
  reviewCity,
  type ReviewInput,
  type ReviewOrder,
  type ReviewStatus,
} from '@semijoias/domain/reviews';
import { variationLabel } from '@semijoias/domain/variations';
import type { Db } from '../../db/client.js';
import {
  orderItems,
  orders,
  products,
  reviewPhotos,
  reviews,
  users,
  type ReviewRow,
} from '../../db/schema.js';
import {
  ConflictError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../lib/errors.js';
import { loadSharp } from '../../lib/on-first-use.js';
import { signText } from '../../lib/secrets.js';
import { orderIdFromReviewToken } from './link.js';

/** How she opens her form: the e-mail's link, or her session and the order's reference. */
export type ReviewAccess = { token: string } | { userId: number; reference: string };

/** The moderation's audit entry (modules/admin's writeAudit, handed in). */
export interface ReviewAuditEntry {
  action: string;
  entityType: 'review';
  entityId: number | string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

export interface ReviewsServiceDeps {
  db: Db;
  jwtSecret: string;
  /** A product picture's path → its URL (the catalog's image base). */
  imageUrl: (path: string) => string;
  now?: () => Date;
}

/** Orders whose pieces may be reviewed: on their way or arrived. */
const REVIEWABLE = ['shipped', 'delivered'] as const;

/** The longest side of a review's photo as kept (a phone's photo is 4000 px and more). */
const PHOTO_MAX_SIDE = 1200;
/** A phone's photo is ~12-50 Mpx; far above means a decompression bomb, not a photo. */
const MAX_INPUT_PIXELS = 80_000_000;

export const REVIEW_PHOTO_PREFIX = '/media/avaliacoes/';
const ADMIN_PHOTO_PURPOSE = 'review-photo-admin-v1';

/** `/media/avaliacoes/<id>-<16 hex>.webp`: a new photo, a new name. */
export function reviewPhotoPath(id: number, sha256: string): string {
  return `${REVIEW_PHOTO_PREFIX}${id}-${sha256.slice(0, 16)}.webp`;
}

/** The owners see a hidden photo too: its URL carries a signature only the server makes. */
export function adminPhotoKey(secret: string, id: number): string {
  return signText(secret, ADMIN_PHOTO_PURPOSE, `photo:${id}`);
}

interface OrderForReview {
  id: number;
  reference: string;
  status: string;
  fullName: string | null;
  city: string | null;
  uf: string | null;
}

export function createReviewsService(deps: ReviewsServiceDeps) {
  const { db, jwtSecret, imageUrl } = deps;
  const now = deps.now ?? (() => new Date());

  /** Her order, checked: the link or the session, not anonymised, shipped or delivered. */
  async function orderOf(access: ReviewAccess, tx: Db = db): Promise<OrderForReview> {
    const columns = {
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      fullName: orders.nomeCompleto,
      city: orders.cidade,
      uf: orders.estado,
      anonymizedAt: users.anonymizedAt,
    };
    let row: (OrderForReview & { anonymizedAt: Date | null }) | undefined;
    if ('token' in access) {
      const orderId = orderIdFromReviewToken(jwtSecret, access.token, now());
      if (orderId === null) throw new UnauthorizedError(REVIEW_LINK_INVALID);
      [row] = await tx
        .select(columns)
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId));
      if (!row || row.anonymizedAt) throw new UnauthorizedError(REVIEW_LINK_INVALID);
    } else {
      [row] = await tx
        .select(columns)
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orders.reference, access.reference), eq(orders.userId, access.userId)));
      if (!row || row.anonymizedAt) throw new NotFoundError(REVIEW_LINE_NOT_FOUND);
    }
    if (!(REVIEWABLE as readonly string[]).includes(row.status)) {
      throw new ConflictError(REVIEW_ORDER_NOT_DELIVERED);
    }
    return row;
  }

  /** Her own view of a review (the form). */
  async function ownReviews(orderId: number) {
    const rows = await db.select().from(reviews).where(eq(reviews.orderId, orderId));
    const photos = rows.length
      ? await db
          .select()
          .from(reviewPhotos)
          .where(
            inArray(
              reviewPhotos.reviewId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(reviewPhotos.position), asc(reviewPhotos.id))
      : [];
    return new Map(
      rows.map((r) => [
        r.orderItemId,
        {
          id: r.id,
          estrelas: r.stars,
          titulo: r.title,
          texto: r.body,
          fotos: photos
            .filter((p) => p.reviewId === r.id)
            .map((p) => ({ id: p.id, url: reviewPhotoPath(p.id, p.sha256) })),
          status: r.status as ReviewStatus,
          pode_editar: r.status === 'pendente',
        },
      ]),
    );
  }

  return {
    orderOf,

    /** GET /api/avaliacoes/pedido/: the order's pieces, each with her review if she sent one. */
    async form(access: ReviewAccess) {
      const order = await orderOf(access);
      const lines = await db
        .select({
          id: orderItems.id,
          productId: orderItems.productId,
          name: orderItems.name,
          image: orderItems.image,
          axis: orderItems.variationAxis,
          size: orderItems.variationName,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.id));
      const own = await ownReviews(order.id);
      return {
        pedido: order.reference,
        itens: lines.map((l) => ({
          linha: l.id,
          produto_id: l.productId,
          nome: l.name,
          imagem: imageUrl(l.image),
          tamanho: l.size === null ? null : variationLabel(l.axis, l.size),
          avaliacao: own.get(l.id) ?? null,
        })),
      };
    },

    /**
     * POST /api/avaliacoes/fotos/: a photo judged by its content (JPEG, PNG, WebP, AVIF), turned
     * by EXIF, at most 1200 px a side, saved as WebP without its metadata (no camera, no GPS).
     */
    async addPhoto(access: ReviewAccess, input: Buffer) {
      const order = await orderOf(access);
      let webp: { data: Buffer; info: { width: number; height: number } };
      // Loaded outside the try: a store that cannot load sharp answers 500, not 'invalid photo'.
      const sharp = await loadSharp();
      try {
        const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
        const accepted =
          meta.format === 'jpeg' ||
          meta.format === 'png' ||
          meta.format === 'webp' ||
          (meta.format === 'heif' && meta.compression === 'av1');
        if (!accepted) throw new Error('not an accepted format');
        webp = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new ValidationError(REVIEW_PHOTO_INVALID, { arquivo: [REVIEW_PHOTO_INVALID] });
      }
      const sha256 = createHash('sha256').update(webp.data).digest('hex');
      const [row] = await db
        .insert(reviewPhotos)
        .values({
          orderId: order.id,
          content: webp.data,
          sha256,
          width: webp.info.width,
          height: webp.info.height,
        })
        .returning({ id: reviewPhotos.id });
      return { id: row!.id, url: reviewPhotoPath(row!.id, sha256) };
    },

    /**
     * POST /api/avaliacoes/: her review of one line, new or edited while 'pendente'. One
     * statement decides (the unique line, the status guard); the photos named are attached in
     * the same transaction, the ones she took off are let go (the housekeeping deletes them).
     */
    async submit(access: ReviewAccess, line: number, input: ReviewInput) {
      const result = await db.transaction(async (tx) => {
        const order = await orderOf(access, tx);
        const [item] = await tx
          .select()
          .from(orderItems)
          .where(and(eq(orderItems.id, line), eq(orderItems.orderId, order.id)));
        if (!item) throw new NotFoundError(REVIEW_LINE_NOT_FOUND);
        const values = {
          productId: item.productId,
          orderId: order.id,
          orderItemId: item.id,
          stars: input.estrelas,
          title: input.titulo,
          body: input.texto,
          authorName: reviewAuthor(order.fullName),
          authorCity: reviewCity(order.city, order.uf),
          sizeLabel:
            item.variationName === null
              ? null
              : variationLabel(item.variationAxis, item.variationName),
        };
        const [saved] = await tx
          .insert(reviews)
          .values(values)
          .onConflictDoUpdate({
            target: reviews.orderItemId,
            set: {
              stars: values.stars,
              title: values.title,
              body: values.body,
              updatedAt: sql`now()`,
            },
            where: eq(reviews.status, 'pendente'),
          })
          .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` });
        if (!saved) throw new ConflictError(REVIEW_LOCKED);
        // Her photos: those of this order not in another review, in her order.
        await tx
          .update(reviewPhotos)
          .set({ reviewId: null })
          .where(
            and(
              eq(reviewPhotos.reviewId, saved.id),
              input.fotos.length
                ? sql`${reviewPhotos.id} not in (${sql.join(
                    input.fotos.map((id) => sql`${id}`),
                    sql`, `,
                  )})`
                : sql`true`,
            ),
          );
        for (const [position, id] of input.fotos.entries()) {
          const attached = await tx
            .update(reviewPhotos)
            .set({ reviewId: saved.id, position })
            .where(
              and(
                eq(reviewPhotos.id, id),
                eq(reviewPhotos.orderId, order.id),
                or(isNull(reviewPhotos.reviewId), eq(reviewPhotos.reviewId, saved.id)),
              ),
            )
            .returning({ id: reviewPhotos.id });
          if (attached.length === 0) {
            throw new ValidationError(REVIEW_PHOTO_NOT_FOUND, { fotos: [REVIEW_PHOTO_NOT_FOUND] });
          }
        }
        return { orderId: order.id, itemId: item.id, created: Boolean(saved.created) };
      });
      const own = await ownReviews(result.orderId);
      return { created: result.created, avaliacao: own.get(result.itemId)! };
    },

    /** GET /api/produtos/{id}/avaliacoes/: the approved reviews of a visible piece, paged. */
    async publicPage(productId: number, page: number, order: ReviewOrder) {
      const [product] = await db
        .select({ count: products.reviewsCount, sum: products.reviewsStarsSum })
        .from(products)
        .where(and(eq(products.id, productId), isNull(products.hiddenAt)));
      if (!product) return null;
      const approved = and(eq(reviews.productId, productId), eq(reviews.status, 'aprovada'));
      const byStars = await db
        .select({ stars: reviews.stars, n: count() })
        .from(reviews)
        .where(approved)
        .groupBy(reviews.stars);
      const distribution: Record<'1' | '2' | '3' | '4' | '5', number> = {
        '1': 0,
        '2': 0,
        '3': 0,
        '4': 0,
        '5': 0,
      };
      for (const row of byStars) {
        distribution[String(row.stars) as keyof typeof distribution] = Number(row.n);
      }
      const total = Object.values(distribution).reduce((a, b) => a + b, 0);
      const rows = await db
        .select()
        .from(reviews)
        .where(approved)
        .orderBy(
          ...(order === 'melhores' ? [desc(reviews.stars)] : []),
          desc(reviews.createdAt),
          desc(reviews.id),
        )
        .limit(REVIEWS_PAGE_SIZE)
        .offset((page - 1) * REVIEWS_PAGE_SIZE);
      const photos = rows.length
        ? await db
            .select({
              id: reviewPhotos.id,
              reviewId: reviewPhotos.reviewId,
              sha256: reviewPhotos.sha256,
              width: reviewPhotos.width,
              height: reviewPhotos.height,
            })
            .from(reviewPhotos)
            .where(
              and(
                inArray(
                  reviewPhotos.reviewId,
                  rows.map((r) => r.id),
                ),
                eq(reviewPhotos.hidden, false),
              ),
            )
            .orderBy(asc(reviewPhotos.position), asc(reviewPhotos.id))
        : [];
      return {
        media: reviewAverage(product.sum, product.count),
        total,
        distribuicao: distribution,
        avaliacoes: rows.map((r) => ({
          id: r.id,
          estrelas: r.stars,
          titulo: r.title,
          texto: r.body,
          autora: r.authorName,
          cidade: r.authorCity,
          tamanho: r.sizeLabel,
          data: r.createdAt.toISOString(),
          compra_verificada: true as const,
          fotos: photos
            .filter((p) => p.reviewId === r.id)
            .map((p) => ({
              url: reviewPhotoPath(p.id, p.sha256),
              largura: p.width,
              altura: p.height,
            })),
          resposta:
            r.answer === null ? null : { texto: r.answer, data: r.answeredAt!.toISOString() },
        })),
        pagina: page,
        total_paginas: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)),
      };
    },

    /**
     * A photo as served at /media/avaliacoes/<id>-<hash>.webp: not hidden, its review not
     * hidden — unless the owners' signed key comes with it (their list shows every photo).
     */
    async photo(id: number, hashPrefix: string, ownersKey: string | undefined) {
      const [row] = await db
        .select({
          content: reviewPhotos.content,
          sha256: reviewPhotos.sha256,
          hidden: reviewPhotos.hidden,
          reviewStatus: reviews.status,
        })
        .from(reviewPhotos)
        .leftJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
        .where(eq(reviewPhotos.id, id));
      if (!row || !row.sha256.startsWith(hashPrefix)) return null;
      const owners = ownersKey !== undefined && ownersKey === adminPhotoKey(jwtSecret, id);
      if (!owners && (row.hidden || row.reviewStatus === 'oculta')) return null;
      return { content: row.content, sha256: row.sha256 };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

/** The anonymised author of every review of `userId`'s orders; their photos deleted. */
export async function anonymiseReviews(tx: Db, userId: number): Promise<void> {
  const ofHer = sql`(select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`;
  const unsigned = await tx
    .update(reviews)
    .set({ authorName: REVIEW_ANONYMOUS_AUTHOR, authorCity: null, updatedAt: sql`now()` })
    .where(sql`${reviews.orderId} in ${ofHer}`)
    .returning({ id: reviews.id });
  await tx.delete(reviewPhotos).where(sql`${reviewPhotos.orderId} in ${ofHer}`);
  // The pages showing her name and photos are kept in every instance's catalog cache.
  if (unsigned.length > 0) await tx.execute(sql`select pg_notify('catalog_changed', '')`);
}

export type { ReviewRow };
