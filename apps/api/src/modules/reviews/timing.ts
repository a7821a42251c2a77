/**
 * When a buyer is asked for reviews (docs/reviews-contract.md): the owners' choice on
 * 'Avaliações' (`review_settings`, in days), else the environment's REVIEW_REQUEST_DELAY_MINUTES
 * and REVIEW_REQUEST_SHIPPED_DAYS. Read by the sweep at each pass: a save counts at the next one,
 * on every instance.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reviewSettings } from '../../db/schema.js';

const DAY_MINUTES = 24 * 60;

export interface ReviewTiming {
  /** Minutes after 'Entregue'. */
  deliveredMinutes: number;
  /** Days after 'Enviado', for an order never marked delivered. */
  shippedDays: number;
  /** The owners saved it (else the environment's). */
  saved: boolean;
}

export interface ReviewTimingDefaults {
  delayMinutes: number;
  shippedDays: number;
}

export async function reviewTiming(db: Db, defaults: ReviewTimingDefaults): Promise<ReviewTiming> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.id, 1));
  if (!row) {
    return {
      deliveredMinutes: defaults.delayMinutes,
      shippedDays: defaults.shippedDays,
      saved: false,
    };
  }
  return {
    deliveredMinutes: row.deliveredDays * DAY_MINUTES,
    shippedDays: row.shippedDays,
    saved: true,
  };
}

/** The owners' answer: days, as the form shows them (the environment's minutes rounded). */
export function timingJson(timing: ReviewTiming) {
  return {
    dias_apos_entrega: Math.round(timing.deliveredMinutes / DAY_MINUTES),
    dias_apos_envio: timing.shippedDays,
    da_loja: timing.saved,
  };
}

/** Saves the owners' timing (one row, created or replaced). */
export async function saveReviewTiming(
  tx: Db,
  deliveredDays: number,
  shippedDays: number,
): Promise<void> {
  await tx
    .insert(reviewSettings)
    .values({ id: 1, deliveredDays, shippedDays })
    .onConflictDoUpdate({
      target: reviewSettings.id,
      set: { deliveredDays, shippedDays, updatedAt: sql`now()` },
    });
}
