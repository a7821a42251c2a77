/**
 * 'Avise-me quando chegar' (docs/stock-alerts-contract.md): a shopper's request to be
 * told when a sold-out piece (or one size of it) is back, and the sweep task that mails each
 * request once when migration 0012's trigger has stamped it `back_in_stock_at`.
 *
 * - Double opt-in (issue 33): a request is kept pending (`confirmed_at` null) with the hash of a
 *   single-use token, and one confirmation e-mail goes to the address in the same transaction;
 *   the e-mail's link confirms it (`confirm`). Only confirmed requests are mailed when the piece
 *   is back; pending ones are erased after STOCK_ALERT_CONFIRM_MS (housekeeping). Asking again
 *   while pending sends a new link (the old one no longer works); the rate limits bound them.
 * - A request is written in one transaction that first reads the piece's row `for share`: a
 *   restock committing meanwhile either happened before (the piece is in stock: 409) or waits for
 *   the request to commit, and its trigger then stamps it. No request is written in between and
 *   left unstamped.
 * - Serving is one transaction per request: the piece's rows read `for share` (sizes before the
 *   product, the order a restock takes them in), then either the guarded `update … set served_at,
 *   email = null where id = … and served_at is null returning` with the e-mail enqueued in the
 *   same transaction (dedupe `stock-alert:<id>`), or, when the piece is sold out again by then,
 *   `back_in_stock_at` cleared so the next restock stamps it again.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRODUCT_NOT_FOUND } from '@semijoias/domain/messages';
import { STOCK_ALERT_AVAILABLE } from '@semijoias/domain/stock-alerts';
import { variationLabel } from '@semijoias/domain/variations';
import { VARIATION_NOT_FOUND } from '@semijoias/domain/variations';
import type { Db } from '../../db/client.js';
import { productVariations, products, stockAlerts } from '../../db/schema.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { hashToken } from '../../lib/secrets.js';
import type { SweepTask } from '../../lib/sweep-task.js';
import { enqueueEmail } from '../mail/index.js';
import { stockAlertConfirmationEmail, stockAlertEmail } from './email.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A request not served in this long ends, its address deleted with it (LGPD). */
export const STOCK_ALERT_KEPT_MS = 90 * DAY_MS;
/** A served request (already without its address) is kept this long for the Painel, then deleted. */
export const SERVED_STOCK_ALERT_KEPT_MS = 60 * DAY_MS;
/** A request not confirmed in this long is erased (housekeeping); its link stops working. */
export const STOCK_ALERT_CONFIRM_MS = 2 * DAY_MS;
/** The confirmation link that is used, expired or unknown. */
export const STOCK_ALERT_CONFIRM_INVALID =
  'Este link de confirmação é inválido ou expirou. Peça o aviso de novo na página da joia.';
/** The confirmation done. */
export const STOCK_ALERT_CONFIRMED =
  'Pronto! Confirmado: avisaremos você por e-mail quando a joia chegar.';
/** Requests read per query by a sweep; each is then its own transaction. */
export const STOCK_ALERT_SWEEP_BATCH = 50;

export interface StockAlertInput {
  productId: number;
  variationId: number | null;
  /** As typed; stored trimmed and in lower case. */
  email: string;
  userId: number | null;
}

export interface StockAlertAnswer {
  created: boolean;
  /** Confirmed already (asked again); false: a confirmation e-mail was just sent. */
  confirmed: boolean;
  productId: number;
  variationId: number | null;
  email: string;
}

