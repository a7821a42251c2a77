/**
 * The forgotten-cart e-mail (docs/marketing-consent-contract.md), a task of the order
 * sweeper (lib/sweep-task.ts). A customer gets one e-mail for a cart when:
 *
 * - she agreed to offers by e-mail (`users.marketing_opt_in`), her account is not anonymised and
 *   her e-mail is verified;
 * - her cart has pieces and was last changed (`users.cart_changed_at`, kept by a trigger on
 *   cart_items, migration 0012) at least CART_REMINDER_MINUTES before the sweep's clock;
 * - she placed no order since that change;
 * - that cart (her id and that instant) was not mailed yet.
 *
 * Once per cart: in one transaction her row is locked and read again (consent withdrawn or cart
 * changed meanwhile: nothing), `insert into cart_reminders ... on conflict do nothing returning`
 * claims the cart (the unique (user_id, cart_changed_at) pair is the guard against a second
 * sweeper or instance), and the e-mail is queued with a dedupe key naming her and that instant.
 * A change of the cart makes a new instant, so a new cart. Carts older than a week past the wait
 * are left alone: a shopper who agrees today gets no e-mail about a cart from months ago, and a
 * record deleted after 60 days (housekeeping) can never let an old cart be mailed again.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { variationLabel } from '@semijoias/domain/variations';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  cartItems,
  cartReminders,
  orders,
  products,
  productVariations,
  users,
} from '../../db/schema.js';
import type { SweepTask } from '../../lib/sweep-task.js';
import { enqueueEmail, type ItemLine } from '../mail/index.js';
import { unsubscribeToken } from './consent.js';
import { cartReminderEmail } from './email.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The forgotten-cart e-mails, run by the sweeper; tests call `runOnce(at)` with their clock. */
    cartReminders: CartReminderTask;
  }
}

const MINUTE_MS = 60 * 1000;
/** How far past the wait a cart is still mailed. */
const LATEST_AFTER_WAIT_MS = 7 * 24 * 60 * MINUTE_MS;
export const CART_REMINDER_BATCH_SIZE = 50;

export interface CartReminderOptions {
  db: Db;
  config: Pick<Config, 'cartReminderMinutes' | 'publicUrl' | 'jwtSecret'>;
  log: Log;
  /** The outbox worker's wake(): a queued e-mail goes out right after its commit. */
  wakeOutbox: () => void;
  batchSize?: number;
}

export interface CartReminderTask extends SweepTask {
  /** One pass with the sweep's clock `at`: the number of e-mails queued. */
  runOnce(at: Date): Promise<number>;
}

/** The dedupe key of the outbox row: her id and her cart's instant. */
export function cartReminderDedupeKey(userId: number, cartChangedAt: Date): string {
  return `cart-reminder:${userId}:${cartChangedAt.toISOString()}`;
}

interface Candidate {
  id: number;
  cartChangedAt: Date;
}

