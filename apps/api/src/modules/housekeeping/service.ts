/**
 * Housekeeping: rows that no longer mean anything are deleted on a schedule, so the tables that
 * grow with every visit (tokens, rate-limit windows, merge keys, CEP answers, idempotency keys,
 * sent e-mails, refused payment notifications) stay small. The order sweeper calls `runOnce`
 * about hourly.
 *
 * Every rule is one `delete ... where ctid = any(array(select ctid ... limit n))` repeated until a
 * batch comes back short: each batch is its own short statement (no long lock, no huge
 * transaction on a table a shopper is writing to), and the inner select walks an expiry index.
 * The instant compared with is `now()` injected as a parameter, never the database's clock, so
 * the tests move time. Two instances running it at once delete each row once (the second finds
 * it gone and skips it).
 *
 * Kept on purpose: a refresh token spent but not expired (presenting it again is how a stolen
 * token is detected, modules/auth/service.ts), e-mails not sent yet or given up (the owners look
 * at those), and sandbox_checkouts (the sandbox provider's own record, like PagBank's).
 */
import { and, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  cartMergeKeys,
  cartReminders,
  cepLookups,
  emailVerificationTokens,
  idempotencyKeys,
  outboxEmails,
  passwordResetTokens,
  rateLimitBuckets,
  refreshTokens,
  refusedPaymentNotifications,
  stockAlerts,
  reviewPhotos,
} from '../../db/schema.js';
import { VERIFICATION_TOKEN_TTL_MS } from '../accounts/index.js';
import { RESET_TOKEN_TTL_MS } from '../auth/index.js';
import { FOUND_TTL_MS, NOT_FOUND_TTL_MS } from '../postal-codes/index.js';
import {
  SERVED_STOCK_ALERT_KEPT_MS,
  STOCK_ALERT_CONFIRM_MS,
  STOCK_ALERT_KEPT_MS,
} from '../stock-alerts/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spent or expired one-time and refresh tokens are kept this long (a support question, a log). */
export const TOKEN_KEPT_MS = DAY_MS;
/** A guest-cart merge retried later than this is a new merge. */
export const MERGE_KEY_KEPT_MS = 30 * DAY_MS;
/** A checkout retried with the same Idempotency-Key later than this is a new call. */
export const IDEMPOTENCY_KEY_KEPT_MS = 2 * DAY_MS;
/** Sent e-mails (their bodies already cleared) stay this long for the owners' questions. */
export const SENT_EMAIL_KEPT_MS = 90 * DAY_MS;
/** Refused payment notifications: the health page counts one day; a month answers a question. */
export const REFUSED_NOTIFICATION_KEPT_MS = 30 * DAY_MS;
/**
 * A forgotten-cart e-mail's record: the Painel counts 30 days and a week after; older
 * carts are never mailed (modules/marketing), so the record can go.
 */
export const CART_REMINDER_KEPT_MS = 60 * DAY_MS;
/** A review's photo uploaded and never sent with a review (or taken off it) (issue 36). */
export const ORPHAN_REVIEW_PHOTO_KEPT_MS = DAY_MS;
/**
 * A found address past its cache life is still served when ViaCEP fails (postal-codes/service.ts:
 * stale beats 'Erro ao validar CEP'); it is deleted only after this much longer. A stale "not
 * found" is never served, so it goes as soon as it expires.
 */
export const STALE_ADDRESS_KEPT_MS = FOUND_TTL_MS;

export const HOUSEKEEPING_BATCH_SIZE = 5000;

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

export interface HousekeepingOptions {
  db: Db;
  log: Log;
  /** Injected by tests. */
  now?: () => Date;
  batchSize?: number;
}

