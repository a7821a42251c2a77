/**
 * The order sweeper (docs/orders-lifecycle.md): inside the API process, every
 * ORDER_SWEEP_INTERVAL_SECONDS, it ends unpaid orders whose deadline passed and runs the
 * housekeeping about hourly.
 *
 * For each order awaiting payment (or whose payment failed) past its deadline, oldest deadline
 * first, in batches:
 * 1. When it has a checkout at the provider, the provider is asked what became of it, outside
 *    any transaction (a network call holds no lock; the embedded database has one connection).
 *    Unreachable: the order is left alone until the next round.
 * 2. One transaction per order claims it (`for update skip locked`: an order another sweeper or
 *    a notification is handling is skipped, not waited for), then either settles the payment
 *    the provider reported but never notified (orders/settlement.ts, recorded as
 *    `sweeper:<checkout>:paid`) or cancels it: status, stock, coupon and the 'cancelled' e-mail
 *    in that one transaction (transitions.ts cancelExpired).
 *
 * 3. After the expired orders, the reminders (orders/reminder.ts, docs/order-reminder.md):
 *    each unpaid order in the last third of its life, not yet reminded, gets one e-mail with its
 *    pay link; one transaction per order whose guarded statement stamps `reminder_sent_at`.
 *
 * Everything is guarded by status, so a second sweeper, a second instance or a restart halfway
 * changes nothing twice. Deadlines are compared with the injected `now()`, passed to the
 * database as a parameter, so tests move the clock instead of waiting.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { UNPAID_ORDER_STATUSES } from '@semijoias/domain/orders';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import type { SweepTask } from '../../lib/sweep-task.js';
import type { PaymentProvider, PaymentStatus } from '../../integrations/payments/provider.js';
import { enqueueOrderEmails, type OrderMailDeps } from './orders/emails.js';
import { recordAndSettle } from './payments/settlement.js';
import { cancelExpired } from './orders/transitions.js';
import { remindUnpaidOrders } from './orders/reminder.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Orders read per query; each is then its own transaction. */
export const SWEEP_BATCH_SIZE = 50;
const HOUR_MS = 60 * 60 * 1000;

export interface OrderSweeperOptions {
  db: Db;
  provider: PaymentProvider;
  config: Pick<Config, 'orderSweepIntervalSeconds'>;
  log: Log;
  mailDeps: OrderMailDeps;
  /** The clock deadlines are compared with (tests move it). */
  now?: () => Date;
  /** Deletes what no longer means anything (modules/housekeeping); run when due. */
  housekeeping?: { runOnce(): Promise<unknown> };
  housekeepingEveryMs?: number;
  /**
   * Other work timed by the sweep (the store's health, the scheduled backup, the 'Avise-me' and
   * forgotten-cart e-mails), run after the orders, each on its own: one failing never stops the
   * others or the next sweep.
   */
  alsoEachSweep?: readonly SweepTask[];
  batchSize?: number;
}

export interface SweepResult {
  /** Orders cancelled at their deadline. */
  cancelled: number;
  /** Orders found paid at the provider (a notification that never came) and settled. */
  settled: number;
  /** Orders left for the next round: the provider unreachable, or another one holding them. */
  skipped: number;
  /** Unpaid orders sent their reminder (a third of their time left) by this pass. */
  reminded: number;
}

export interface OrderSweeper {
  /** Sweeps every interval until stop(); the timer does not keep the process alive. */
  start(): void;
  /**
   * Stops the timer; a pass in progress finishes the order it holds (its transaction commits)
   * and leaves the rest for the next pass, of this instance or another (a shutdown, a deploy).
   */
  stop(): Promise<void>;
  /** One pass now (joins the pass in progress, if any: never two at once in one process). */
  runOnce(): Promise<SweepResult>;
}

type Candidate = Pick<
  typeof orders.$inferSelect,
  'id' | 'reference' | 'expiresAt' | 'paymentProvider' | 'providerCheckoutId'
>;