export function createCartReminderTask(options: CartReminderOptions): CartReminderTask {
  const { db, config, log, wakeOutbox } = options;
  const batchSize = options.batchSize ?? CART_REMINDER_BATCH_SIZE;

  /**
   * Whom to consider, by cart instant then id, after `after` (the last of the previous batch).
   * The checks are repeated under lock before anything is written; this only narrows the work.
   */
  async function nextBatch(at: Date, after: Candidate | null): Promise<Candidate[]> {
    const waitedSince = new Date(at.getTime() - config.cartReminderMinutes * MINUTE_MS);
    const notBefore = new Date(waitedSince.getTime() - LATEST_AFTER_WAIT_MS);
    const rows = await db
      .select({ id: users.id, cartChangedAt: users.cartChangedAt })
      .from(users)
      .where(
        and(
          eq(users.marketingOptIn, true),
          isNull(users.anonymizedAt),
          isNotNull(users.emailVerifiedAt),
          lte(users.cartChangedAt, waitedSince),
          gt(users.cartChangedAt, notBefore),
          after
            ? or(
                gt(users.cartChangedAt, after.cartChangedAt),
                and(eq(users.cartChangedAt, after.cartChangedAt), gt(users.id, after.id)),
              )
            : undefined,
          sql`exists (select 1 from ${cartItems} where ${cartItems.userId} = ${users.id})`,
          sql`not exists (select 1 from ${cartReminders} where ${cartReminders.userId} = ${users.id}
            and ${cartReminders.cartChangedAt} = ${users.cartChangedAt})`,
          noOrderSince(),
        ),
      )
      .orderBy(asc(users.cartChangedAt), asc(users.id))
      .limit(batchSize);
    return rows.flatMap((r) =>
      r.cartChangedAt ? [{ id: r.id, cartChangedAt: r.cartChangedAt }] : [],
    );
  }

  /**
   * No order of hers made since the cart's last change. The change is stored to the millisecond
   * (rounded) and an order to the microsecond: an order placed in the same instant counts.
   */
  function noOrderSince() {
    return sql`not exists (select 1 from ${orders} where ${orders.userId} = ${users.id}
      and ${orders.createdAt} >= ${users.cartChangedAt} - interval '1 millisecond')`;
  }

  /** Her cart's pieces for sale now, with their current prices and sizes. */
  async function cartLines(tx: Db, userId: number): Promise<ItemLine[]> {
    const rows = await tx
      .select({
        name: products.name,
        priceCents: products.priceCents,
        quantidade: cartItems.quantidade,
        axis: products.variationAxis,
        variationName: productVariations.name,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(productVariations, eq(productVariations.id, cartItems.variationId))
      .where(
        and(
          eq(cartItems.userId, userId),
          isNull(products.hiddenAt),
          or(isNull(cartItems.variationId), isNull(productVariations.archivedAt)),
        ),
      )
      .orderBy(asc(cartItems.createdAt), asc(cartItems.productId), asc(productVariations.position));
    return rows.map((r) => ({
      name: r.name,
      quantidade: r.quantidade,
      unitPriceCents: r.priceCents,
      variation: r.variationName === null ? null : variationLabel(r.axis, r.variationName),
    }));
  }

  /** One cart, in one transaction: true when its e-mail was queued. */
  async function remind(candidate: Candidate, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      // Her row, locked and read again: a withdrawal or a cart change committed meanwhile wins,
      // and one committed after waits for this transaction.
      const [user] = await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(
          and(
            eq(users.id, candidate.id),
            eq(users.cartChangedAt, candidate.cartChangedAt),
            eq(users.marketingOptIn, true),
            isNull(users.anonymizedAt),
            noOrderSince(),
          ),
        )
        .for('update');
      if (!user) return false;
      const items = await cartLines(tx, user.id);
      if (items.length === 0) return false;
      // The guard: the unique (user_id, cart_changed_at) pair lets one claim through.
      const claimed = await tx
        .insert(cartReminders)
        .values({ userId: user.id, cartChangedAt: candidate.cartChangedAt, sentAt: at })
        .onConflictDoNothing()
        .returning({ id: cartReminders.id });
      if (claimed.length === 0) return false;
      await enqueueEmail(
        tx,
        {
          kind: 'cart_reminder',
          ...cartReminderEmail({
            to: user.email,
            firstName: user.firstName,
            publicUrl: config.publicUrl,
            items,
            unsubscribeToken: unsubscribeToken(config.jwtSecret, user.id),
          }),
        },
        { dedupeKey: cartReminderDedupeKey(user.id, candidate.cartChangedAt) },
      );
      return true;
    });
  }

  return {
    name: 'carrinho esquecido',
    async runOnce(at: Date) {
      let queued = 0;
      let after: Candidate | null = null;
      for (;;) {
        const batch = await nextBatch(at, after);
        for (const candidate of batch) {
          try {
            if (await remind(candidate, at)) queued += 1;
          } catch (err) {
            // One cart failing (a deadlock victim, a lost connection) never stops the others.
            log.error({ err, userId: candidate.id }, 'carrinho esquecido: falha ao lembrar');
          }
        }
        if (batch.length < batchSize) break;
        after = batch[batch.length - 1]!;
      }
      if (queued > 0) {
        log.info({ queued }, 'carrinho esquecido: e-mails na fila');
        wakeOutbox();
      }
      return queued;
    },
  };
}
