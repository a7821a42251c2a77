/**
 * The forgotten-cart e-mail with a clock the test moves: only to a customer who
 * agreed, once per cart, not after an order, again after the cart changes, never after she
 * withdrew or for an anonymised account. The e-mail's pieces (with sizes), prices, cart link,
 * unsubscribe link and List-Unsubscribe headers.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatBRL } from '@semijoias/domain/money';
import { variationLabel } from '@semijoias/domain/variations';
import { cartReminders, products, users } from '../../db/schema.js';
import { loggedInCustomer, oneClickUnsubscribe } from '../../../test/accounts.js';
import { addToCart, plainProducts } from '../../../test/checkout.js';
import { sizedPiece } from '../../../test/factories.js';
import { TEST_JWT_SECRET, useTestApp } from '../../../test/helpers.js';
import { insertOrder } from '../../../test/orders.js';
import { memoryMailer, type MailMessage } from '../../integrations/mail/mailer.js';
import { unsubscribeToken } from './consent.js';

const MINUTES = 30;
const mailer = memoryMailer();
const ctx = useTestApp({ cartReminderMinutes: MINUTES }, { mailer });
const plain = plainProducts(1);

/** A fresh piece sold without sizes, with stock (some seeded ones are sold out). */
async function nextPiece(): Promise<number> {
  const id = plain();
  await ctx.database.db.update(products).set({ stock: 20 }).where(eq(products.id, id));
  return id;
}

/** The sweep's clock, `minutes` from now. */
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000);

/** A customer logged in who agreed to the store's marketing e-mail or not. */
async function customer(consent: boolean) {
  const her = await loggedInCustomer(ctx.app, ctx.database, { aceita_marketing: consent });
  // Her verification e-mail goes out now: what the sweeps deliver afterwards is theirs.
  await ctx.app.outbox.drain();
  return her;
}