/** The address as stored and hashed: trimmed, lower case. */
export function stockAlertEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The piece's rows, read `for share` inside `tx`: null when unknown or not for sale. */
async function lockPiece(tx: Db, productId: number, variationId: number | null) {
  let variation: { name: string; stock: number } | null = null;
  if (variationId !== null) {
    const [v] = await tx
      .select({
        name: productVariations.name,
        stock: productVariations.stock,
        archivedAt: productVariations.archivedAt,
      })
      .from(productVariations)
      .where(and(eq(productVariations.id, variationId), eq(productVariations.productId, productId)))
      .for('share');
    if (!v || v.archivedAt !== null) return { product: null, variation: null, variationGone: true };
    variation = v;
  }
  const [product] = await tx
    .select({
      name: products.name,
      priceCents: products.priceCents,
      stock: products.stock,
      hiddenAt: products.hiddenAt,
      axis: products.variationAxis,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('share');
  return { product: product ?? null, variation, variationGone: false };
}

export interface StockAlertServiceOptions {
  /** PUBLIC_URL: the confirmation link. */
  publicUrl: string;
  /** Wakes the outbox worker after a commit that enqueued e-mail. */
  wakeOutbox?: () => void;
}

export function createStockAlertService(db: Db, options: StockAlertServiceOptions) {
  const { publicUrl } = options;
  return {
    /**
     * POST /api/avise-me/: a new request, pending with its confirmation e-mail (created), or the
     * open one for that address and piece: confirmed (nothing sent) or pending (a new link sent).
     */
    async request(input: StockAlertInput): Promise<StockAlertAnswer> {
      const email = stockAlertEmailKey(input.email);
      const emailHash = hashToken(email);
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const answer = await db.transaction(async (tx) => {
        const piece = await lockPiece(tx, input.productId, input.variationId);
        if (piece.variationGone) {
          // A size not of this product (or archived) is the size's 404; an unknown piece, its own.
          const [known] = await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.id, input.productId), isNull(products.hiddenAt)));
          throw new NotFoundError(known ? VARIATION_NOT_FOUND : PRODUCT_NOT_FOUND);
        }
        if (!piece.product || piece.product.hiddenAt !== null) {
          throw new NotFoundError(PRODUCT_NOT_FOUND);
        }
        // A size asked for: that size's stock. No size: the piece as a whole (for a piece sold
        // by size, `products.stock` is the sum of its sizes: accepted only when every one is out).
        const stock = piece.variation ? piece.variation.stock : piece.product.stock;
        if (stock > 0) throw new ConflictError(STOCK_ALERT_AVAILABLE);
        const sameRequest = and(
          eq(stockAlerts.productId, input.productId),
          input.variationId === null
            ? isNull(stockAlerts.variationId)
            : eq(stockAlerts.variationId, input.variationId),
          eq(stockAlerts.emailHash, emailHash),
          isNull(stockAlerts.servedAt),
        );
        const [inserted] = await tx
          .insert(stockAlerts)
          .values({
            productId: input.productId,
            variationId: input.variationId,
            email,
            emailHash,
            userId: input.userId,
            confirmedAt: null,
            confirmTokenHash: tokenHash,
          })
          .onConflictDoNothing()
          .returning({ id: stockAlerts.id });
        let id = inserted?.id ?? null;
        let confirmed = false;
        if (id === null) {
          if (input.userId !== null) {
            // Asked again, now logged in: the open request becomes hers.
            await tx
              .update(stockAlerts)
              .set({ userId: input.userId })
              .where(and(sameRequest, isNull(stockAlerts.userId)));
          }
          // Still pending: a new link (the old one stops working) and two days again.
          const [pending] = await tx
            .update(stockAlerts)
            .set({ confirmTokenHash: tokenHash, createdAt: sql`now()` })
            .where(and(sameRequest, isNull(stockAlerts.confirmedAt)))
            .returning({ id: stockAlerts.id });
          id = pending?.id ?? null;
          confirmed = id === null;
        }
        if (id !== null) {
          const size = piece.variation
            ? variationLabel(piece.product.axis, piece.variation.name)
            : null;
          await enqueueEmail(
            tx,
            {
              kind: 'stock_alert_confirm',
              ...stockAlertConfirmationEmail({
                to: email,
                publicUrl,
                token,
                piece: size ? `${piece.product.name} (${size})` : piece.product.name,
              }),
            },
            { dedupeKey: `stock-alert-confirm:${id}:${tokenHash.slice(0, 16)}` },
          );
        }
        return {
          created: inserted !== undefined,
          confirmed,
          productId: input.productId,
          variationId: input.variationId,
          email,
        };
      });
      if (!answer.confirmed) options.wakeOutbox?.();
      return answer;
    },

    /**
     * The confirmation link: one guarded statement confirms the pending request of this token
     * (not expired) and forgets the token (single use). 400 when used, expired or unknown.
     */
    async confirm(token: string): Promise<{ productId: number; variationId: number | null }> {
      const [row] = await db
        .update(stockAlerts)
        .set({ confirmedAt: sql`now()`, confirmTokenHash: null })
        .where(
          and(
            eq(stockAlerts.confirmTokenHash, hashToken(token)),
            isNull(stockAlerts.confirmedAt),
            isNull(stockAlerts.servedAt),
            gt(
              stockAlerts.createdAt,
              sql`now() - make_interval(secs => ${STOCK_ALERT_CONFIRM_MS / 1000})`,
            ),
          ),
        )
        .returning({ productId: stockAlerts.productId, variationId: stockAlerts.variationId });
      if (!row) throw new ValidationError(STOCK_ALERT_CONFIRM_INVALID);
      return row;
    },
  };
}

/** Open requests per product and per size (the owners' 'aguardando aviso'). */
export async function waitingCounts(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, { total: number; bySize: Map<number, number> }>> {
  const out = new Map<number, { total: number; bySize: Map<number, number> }>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: stockAlerts.productId,
      variationId: stockAlerts.variationId,
      n: sql<number>`count(*)::int`,
    })
    .from(stockAlerts)
    .where(
      and(
        isNull(stockAlerts.servedAt),
        isNotNull(stockAlerts.confirmedAt),
        inArray(stockAlerts.productId, [...productIds]),
      ),
    )
    .groupBy(stockAlerts.productId, stockAlerts.variationId);
  for (const row of rows) {
    const entry = out.get(row.productId) ?? { total: 0, bySize: new Map<number, number>() };
    entry.total += row.n;
    if (row.variationId !== null) entry.bySize.set(row.variationId, row.n);
    out.set(row.productId, entry);
  }
  return out;
}

