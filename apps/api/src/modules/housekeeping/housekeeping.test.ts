/**
 * Housekeeping: for every table, rows on both sides of its limit, and only the old ones go; a
 * spent refresh token that has not expired stays, and replaying it still revokes its family.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
  sandboxCheckouts,
} from '../../db/schema.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import { login, post, userIdOf, verifiedUser, verifiedUserId } from '../../../test/accounts.js';
import { useTestApp } from '../../../test/helpers.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { createHousekeeping } from './service.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const silent = { info: () => {}, error: () => {} };
const housekeeping = (now: Date, batchSize?: number) =>
  createHousekeeping({
    db: ctx.database.db,
    log: silent,
    now: () => now,
    ...(batchSize ? { batchSize } : {}),
  });

const newUserId = () => verifiedUserId(ctx.app, ctx.database);

/** `ms` before `now`. */
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

async function remainingIds(
  table: typeof emailVerificationTokens | typeof passwordResetTokens | typeof refreshTokens,
  ids: number[],
): Promise<number[]> {
  const rows = await ctx.database.db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, ids));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe('housekeeping', () => {
  it('deletes only the rows past each limit, and a second run finds nothing', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const userId = await newUserId();

    // One-time tokens: spent or expired more than a day ago go.
    async function oneTimeTokens(
      table: typeof emailVerificationTokens | typeof passwordResetTokens,
      ttl: number,
    ) {
      const token = (createdAt: Date, usedAt: Date | null) => ({
        tokenHash: hashToken(randomToken()),
        userId,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + ttl),
        usedAt,
      });
      const rows = await db
        .insert(table)
        .values([
          token(ago(now, DAY + ttl + MINUTE), null), // expired a day and a minute ago
          token(ago(now, DAY + 30 * MINUTE), ago(now, DAY + MINUTE)), // spent a day ago, unexpired
          token(ago(now, DAY + ttl - MINUTE), null), // expired a minute less than a day ago
          token(ago(now, DAY + 10 * MINUTE), ago(now, DAY - MINUTE)), // spent a minute less than a day ago
          token(ago(now, 10 * MINUTE), null), // live
        ])
        .returning({ id: table.id });
      const ids = rows.map((r) => r.id);
      return { gone: ids.slice(0, 2), kept: ids.slice(2) };
    }
    const verification = await oneTimeTokens(emailVerificationTokens, 48 * HOUR);
    const reset = await oneTimeTokens(passwordResetTokens, HOUR);

    // Refresh tokens: by expiry only; spent or revoked but unexpired ones stay.
    const familyId = randomUUID();
    const refresh = (expiresAt: Date, extra: { usedAt?: Date; revokedAt?: Date } = {}) => ({
      tokenHash: hashToken(randomToken()),
      familyId,
      userId,
      expiresAt,
      ...extra,
    });
    const refreshRows = await db
      .insert(refreshTokens)
      .values([
        refresh(ago(now, DAY + MINUTE)),
        refresh(ago(now, DAY - MINUTE)),
        refresh(new Date(now.getTime() + DAY), { usedAt: ago(now, 13 * DAY) }),
        refresh(new Date(now.getTime() + DAY), { revokedAt: ago(now, 2 * DAY) }),
      ])
      .returning({ id: refreshTokens.id });
    const refreshIds = refreshRows.map((r) => r.id);

    const bucket = (key: string, expiresAt: Date) => ({
      key,
      windowStart: ago(expiresAt, HOUR),
      expiresAt,
      count: 3,
    });
    await db
      .insert(rateLimitBuckets)
      .values([
        bucket('hk:old', ago(now, 1000)),
        bucket('hk:current', new Date(now.getTime() + MINUTE)),
      ]);

    await db.insert(cartMergeKeys).values([
      { userId, key: 'hk-old', createdAt: ago(now, 30 * DAY + MINUTE) },
      { userId, key: 'hk-recent', createdAt: ago(now, 30 * DAY - MINUTE) },
    ]);

    const cep = (code: string, found: boolean, age: number) => ({
      cep: code,
      found,
      fetchedAt: ago(now, age),
    });
    await db.insert(cepLookups).values([
      cep('99000001', false, DAY + MINUTE), // a "not found" past its day
      cep('99000002', false, DAY - MINUTE),
      cep('99000003', true, 60 * DAY + MINUTE), // an address past its month and the stale one
      cep('99000004', true, 45 * DAY), // expired, still served if ViaCEP fails
      cep('99000005', true, DAY + MINUTE),
    ]);

    const idem = (key: string, createdAt: Date, statusCode: number | null) => ({
      scope: 'pay',
      owner: 'guest',
      key,
      requestHash: 'x',
      statusCode,
      createdAt,
    });
    await db
      .insert(idempotencyKeys)
      .values([
        idem('hk-old', ago(now, 2 * DAY + MINUTE), 201),
        idem('hk-old-pending', ago(now, 2 * DAY + MINUTE), null),
        idem('hk-recent', ago(now, 2 * DAY - MINUTE), 201),
      ]);

    const email = (subject: string, extra: Partial<typeof outboxEmails.$inferInsert>) => ({
      kind: 'test',
      recipient: 'hk@exemplo.com.br',
      subject,
      createdAt: ago(now, 200 * DAY),
      ...extra,
    });
    await db
      .insert(outboxEmails)
      .values([
        email('sent long ago', { sentAt: ago(now, 90 * DAY + MINUTE) }),
        email('sent recently', { sentAt: ago(now, 90 * DAY - MINUTE) }),
        email('never sent', { attempts: 3, nextAttemptAt: ago(now, 150 * DAY) }),
        email('given up', { attempts: 8, failedAt: ago(now, 150 * DAY) }),
      ]);

    // Refused payment notifications: kept 30 days (the health page counts the last one).
    await db.insert(refusedPaymentNotifications).values([
      { provider: 'hk-old', reason: 'assinatura', receivedAt: ago(now, 30 * DAY + MINUTE) },
      { provider: 'hk-recent', reason: 'assinatura', receivedAt: ago(now, 30 * DAY - MINUTE) },
    ]);

    // Forgotten-cart e-mails' records: kept 60 days.
    await db.insert(cartReminders).values([
      { userId, cartChangedAt: ago(now, 61 * DAY), sentAt: ago(now, 60 * DAY + MINUTE) },
      { userId, cartChangedAt: ago(now, 60 * DAY), sentAt: ago(now, 60 * DAY - MINUTE) },
    ]);

    const sandboxId = randomUUID();
    await db.insert(sandboxCheckouts).values({
      id: sandboxId,
      orderReference: '1',
      amountCents: 100,
      payload: {},
      redirectUrl: 'http://loja.test/pedido/1',
      notificationUrl: 'http://loja.test/api/webhooks/sandbox/',
      expiresAt: ago(now, 300 * DAY),
      createdAt: ago(now, 301 * DAY),
    });

    expect(await housekeeping(now).runOnce()).toEqual({
      email_verification_tokens: 2,
      password_reset_tokens: 2,
      refresh_tokens: 1,
      rate_limit_buckets: 1,
      cart_merge_keys: 1,
      cep_lookups: 2,
      idempotency_keys: 2,
      outbox_emails: 1,
      refused_payment_notifications: 1,
      stock_alerts: 0,
      cart_reminders: 1,
      // Photos of reviews never sent: reviews.test.ts.
      review_photos: 0,
    });
    const reminders = await db
      .select({ sentAt: cartReminders.sentAt })
      .from(cartReminders)
      .where(eq(cartReminders.userId, userId));
    expect(reminders.map((r) => r.sentAt.getTime())).toEqual([
      ago(now, 60 * DAY - MINUTE).getTime(),
    ]);

    expect(
      await remainingIds(emailVerificationTokens, [...verification.gone, ...verification.kept]),
    ).toEqual(verification.kept);
    expect(await remainingIds(passwordResetTokens, [...reset.gone, ...reset.kept])).toEqual(
      reset.kept,
    );
    expect(await remainingIds(refreshTokens, refreshIds)).toEqual(refreshIds.slice(1));
    const buckets = await db
      .select({ key: rateLimitBuckets.key })
      .from(rateLimitBuckets)
      .where(sql`${rateLimitBuckets.key} like 'hk:%'`);
    expect(buckets.map((b) => b.key)).toEqual(['hk:current']);
    const mergeKeys = await db
      .select({ key: cartMergeKeys.key })
      .from(cartMergeKeys)
      .where(eq(cartMergeKeys.userId, userId));
    expect(mergeKeys.map((k) => k.key)).toEqual(['hk-recent']);
    const ceps = await db
      .select({ cep: cepLookups.cep })
      .from(cepLookups)
      .where(sql`${cepLookups.cep} like '99%'`)
      .orderBy(cepLookups.cep);
    expect(ceps.map((c) => c.cep)).toEqual(['99000002', '99000004', '99000005']);
    const keys = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} like 'hk-%'`);
    expect(keys.map((k) => k.key)).toEqual(['hk-recent']);
    const emails = await db
      .select({ subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(eq(outboxEmails.recipient, 'hk@exemplo.com.br'))
      .orderBy(outboxEmails.id);
    expect(emails.map((e) => e.subject)).toEqual(['sent recently', 'never sent', 'given up']);
    const refused = await db
      .select({ provider: refusedPaymentNotifications.provider })
      .from(refusedPaymentNotifications)
      .where(sql`${refusedPaymentNotifications.provider} like 'hk-%'`);
    expect(refused.map((r) => r.provider)).toEqual(['hk-recent']);
    const sandbox = await db
      .select({ id: sandboxCheckouts.id })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, sandboxId));
    expect(sandbox).toHaveLength(1);

    const again = await housekeeping(now).runOnce();
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('deletes in batches until none is left, and two instances at once delete each row once', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const old = Array.from({ length: 50 }, (_, i) => ({
      key: `batch:${i}`,
      windowStart: ago(now, 2 * HOUR),
      expiresAt: ago(now, HOUR),
    }));
    await db.insert(rateLimitBuckets).values(old);
    await db.insert(rateLimitBuckets).values({
      key: 'batch:live',
      windowStart: now,
      expiresAt: new Date(now.getTime() + HOUR),
    });
    const [a, b] = await Promise.all([
      housekeeping(now, 7).runOnce(),
      housekeeping(now, 7).runOnce(),
    ]);
    expect(a!.rate_limit_buckets! + b!.rate_limit_buckets!).toBe(50);
    const left = await db
      .select({ key: rateLimitBuckets.key })
      .from(rateLimitBuckets)
      .where(sql`${rateLimitBuckets.key} like 'batch:%'`);
    expect(left.map((r) => r.key)).toEqual(['batch:live']);
  });

  it('a spent refresh token stays until it expires: replaying it still revokes its family', async () => {
    const refresh = (token: string) => post(ctx.app, '/api/token/refresh/', { refresh: token });
    const user = await verifiedUser(ctx.app, ctx.database);
    const first = await login(ctx.app, user.email);
    const second = await refresh(first.refresh);
    expect(second.statusCode, second.body).toBe(200);

    // Almost two weeks later (the tokens last 14 days): the spent one is still there.
    await housekeeping(new Date(Date.now() + 13 * DAY)).runOnce();
    const [spent] = await ctx.database.db
      .select({ usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(first.refresh)));
    expect(spent?.usedAt).toBeInstanceOf(Date);

    const replay = await refresh(first.refresh);
    expect(replay.statusCode).toBe(401);
    // Theft detected: the thief's and her newer token both stop working.
    expect((await refresh(second.json<{ refresh: string }>().refresh)).statusCode).toBe(401);

    // A day after they expired, her family's tokens are gone.
    const later = await housekeeping(new Date(Date.now() + 15 * DAY + HOUR)).runOnce();
    expect(later.refresh_tokens).toBeGreaterThanOrEqual(2);
    const left = await ctx.database.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, await userIdOf(ctx.database, user.email)));
    expect(left).toEqual([]);
  });
});