async function productInfo(id: number) {
  const [row] = await ctx.database.db
    .select({ name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

/** One sweep of the task with the clock at `at`; the messages to `email` it delivered. */
async function sweep(app: FastifyInstance, at: Date, email: string): Promise<MailMessage[]> {
  const before = mailer.sent.length;
  await app.cartReminders.runOnce(at);
  await app.outbox.drain();
  return mailer.sent.slice(before).filter((m) => m.to === email);
}

async function remindersOf(userId: number) {
  return ctx.database.db.select().from(cartReminders).where(eq(cartReminders.userId, userId));
}

async function touchCart(token: string, productId: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/cart/add/',
    headers: { authorization: `Bearer ${token}` },
    payload: { product_id: productId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeEach(async () => {
  await ctx.app.outbox.drain();
});

describe('the forgotten-cart e-mail', () => {
  it('waits CART_REMINDER_MINUTES, then one e-mail: pieces with sizes, current prices, the cart and unsubscribe links, the headers', async () => {
    const her = await customer(true);
    const plainId = await nextPiece();
    await addToCart(ctx.app, her.token, plainId, 2);
    const piece = await sizedPiece(ctx.database);
    const size = piece.sizes.find((s) => s.stock > 1)!;
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add/',
      headers: { authorization: `Bearer ${her.token}` },
      payload: { product_id: piece.id, variacao_id: size.id },
    });
    expect(add.statusCode, add.body).toBe(200);
    // A price changed after she left: the e-mail says today's.
    await ctx.database.db
      .update(products)
      .set({ priceCents: 12345, originalPriceCents: null })
      .where(eq(products.id, plainId));
    const plain = await productInfo(plainId);

    expect(await sweep(ctx.app, inMinutes(MINUTES - 1), her.email)).toHaveLength(0);
    expect(await remindersOf(her.userId)).toHaveLength(0);

    const mails = await sweep(ctx.app, inMinutes(MINUTES + 1), her.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const token = unsubscribeToken(TEST_JWT_SECRET, her.userId);
    expect(mail.subject).toMatch(/esperando/);
    expect(mail.text).toContain(`2 × ${plain.name}`);
    expect(mail.text).toContain(formatBRL(12345));
    expect(mail.text).toContain(`${piece.name} (${variationLabel(piece.axis, size.name)})`);
    expect(mail.text).toContain(formatBRL(piece.priceCents));
    expect(mail.text).toContain(`Subtotal: ${formatBRL(2 * 12345 + piece.priceCents)}`);
    expect(mail.html).toContain(variationLabel(piece.axis, size.name));
    expect(mail.links).toEqual([
      'http://loja.test/?openCart=true',
      `http://loja.test/descadastrar?t=${token}`,
    ]);
    expect(mail.text).toContain('http://loja.test/?openCart=true');
    expect(mail.text).toContain(`http://loja.test/descadastrar?t=${token}`);
    expect(mail.html).toContain(`http://loja.test/descadastrar?t=${token}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://loja.test/api/descadastrar/?t=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await remindersOf(her.userId)).toHaveLength(1);

    // Once per cart: the next sweeps, however late, send nothing.
    expect(await sweep(ctx.app, inMinutes(MINUTES + 2), her.email)).toHaveLength(0);
    expect(await sweep(ctx.app, inMinutes(MINUTES * 3), her.email)).toHaveLength(0);
    expect(await remindersOf(her.userId)).toHaveLength(1);
  });

  it('never to a customer who did not agree', async () => {
    const her = await customer(false);
    await addToCart(ctx.app, her.token, await nextPiece(), 1);
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), her.email)).toHaveLength(0);
    expect(await remindersOf(her.userId)).toHaveLength(0);
  });

  it('not for an empty cart', async () => {
    const her = await customer(true);
    const id = await nextPiece();
    await addToCart(ctx.app, her.token, id, 1);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cart/item/${id}/`,
      headers: { authorization: `Bearer ${her.token}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), her.email)).toHaveLength(0);
  });

  it('again after the cart changes; not after an order placed since the change', async () => {
    const her = await customer(true);
    await addToCart(ctx.app, her.token, await nextPiece(), 1);
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), her.email)).toHaveLength(1);

    // She changes her cart: a new cart, mailed once more after the wait.
    await touchCart(her.token, await nextPiece());
    expect(await sweep(ctx.app, inMinutes(MINUTES - 1), her.email)).toHaveLength(0);
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), her.email)).toHaveLength(1);
    expect(await remindersOf(her.userId)).toHaveLength(2);

    // She changes it and then places an order: the cart left behind is not mailed.
    await touchCart(her.token, await nextPiece());
    await insertOrder(ctx.database, { userId: her.userId });
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), her.email)).toHaveLength(0);

    // A change after that order is a new cart again.
    await touchCart(her.token, await nextPiece());
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), her.email)).toHaveLength(1);
    expect(await remindersOf(her.userId)).toHaveLength(3);
  });

  it('never after she withdrew (the one-click link of the e-mail), even when the cart changes', async () => {
    const her = await customer(true);
    await addToCart(ctx.app, her.token, await nextPiece(), 1);
    const [mail] = await sweep(ctx.app, inMinutes(MINUTES + 1), her.email);
    const url = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const res = await oneClickUnsubscribe(ctx.app, url);
    expect(res.statusCode, res.body).toBe(200);
    await touchCart(her.token, await nextPiece());
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), her.email)).toHaveLength(0);
    expect(await sweep(ctx.app, inMinutes(MINUTES * 10), her.email)).toHaveLength(0);
  });

  it('not for an anonymised account, nor for an unverified e-mail', async () => {
    const her = await customer(true);
    await addToCart(ctx.app, her.token, await nextPiece(), 1);
    await ctx.database.db
      .update(users)
      .set({ anonymizedAt: sql`now()` })
      .where(eq(users.id, her.userId));
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), her.email)).toHaveLength(0);

    const other = await customer(true);
    await addToCart(ctx.app, other.token, await nextPiece(), 1);
    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, other.userId));
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), other.email)).toHaveLength(0);
  });

  it('a cart forgotten more than a week past the wait is left alone', async () => {
    const her = await customer(true);
    await addToCart(ctx.app, her.token, await nextPiece(), 1);
    const late = MINUTES + 7 * 24 * 60 + 5;
    expect(await sweep(ctx.app, inMinutes(late), her.email)).toHaveLength(0);
    expect(await sweep(ctx.app, inMinutes(MINUTES + 1), her.email)).toHaveLength(1);
  });

  it('runs at each sweep of the order sweeper', async () => {
    const her = await customer(true);
    await addToCart(ctx.app, her.token, await nextPiece(), 1);
    // The app's sweeper uses the real clock: the cart is not due yet, so the sweep sends nothing;
    // moving the cart's instant back makes it due.
    const none = mailer.sent.length;
    await ctx.app.sweeper.runOnce();
    await ctx.app.outbox.drain();
    expect(mailer.sent.slice(none).filter((m) => m.to === her.email)).toHaveLength(0);
    const before = mailer.sent.length;
    await ctx.database.db
      .update(users)
      .set({ cartChangedAt: sql`now() - make_interval(mins => ${MINUTES + 1})` })
      .where(eq(users.id, her.userId));
    await ctx.app.sweeper.runOnce();
    await ctx.app.outbox.drain();
    expect(mailer.sent.slice(before).filter((m) => m.to === her.email)).toHaveLength(1);
  });
});