export interface StockAlertSweepOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** PUBLIC_URL: the e-mail's link to the product. */
  publicUrl: string;
  /** Wakes the outbox worker after a commit that enqueued e-mail. */
  wakeOutbox?: () => void;
  batchSize?: number;
}

export interface StockAlertSweepResult {
  /** Requests mailed by this pass. */
  served: number;
  /** Requests stamped whose piece was sold out again by then: they wait for the next restock. */
  rearmed: number;
}

export interface StockAlertSweep extends SweepTask {
  runOnce(at: Date): Promise<StockAlertSweepResult>;
}

type Outcome = 'served' | 'rearmed' | 'skipped';

export function createStockAlertSweep(options: StockAlertSweepOptions): StockAlertSweep {
  const { db, log, publicUrl } = options;
  const batchSize = options.batchSize ?? STOCK_ALERT_SWEEP_BATCH;

  async function serveOne(id: number, at: Date): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const [alert] = await tx
        .select({
          email: stockAlerts.email,
          productId: stockAlerts.productId,
          variationId: stockAlerts.variationId,
        })
        .from(stockAlerts)
        .where(
          and(
            eq(stockAlerts.id, id),
            isNull(stockAlerts.servedAt),
            isNotNull(stockAlerts.backInStockAt),
            isNotNull(stockAlerts.confirmedAt),
          ),
        );
      if (!alert?.email) return 'skipped';
      const piece = await lockPiece(tx, alert.productId, alert.variationId);
      const inStock =
        piece.product !== null &&
        piece.product.hiddenAt === null &&
        (piece.variation ? piece.variation.stock : piece.product.stock) > 0;
      if (!inStock) {
        // Sold out again (or taken out of the store): no e-mail promising a piece that is gone;
        // the next time it goes from 0 to some, the trigger stamps it again.
        await tx
          .update(stockAlerts)
          .set({ backInStockAt: null })
          .where(and(eq(stockAlerts.id, id), isNull(stockAlerts.servedAt)));
        return 'rearmed';
      }
      // The send-once guard: of two sweeps (or instances) on one request, one gets the row.
      const won = await tx
        .update(stockAlerts)
        .set({ servedAt: at, email: null })
        .where(and(eq(stockAlerts.id, id), isNull(stockAlerts.servedAt)))
        .returning({ id: stockAlerts.id });
      if (won.length === 0) return 'skipped';
      await enqueueEmail(
        tx,
        {
          kind: 'stock_alert',
          ...stockAlertEmail({
            to: alert.email,
            publicUrl,
            productId: alert.productId,
            productName: piece.product!.name,
            priceCents: piece.product!.priceCents,
            variation:
              alert.variationId !== null && piece.variation
                ? { id: alert.variationId, name: piece.variation.name, axis: piece.product!.axis }
                : null,
          }),
        },
        { dedupeKey: `stock-alert:${id}` },
      );
      return 'served';
    });
  }

  return {
    name: 'avise-me',
    async runOnce(at: Date) {
      const result: StockAlertSweepResult = { served: 0, rearmed: 0 };
      let afterId = 0;
      for (;;) {
        const due = await db
          .select({ id: stockAlerts.id })
          .from(stockAlerts)
          .where(
            and(
              isNull(stockAlerts.servedAt),
              isNotNull(stockAlerts.backInStockAt),
              // Only a confirmed request is mailed (double opt-in).
              isNotNull(stockAlerts.confirmedAt),
              gt(stockAlerts.id, afterId),
            ),
          )
          .orderBy(asc(stockAlerts.id))
          .limit(batchSize);
        for (const { id } of due) {
          try {
            const outcome = await serveOne(id, at);
            if (outcome === 'served') result.served++;
            if (outcome === 'rearmed') result.rearmed++;
          } catch (err) {
            // One request failing (a deadlock, a dropped connection) waits for the next sweep.
            log.error({ err, aviso: id }, 'avise-me: falha ao atender um pedido');
          }
        }
        if (due.length < batchSize) break;
        afterId = due[due.length - 1]!.id;
      }
      if (result.served > 0) {
        log.info({ atendidos: result.served }, 'avise-me: pedidos atendidos');
        options.wakeOutbox?.();
      }
      return result;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** 'Avise-me': the sweep task (app.ts runs it at each sweep; tests call `runOnce(at)`). */
    stockAlerts: StockAlertSweep;
  }
}
