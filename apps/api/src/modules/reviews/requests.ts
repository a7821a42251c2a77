/**
 * Asking for reviews at the right time (docs/reviews-contract.md), a task of the order sweeper:
 * an order 'Entregue' for REVIEW_REQUEST_DELAY_MINUTES, or 'Enviado' for
 * REVIEW_REQUEST_SHIPPED_DAYS and never marked delivered, not yet asked, with an e-mail, of an
 * account that is not anonymised, gets ONE e-mail. Each order is its own transaction: ONE guarded
 * statement stamps `review_requested_at` where it is null and the e-mail goes to the outbox in the
 * same commit (deduplicated by the order too), so two instances or a restart halfway never send
 * twice. Orders that arrived more than 60 days ago are not asked (the shop's past, when the
 * feature arrives).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { reviewAuthor } from '@semijoias/domain/reviews';
import { variationLabel } from '@semijoias/domain/variations';
import type { Db } from '../../db/client.js';
import { orderItems, orders, users } from '../../db/schema.js';
import type { SweepTask } from '../../lib/sweep-task.js';
import { enqueueEmail } from '../mail/index.js';
import { reviewRequestEmail } from './email.js';
import { reviewPageUrl, reviewToken } from './link.js';
import { reviewTiming } from './timing.js';

const BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** An order that arrived longer ago than this is never asked. */
export const REVIEW_REQUEST_MAX_AGE_DAYS = 60;

export interface ReviewRequestsDeps {
  db: Db;
  jwtSecret: string;
  publicUrl: string;
  delayMinutes: number;
  shippedDays: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  wakeOutbox?: () => void;
}

export interface ReviewRequestSweep extends SweepTask {
  runOnce(at: Date): Promise<{ asked: number }>;
}

export function createReviewRequestSweep(deps: ReviewRequestsDeps): ReviewRequestSweep {
  const { db } = deps;

  /** The order, asked once: the stamp and the e-mail in one transaction; false if already. */
  async function ask(orderId: number, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({ reviewRequestedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), isNull(orders.reviewRequestedAt)))
        .returning({
          id: orders.id,
          reference: orders.reference,
          email: orders.email,
          name: orders.nomeCompleto,
        });
      if (!order?.email) return false;
      const lines = await tx
        .select({
          name: orderItems.name,
          axis: orderItems.variationAxis,
          size: orderItems.variationName,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.id));
      const link = reviewPageUrl(deps.publicUrl, reviewToken(deps.jwtSecret, order.id, at));
      const first = reviewAuthor(order.name);
      await enqueueEmail(
        tx,
        {
          kind: 'review_request',
          ...reviewRequestEmail({
            to: order.email,
            publicUrl: deps.publicUrl,
            link,
            firstName: order.name ? first : null,
            reference: order.reference,
            pieces: lines.map((l) =>
              l.size === null ? l.name : `${l.name} (${variationLabel(l.axis, l.size)})`,
            ),
          }),
        },
        { dedupeKey: `review-request:${order.id}` },
      );
      return true;
    });
  }

  return {
    name: 'avaliações',
    async runOnce(at) {
      // The owners' timing ('Avaliações'), else the environment's.
      const timing = await reviewTiming(db, deps);
      const deliveredBefore = new Date(at.getTime() - timing.deliveredMinutes * 60_000);
      const shippedBefore = new Date(at.getTime() - timing.shippedDays * DAY_MS);
      const notBefore = new Date(at.getTime() - REVIEW_REQUEST_MAX_AGE_DAYS * DAY_MS);
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            isNull(orders.reviewRequestedAt),
            sql`${orders.email} is not null`,
            isNull(users.anonymizedAt),
            sql`(
              (${orders.status} = 'delivered' and ${orders.deliveredAt} <= ${deliveredBefore.toISOString()}::timestamptz
                and ${orders.deliveredAt} > ${notBefore.toISOString()}::timestamptz)
              or (${orders.status} = 'shipped' and ${orders.shippedAt} <= ${shippedBefore.toISOString()}::timestamptz
                and ${orders.shippedAt} > ${notBefore.toISOString()}::timestamptz)
            )`,
          ),
        )
        .orderBy(asc(orders.id))
        .limit(BATCH);
      let asked = 0;
      for (const { id } of due) {
        if (await ask(id, at)) asked += 1;
      }
      if (asked > 0) {
        deps.log.info({ asked }, 'avaliações: pedidos de avaliação enviados');
        deps.wakeOutbox?.();
      }
      return { asked };
    },
  };
}
