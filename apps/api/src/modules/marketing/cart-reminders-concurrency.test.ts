/**
 * Two sweepers racing over the same forgotten carts: on PostgreSQL two connection
 * pools, as two API processes would have. Each cart is claimed once (the unique
 * (user_id, cart_changed_at) pair of cart_reminders) and mailed once, whichever sweeper wins.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.js';
import { cartItems, cartReminders, outboxEmails, products, users } from '../../db/schema.js';
import { makeCpf } from '../../../test/accounts.js';
import { testConfig } from '../../../test/helpers.js';
import { useRacingDatabase } from '../../../test/racing.js';
import { createCartReminderTask } from './cart-reminders.js';

const config = testConfig({ cartReminderMinutes: 10 });
/** The file's database and a second connection to it, as a second instance would have. */
const racing = useRacingDatabase();

function task(database: Database) {
  return createCartReminderTask({
    db: database.db,
    config,
    log: { info: vi.fn(), error: vi.fn() },
    wakeOutbox: () => {},
    // Small batches: the two sweepers walk the carts in many steps and cross often.
    batchSize: 3,
  });
}

/** Consenting, verified customers, each with a piece in her cart (the trigger stamps it). */
async function forgottenCarts(count: number): Promise<number[]> {
  const db = racing.database.db;
  const [piece] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.variationAxis} is null and ${products.hiddenAt} is null`)
    .limit(1);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const n = 700_000_000 + randomBytes(3).readUIntBE(0, 3) * 100 + i;
    const [user] = await db
      .insert(users)
      .values({
        firstName: 'Ana',
        lastName: 'Souza',
        email: `carrinho.${n}@exemplo.com.br`,
        cpf: makeCpf(n),
        phone: '11987654321',
        birthdate: '1990-05-17',
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
        marketingOptIn: true,
        marketingOptInChangedAt: new Date(),
      })
      .returning({ id: users.id });
    await db.insert(cartItems).values({ userId: user!.id, productId: piece!.id, quantidade: 1 });
    ids.push(user!.id);
  }
  return ids;
}

describe('two sweepers racing', () => {
  it('each forgotten cart is claimed once and mailed once', async () => {
    const ids = await forgottenCarts(12);
    const at = new Date(Date.now() + 11 * 60 * 1000);
    const [a, b] = await Promise.all([
      task(racing.database).runOnce(at),
      task(racing.other).runOnce(at),
    ]);
    expect(a + b).toBe(ids.length);

    const db = racing.database.db;
    const claims = await db
      .select({ userId: cartReminders.userId, n: sql<number>`count(*)::int` })
      .from(cartReminders)
      .where(inArray(cartReminders.userId, ids))
      .groupBy(cartReminders.userId);
    expect(claims).toHaveLength(ids.length);
    expect(claims.every((c) => c.n === 1)).toBe(true);

    const emails = await db
      .select({ recipient: outboxEmails.recipient, n: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'cart_reminder'))
      .groupBy(outboxEmails.recipient);
    expect(emails).toHaveLength(ids.length);
    expect(emails.every((e) => e.n === 1)).toBe(true);

    // And again, later, by both: nothing more.
    const later = new Date(at.getTime() + 60 * 60 * 1000);
    const [c, d] = await Promise.all([
      task(racing.database).runOnce(later),
      task(racing.other).runOnce(later),
    ]);
    expect(c + d).toBe(0);
    const [rows] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(cartReminders)
      .where(inArray(cartReminders.userId, ids));
    expect(rows!.n).toBe(ids.length);
  });
});