/** One deletion: the table, and which of its rows may go at `now`. */
interface Rule {
  name: string;
  table: PgTable;
  condition(now: Date): SQL | undefined;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * A single-use token is spent before it expires, so one spent before `cutoff` expires before
 * `cutoff + ttl`: that bound lets the expiry index find the spent ones too (there is no index on
 * `used_at`).
 */
function spentOrExpiredBefore(
  table: typeof emailVerificationTokens | typeof passwordResetTokens,
  cutoff: Date,
  ttlMs: number,
): SQL | undefined {
  return and(
    lt(table.expiresAt, new Date(cutoff.getTime() + ttlMs)),
    or(lt(table.expiresAt, cutoff), lt(table.usedAt, cutoff)),
  );
}

const RULES: Rule[] = [
  {
    name: 'email_verification_tokens',
    table: emailVerificationTokens,
    condition: (now) =>
      spentOrExpiredBefore(
        emailVerificationTokens,
        before(now, TOKEN_KEPT_MS),
        VERIFICATION_TOKEN_TTL_MS,
      ),
  },
  {
    name: 'password_reset_tokens',
    table: passwordResetTokens,
    condition: (now) =>
      spentOrExpiredBefore(passwordResetTokens, before(now, TOKEN_KEPT_MS), RESET_TOKEN_TTL_MS),
  },
  {
    // By expiry only: a spent token must stay while it could still be replayed.
    name: 'refresh_tokens',
    table: refreshTokens,
    condition: (now) => lt(refreshTokens.expiresAt, before(now, TOKEN_KEPT_MS)),
  },
  {
    name: 'rate_limit_buckets',
    table: rateLimitBuckets,
    condition: (now) => lt(rateLimitBuckets.expiresAt, now),
  },
  {
    name: 'cart_merge_keys',
    table: cartMergeKeys,
    condition: (now) => lt(cartMergeKeys.createdAt, before(now, MERGE_KEY_KEPT_MS)),
  },
  {
    // Two rules on one table: each bound is its own index range.
    name: 'cep_lookups',
    table: cepLookups,
    condition: (now) =>
      and(lt(cepLookups.fetchedAt, before(now, NOT_FOUND_TTL_MS)), eq(cepLookups.found, false)),
  },
  {
    name: 'cep_lookups',
    table: cepLookups,
    condition: (now) =>
      and(
        lt(cepLookups.fetchedAt, before(now, FOUND_TTL_MS + STALE_ADDRESS_KEPT_MS)),
        eq(cepLookups.found, true),
      ),
  },
  {
    name: 'idempotency_keys',
    table: idempotencyKeys,
    condition: (now) => lt(idempotencyKeys.createdAt, before(now, IDEMPOTENCY_KEY_KEPT_MS)),
  },
  {
    // Never an e-mail still to send or given up: only those delivered long ago.
    name: 'outbox_emails',
    table: outboxEmails,
    condition: (now) =>
      and(isNotNull(outboxEmails.sentAt), lt(outboxEmails.sentAt, before(now, SENT_EMAIL_KEPT_MS))),
  },
  {
    name: 'refused_payment_notifications',
    table: refusedPaymentNotifications,
    condition: (now) =>
      lt(refusedPaymentNotifications.receivedAt, before(now, REFUSED_NOTIFICATION_KEPT_MS)),
  },
  {
    // 'Avise-me': a request not served in 90 days ends, its address deleted with it;
    // a served one (its address already gone) after 60 days.
    name: 'stock_alerts',
    table: stockAlerts,
    condition: (now) =>
      and(
        isNull(stockAlerts.servedAt),
        lt(stockAlerts.createdAt, before(now, STOCK_ALERT_KEPT_MS)),
      ),
  },
  {
    name: 'stock_alerts',
    table: stockAlerts,
    condition: (now) => lt(stockAlerts.servedAt, before(now, SERVED_STOCK_ALERT_KEPT_MS)),
  },
  {
    // 'Avise-me' never confirmed (double opt-in): its address erased after two days.
    name: 'stock_alerts',
    table: stockAlerts,
    condition: (now) =>
      and(
        isNull(stockAlerts.confirmedAt),
        isNull(stockAlerts.servedAt),
        lt(stockAlerts.createdAt, before(now, STOCK_ALERT_CONFIRM_MS)),
      ),
  },
  {
    name: 'cart_reminders',
    table: cartReminders,
    condition: (now) => lt(cartReminders.sentAt, before(now, CART_REMINDER_KEPT_MS)),
  },
  {
    name: 'review_photos',
    table: reviewPhotos,
    condition: (now) =>
      and(
        isNull(reviewPhotos.reviewId),
        lt(reviewPhotos.createdAt, before(now, ORPHAN_REVIEW_PHOTO_KEPT_MS)),
      ),
  },
];

export interface Housekeeping {
  /** Deletes what is due; answers the rows deleted per table (every table named, 0 included). */
  runOnce(): Promise<Record<string, number>>;
}

export function createHousekeeping({
  db,
  log,
  now = () => new Date(),
  batchSize = HOUSEKEEPING_BATCH_SIZE,
}: HousekeepingOptions): Housekeeping {
  /** One batch: at most `batchSize` rows, found by the rule's condition. */
  async function deleteBatch(table: PgTable, condition: SQL | undefined): Promise<number> {
    const which = condition ?? sql`false`;
    const gone = await db
      .delete(table)
      .where(sql`ctid = any(array(select ctid from ${table} where ${which} limit ${batchSize}))`)
      .returning({ one: sql<number>`1` });
    return gone.length;
  }

  return {
    async runOnce() {
      const at = now();
      const deleted: Record<string, number> = {};
      const failed: unknown[] = [];
      for (const rule of RULES) {
        deleted[rule.name] ??= 0;
        try {
          for (;;) {
            const n = await deleteBatch(rule.table, rule.condition(at));
            deleted[rule.name]! += n;
            if (n < batchSize) break;
          }
        } catch (err) {
          // One table failing (a lock timeout, a dropped connection) does not keep the others.
          log.error({ err, table: rule.name }, 'limpeza de tabela falhou');
          failed.push(err);
        }
      }
      const total = Object.values(deleted).reduce((a, b) => a + b, 0);
      if (total > 0) log.info({ deleted }, 'limpeza concluída');
      if (failed.length > 0) throw failed[0];
      return deleted;
    },
  };
}
