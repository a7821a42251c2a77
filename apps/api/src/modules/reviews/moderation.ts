/**
 * The owners' 'Avaliações' (docs/reviews-contract.md): the list by status, approve, hide with a
 * reason, answer publicly, hide one photo. Each change is one transaction, audited:
 *
 * 1. the review's row is locked (`for update`): two owners acting on one review take turns;
 * 2. its status changes by a guarded statement (`where status <> 'aprovada'`…): approving twice
 *    changes it once;
 * 3. the product's summed stars move by what actually changed (+1 when it became public, −1 when
 *    it stopped being): increments, so two reviews of one piece approved at once both count;
 * 4. anything public that changed (an answer, a photo) touches the catalog's channel, so every
 *    instance drops the pages and answers that show it.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  REVIEW_NOT_FOUND,
  REVIEW_PHOTO_NOT_FOUND,
  type ReviewStatus,
} from '@semijoias/domain/reviews';
import type { Db } from '../../db/client.js';
import { orders, products, reviewPhotos, reviews, type ReviewRow } from '../../db/schema.js';
import { NotFoundError } from '../../lib/errors.js';
import type { Owner } from '../owner-access/index.js';
import { adminPhotoKey, reviewPhotoPath, type ReviewAuditEntry } from './service.js';

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

export interface ReviewModerationDeps {
  db: Db;
  jwtSecret: string;
  imageUrl: (path: string) => string;
  audit: (tx: Db, owner: Owner, entry: ReviewAuditEntry) => Promise<void>;
}

const notifyCatalog = (tx: Db) => tx.execute(sql`select pg_notify('catalog_changed', '')`);

export function createReviewModeration(deps: ReviewModerationDeps) {
  const { db, jwtSecret, imageUrl, audit } = deps;

  async function item(row: ReviewRow, product: { name: string; image: string }, reference: string) {
    const photos = await db
      .select({
        id: reviewPhotos.id,
        sha256: reviewPhotos.sha256,
        hidden: reviewPhotos.hidden,
      })
      .from(reviewPhotos)
      .where(eq(reviewPhotos.reviewId, row.id))
      .orderBy(reviewPhotos.position, reviewPhotos.id);
    return {
      id: row.id,
      status: row.status as ReviewStatus,
      estrelas: row.stars,
      titulo: row.title,
      texto: row.body,
      autora: row.authorName,
      cidade: row.authorCity,
      tamanho: row.sizeLabel,
      criado_em: row.createdAt.toISOString(),
      atualizada_em: row.updatedAt.toISOString(),
      produto: { id: row.productId, nome: product.name, imagem: imageUrl(product.image) },
      pedido: reference,
      fotos: photos.map((p) => ({
        id: p.id,
        url: `${reviewPhotoPath(p.id, p.sha256)}?k=${adminPhotoKey(jwtSecret, p.id)}`,
        oculta: p.hidden,
      })),
      resposta:
        row.answer === null ? null : { texto: row.answer, data: row.answeredAt!.toISOString() },
      motivo_ocultacao: row.hideReason,
      aprovada_em: row.approvedAt?.toISOString() ?? null,
    };
  }

  /** Reviews with their piece and their order's reference, as the owners' list shows them. */
  const withPiece = (where: SQL | undefined) =>
    db
      .select({
        review: reviews,
        name: products.name,
        image: products.image,
        ref: orders.reference,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .where(where);

  async function one(id: number) {
    const [row] = await withPiece(eq(reviews.id, id));
    if (!row) throw new NotFoundError(REVIEW_NOT_FOUND);
    return item(row.review, row, row.ref);
  }

  /**
   * One change of a review: its row locked, `change` applied; the product's summed stars moved
   * by the change of its visibility; the catalog told; audited.
   */
  async function change(
    owner: Owner,
    id: number,
    apply: (tx: Db, before: ReviewRow) => Promise<ReviewRow | null>,
    describe: (
      before: ReviewRow,
      after: ReviewRow,
    ) => Omit<ReviewAuditEntry, 'entityType' | 'entityId'>,
  ) {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!before) throw new NotFoundError(REVIEW_NOT_FOUND);
      const after = await apply(tx, before);
      if (!after) return; // nothing to change (approved twice): no audit, no notification
      const wasPublic = before.status === 'aprovada';
      const isPublic = after.status === 'aprovada';
      if (wasPublic !== isPublic) {
        const sign = isPublic ? 1 : -1;
        await tx
          .update(products)
          .set({
            reviewsCount: sql`${products.reviewsCount} + ${sign}`,
            reviewsStarsSum: sql`${products.reviewsStarsSum} + ${sign * after.stars}`,
          })
          .where(eq(products.id, after.productId));
      } else if (isPublic) {
        await notifyCatalog(tx);
      }
      await audit(tx, owner, { entityType: 'review', entityId: id, ...describe(before, after) });
    });
    return one(id);
  }

  const pieceOf = (r: ReviewRow) =>
    `avaliação #${r.id} (${r.stars} estrela${r.stars === 1 ? '' : 's'})`;

  return {
    one,

    /** GET /api/admin/avaliacoes/: newest first, by status; how many wait. */
    async list(status: ReviewStatus, page: number) {
      const where = eq(reviews.status, status);
      const rows = await withPiece(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(ADMIN_REVIEWS_PAGE_SIZE)
        .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
      const [[total], [waiting]] = await Promise.all([
        db.select({ n: count() }).from(reviews).where(where),
        db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pendente')),
      ]);
      return {
        avaliacoes: await Promise.all(rows.map((r) => item(r.review, r, r.ref))),
        total: Number(total?.n ?? 0),
        pendentes: Number(waiting?.n ?? 0),
        pagina: page,
        por_pagina: ADMIN_REVIEWS_PAGE_SIZE,
      };
    },

    /** How many reviews wait (the Painel). */
    async waiting(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(reviews)
        .where(eq(reviews.status, 'pendente'));
      return Number(row?.n ?? 0);
    },

    approve(owner: Owner, id: number) {
      return change(
        owner,
        id,
        async (tx) => {
          const [after] = await tx
            .update(reviews)
            .set({
              status: 'aprovada',
              approvedAt: sql`now()`,
              hiddenAt: null,
              hideReason: null,
              updatedAt: sql`now()`,
            })
            .where(and(eq(reviews.id, id), sql`${reviews.status} <> 'aprovada'`))
            .returning();
          return after ?? null;
        },
        (before) => ({
          action: 'review.approve',
          summary: `${pieceOf(before)} aprovada`,
          before: { status: before.status },
          after: { status: 'aprovada' },
        }),
      );
    },

    hide(owner: Owner, id: number, reason: string) {
      return change(
        owner,
        id,
        async (tx) => {
          const [after] = await tx
            .update(reviews)
            .set({
              status: 'oculta',
              hideReason: reason,
              hiddenAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(reviews.id, id))
            .returning();
          return after ?? null;
        },
        (before) => ({
          action: 'review.hide',
          summary: `${pieceOf(before)} ocultada: ${reason}`,
          before: { status: before.status },
          after: { status: 'oculta', motivo: reason },
        }),
      );
    },

    /** The owners' public answer; an empty one removes it. */
    answer(owner: Owner, id: number, text: string | null) {
      return change(
        owner,
        id,
        async (tx) => {
          const [after] = await tx
            .update(reviews)
            .set({
              answer: text,
              answeredAt: text === null ? null : sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(reviews.id, id))
            .returning();
          return after ?? null;
        },
        (before) => ({
          action: 'review.answer',
          summary:
            text === null
              ? `${pieceOf(before)}: resposta removida`
              : `${pieceOf(before)} respondida`,
          before: { resposta: before.answer },
          after: { resposta: text },
        }),
      );
    },

    /** One photo hidden (or shown again); its review otherwise unchanged. */
    async hidePhoto(owner: Owner, photoId: number, hidden: boolean) {
      const [photo] = await db
        .select({ reviewId: reviewPhotos.reviewId })
        .from(reviewPhotos)
        .where(eq(reviewPhotos.id, photoId));
      if (!photo?.reviewId) throw new NotFoundError(REVIEW_PHOTO_NOT_FOUND);
      return change(
        owner,
        photo.reviewId,
        async (tx, before) => {
          const changed = await tx
            .update(reviewPhotos)
            .set({ hidden })
            .where(and(eq(reviewPhotos.id, photoId), sql`${reviewPhotos.hidden} <> ${hidden}`))
            .returning({ id: reviewPhotos.id });
          return changed.length ? before : null;
        },
        (before) => ({
          action: hidden ? 'review.photo_hide' : 'review.photo_show',
          summary: `${pieceOf(before)}: foto #${photoId} ${hidden ? 'ocultada' : 'mostrada'}`,
          after: { foto: photoId, oculta: hidden },
        }),
      );
    },
  };
}

export type ReviewModeration = ReturnType<typeof createReviewModeration>;