export function createOrderSweeper(options: OrderSweeperOptions): OrderSweeper {
  const { db, provider, config, log, mailDeps, housekeeping } = options;
  const now = options.now ?? (() => new Date());
  const housekeepingEveryMs = options.housekeepingEveryMs ?? HOUR_MS;
  const batchSize = options.batchSize ?? SWEEP_BATCH_SIZE;
  let lastHousekeeping: number | null = null;
  let inFlight: Promise<SweepResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  /** Set by stop() during a pass: that pass ends after the order it holds. */
  let stopping = false;

  /**
   * Unpaid orders past their deadline, oldest deadline first, after the order `afterId` (the
   * last of the previous batch). Its deadline is read back by the database: a JavaScript date
   * drops the microseconds, and an order left for later would come back in every batch.
   */
  async function nextBatch(at: Date, afterId: number | null): Promise<Candidate[]> {
    const past = and(
      inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
      lte(orders.expiresAt, at),
      afterId === null
        ? undefined
        : sql`(${orders.expiresAt}, ${orders.id}) >
            (select o.expires_at, o.id from orders o where o.id = ${afterId}::int)`,
    );
    return db
      .select({
        id: orders.id,
        reference: orders.reference,
        expiresAt: orders.expiresAt,
        paymentProvider: orders.paymentProvider,
        providerCheckoutId: orders.providerCheckoutId,
      })
      .from(orders)
      .where(past)
      .orderBy(asc(orders.expiresAt), asc(orders.id))
      .limit(batchSize);
  }

  /** Whether the order has a checkout at the configured provider to ask about. */
  function asksProvider(order: Candidate): order is Candidate & { providerCheckoutId: string } {
    // A checkout of another provider (the setting changed) cannot be asked: it is cancelled.
    return order.providerCheckoutId !== null && order.paymentProvider === provider.name;
  }

  /** The provider's answer for the order's checkout; null when there is none to ask about. */
  async function askProvider(order: Candidate): Promise<PaymentStatus | null | 'unreachable'> {
    if (!asksProvider(order)) return null;
    try {
      return await provider.paymentStatus({
        checkoutId: order.providerCheckoutId,
        reference: order.reference,
      });
    } catch {
      return 'unreachable';
    }
  }

  async function sweepOne(
    order: Candidate,
    at: Date,
    pass: { providerDown: boolean },
  ): Promise<'cancelled' | 'settled' | 'skipped' | 'gone'> {
    // Once the provider failed in this pass, the orders it must be asked about wait for the next
    // one rather than each spending a timeout on it.
    if (pass.providerDown && asksProvider(order)) return 'skipped';
    const status = await askProvider(order);
    if (status === 'unreachable') {
      pass.providerDown = true;
      log.warn({ reference: order.reference }, 'sweeper: provedor de pagamento indisponível');
      return 'skipped';
    }
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: orders.id, providerCheckoutId: orders.providerCheckoutId })
        .from(orders)
        .where(
          and(
            eq(orders.id, order.id),
            inArray(orders.status, [...UNPAID_ORDER_STATUSES]),
            lte(orders.expiresAt, at),
          ),
        )
        .for('update', { skipLocked: true });
      if (!claimed) {
        // Held by another transaction (skipped), or already handled by someone else (gone).
        const [still] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, order.id), inArray(orders.status, [...UNPAID_ORDER_STATUSES])));
        return still ? 'skipped' : 'gone';
      }
      // A new checkout since the provider was asked: its answer is about another one.
      if (claimed.providerCheckoutId !== order.providerCheckoutId) return 'skipped';

      if (status?.state === 'paid' && order.providerCheckoutId) {
        const eventKey = `sweeper:${order.providerCheckoutId}:paid`;
        const outcome = await recordAndSettle(tx, mailDeps, {
          provider: provider.name,
          eventKey,
          rawBody: JSON.stringify({ checkout_id: order.providerCheckoutId, ...status }),
          event: {
            eventKey,
            reference: order.reference,
            state: 'paid',
            paymentId: status.paymentId,
            amountCents: status.amountCents,
            checkoutId: order.providerCheckoutId,
          },
        });
        if (outcome === 'paid') return 'settled';
        // Paid, but not the order's total: like such a notification, it does not pay the order.
        log.warn({ reference: order.reference, outcome }, 'sweeper: pagamento que pede atenção');
      }
      if (!(await cancelExpired(tx, order.id, at))) return 'gone';
      await enqueueOrderEmails(tx, mailDeps, order.id, 'cancelled');
      return 'cancelled';
    });
  }

  async function housekeepIfDue(at: Date): Promise<void> {
    if (!housekeeping) return;
    if (lastHousekeeping !== null && at.getTime() - lastHousekeeping < housekeepingEveryMs) return;
    lastHousekeeping = at.getTime();
    try {
      await housekeeping.runOnce();
    } catch (err) {
      log.error({ err }, 'sweeper: falha na limpeza periódica');
    }
  }

  async function pass(): Promise<SweepResult> {
    const at = now();
    const result: SweepResult = { cancelled: 0, settled: 0, skipped: 0, reminded: 0 };
    const state = { providerDown: false };
    let afterId: number | null = null;
    for (;;) {
      if (stopping) break;
      const batch = await nextBatch(at, afterId);
      for (const order of batch) {
        if (stopping) break;
        let done: Awaited<ReturnType<typeof sweepOne>>;
        try {
          done = await sweepOne(order, at, state);
        } catch (err) {
          // One order failing (a deadlock victim, a lost connection) never stops the others.
          log.error({ err, reference: order.reference }, 'sweeper: falha ao tratar pedido');
          done = 'skipped';
        }
        if (done !== 'gone') result[done] += 1;
      }
      if (batch.length < batchSize) break;
      afterId = batch[batch.length - 1]!.id;
    }
    // The reminders after the expired orders: an order past its deadline is cancelled, never
    // reminded (the claim asks for its deadline still ahead).
    if (!stopping) {
      try {
        const reminders = await remindUnpaidOrders(db, mailDeps, at, {
          batchSize,
          stopping: () => stopping,
          onError: (err, reference) =>
            log.error({ err, reference }, 'sweeper: falha no lembrete de pagamento'),
        });
        result.reminded = reminders.reminded;
      } catch (err) {
        log.error({ err }, 'sweeper: falha nos lembretes de pagamento');
      }
    }
    if (result.cancelled + result.settled + result.skipped + result.reminded > 0)
      log.info(result, 'sweeper: pedidos');
    if (!stopping) await housekeepIfDue(at);
    for (const task of options.alsoEachSweep ?? []) {
      if (stopping) break;
      try {
        await task.runOnce(at);
      } catch (err) {
        log.error({ err, tarefa: task.name }, 'sweeper: falha numa tarefa periódica');
      }
    }
    return result;
  }

  function runOnce(): Promise<SweepResult> {
    inFlight ??= pass().finally(() => {
      inFlight = null;
      stopping = false;
    });
    return inFlight;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err: unknown) => log.error({ err }, 'sweeper: falha na varredura'))
        .finally(schedule);
    }, config.orderSweepIntervalSeconds * 1000);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      stopping = inFlight !== null;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight?.catch(() => {});
    },
    runOnce,
  };
}
