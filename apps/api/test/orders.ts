/**
 * Order fixtures for the payment and order tests: an order written straight into the database
 * the way api/pay and api/pagamento leave it (lines with their price snapshots, totals, the
 * return link's secret hashed, the buyer and address), so these tests do not depend on them;
 * products of a test's own, an order's outbox rows, the sandbox provider and its notifications,
 * and an order sweeper of a test's own with a clock the test moves.
 */
import { randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import {
  orderItems,
  orders,
  outboxEmails,
  paymentNotifications,
  products,
  type OrderRow,
} from '../src/db/schema.js';
import type { PaymentProvider } from '../src/integrations/payments/provider.js';
import {
  createSandboxProvider,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxBody,
} from '../src/integrations/payments/sandbox.js';
import { hashToken, randomToken } from '../src/lib/secrets.js';
import { orderMailDeps } from '../src/modules/sales/orders/emails.js';
import { createOrderSweeper, type OrderSweeperOptions } from '../src/modules/sales/sweeper.js';
import { TEST_SANDBOX_WEBHOOK_SECRET, testConfig } from './helpers.js';

export interface TestOrder {
  order: OrderRow;
  /** The return link's secret (api/pay's `chave`). */
  chave: string;
  /** Product id -> quantity. */
  lines: { productId: number; quantidade: number; unitPriceCents: number }[];
}

export interface TestOrderOptions {
  userId?: number | null;
  status?: OrderRow['status'];
  /** How many of the catalog's first products, one unit each but the first (2 units). */
  products?: number;
  /** These products instead (same quantities): tests that count stock keep their own. */
  productIds?: number[];
  /** These lines instead: each product in its quantity. */
  lines?: { productId: number; quantidade: number }[];
  discountCents?: number;
  shippingCents?: number;
  couponCode?: string | null;
  /** Minutes until the order's deadline. */
  ttlMinutes?: number;
  /** Leave the buyer and address empty (an order api/pagamento has not seen yet). */
  withoutBuyer?: boolean;
  createdAt?: Date;
  /** Other columns, written with the order: when it was paid, reminded, the buyer's e-mail. */
  columns?: Partial<typeof orders.$inferInsert>;
}

export async function insertOrder(
  database: Database,
  options: TestOrderOptions = {},
): Promise<TestOrder> {
  const db = database.db;
  const productIds = options.lines?.map((l) => l.productId) ?? options.productIds;
  const catalog = productIds
    ? await db
        .select()
        .from(products)
        .where(inArray(products.id, productIds))
        .orderBy(asc(products.id))
    : await db
        .select()
        .from(products)
        .orderBy(asc(products.id))
        .limit(options.products ?? 2);
  const lines = catalog.map((p, i) => ({
    productId: p.id,
    name: p.name,
    image: p.image,
    unitPriceCents: p.priceCents,
    quantidade: options.lines?.find((l) => l.productId === p.id)!.quantidade ?? (i === 0 ? 2 : 1),
  }));
  const subtotal = lines.reduce((acc, l) => acc + l.unitPriceCents * l.quantidade, 0);
  const discount = Math.min(options.discountCents ?? 0, subtotal);
  const shipping = options.shippingCents ?? 1290;
  const chave = randomToken();
  const buyer = options.withoutBuyer
    ? {}
    : {
        nomeCompleto: 'Ana Souza <teste>',
        email: 'ana.comprador@exemplo.com.br',
        cpf: '52998224725',
        telefone: '11987654321',
        cep: '01310100',
        endereco: 'Avenida Paulista',
        numero: '1000',
        complemento: 'ap 12',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        estado: 'SP',
      };
  const order = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        userId: options.userId ?? null,
        status: options.status ?? 'awaiting_payment',
        accessKeyHash: hashToken(chave),
        cepDestino: '01310100',
        subtotalCents: subtotal,
        discountCents: discount,
        shippingCents: shipping,
        totalCents: subtotal - discount + shipping,
        shippingDays: '3-5',
        shippingRegion: 'Sudeste',
        couponCode: options.couponCode ?? null,
        expiresAt: new Date(Date.now() + (options.ttlMinutes ?? 24 * 60) * 60_000),
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
        ...buyer,
        ...options.columns,
      })
      .returning();
    await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: row!.id })));
    return row!;
  });
  return { order, chave, lines };
}

export async function orderByReference(database: Database, reference: string): Promise<OrderRow> {
  const [row] = await database.db.select().from(orders).where(eq(orders.reference, reference));
  if (!row) throw new Error(`no order ${reference}`);
  return row;
}

/**
 * Products taken from the end of the catalog, a fresh set on each call, each with `stock` units:
 * a test that counts stock never sees another test's orders being placed or cancelled. The
 * database is asked for at the first call (a test file opens it in beforeAll).
 */
export function catalogTail(databaseOf: () => Database) {
  // Products sold without sizes, last first (a sized piece's stock is its sizes' sum, and its
  // orders name a size: the variations' tests have pieces of their own).
  let free: number[] | undefined;
  return async function take(n: number, stock = 10): Promise<number[]> {
    const database = databaseOf();
    free ??= (
      await database.db
        .select({ id: products.id })
        .from(products)
        .where(isNull(products.variationAxis))
        .orderBy(desc(products.id))
    ).map((r) => r.id);
    const ids = free.splice(0, n);
    if (ids.length < n) throw new Error('catalogTail: the catalog ran out of products');
    await database.db
      .update(products)
      .set({ stock, originalPriceCents: null })
      .where(inArray(products.id, ids));
    return ids.sort((a, b) => a - b);
  };
}

/** The where-clause of these orders' rows. */
export function ofOrders(placed: TestOrder[]) {
  return inArray(
    orders.id,
    placed.map((p) => p.order.id),
  );
}

/**
 * Marks orders as if each had opened a sandbox checkout (`checkout-<id>`): a sweeper asks the
 * provider about them before cancelling. `also` sets other columns with it.
 */
export async function withSandboxCheckout(
  database: Database,
  placed: TestOrder[],
  also: PgUpdateSetSource<typeof orders> = {},
) {
  await database.db
    .update(orders)
    .set({
      ...also,
      paymentProvider: 'sandbox',
      providerCheckoutId: sql`'checkout-' || ${orders.id}`,
    })
    .where(ofOrders(placed));
}

/** The outbox rows of an order's e-mails (their dedupe keys name it), oldest first. */
export function orderOutbox(database: Database, orderId: number) {
  return database.db
    .select({
      kind: outboxEmails.kind,
      recipient: outboxEmails.recipient,
      dedupeKey: outboxEmails.dedupeKey,
    })
    .from(outboxEmails)
    .where(like(outboxEmails.dedupeKey, `order:${orderId}:%`))
    .orderBy(outboxEmails.id);
}

/** The payment notifications the webhook stored for an order. */
export function paymentNotificationsOf(database: Database, orderId: number) {
  return database.db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.orderId, orderId));
}

/**
 * One pass of a sweeper of the test's own (testOrderSweeper) with the clock past the deadline of
 * every order placed by now (`config`'s UNPAID_ORDER_TTL_MINUTES and a minute).
 */
export function sweepPastDeadline(database: Database, config: Config) {
  return testOrderSweeper(database, config, {
    now: pastDeadline(config.unpaidOrderTtlMinutes),
  }).sweeper.runOnce();
}

/** The sandbox provider as the test app has it (testConfig's PUBLIC_URL and webhook secret). */
export function testSandboxProvider(database: Database): PaymentProvider {
  return createSandboxProvider({
    db: database.db,
    publicUrl: testConfig().publicUrl,
    secret: TEST_SANDBOX_WEBHOOK_SECRET,
  });
}

/**
 * Delivers a raw body to the payment webhook (api/webhooks/<provider>/, the sandbox's unless
 * told) as the provider would: signed with the test app's secret unless `signature` is given, or
 * with no signature header at all when it is null. Answers the call.
 */
export function deliverWebhook(
  app: FastifyInstance,
  raw: string,
  options: { signature?: string | null; provider?: string } = {},
) {
  const signature =
    options.signature === undefined
      ? signSandboxBody(TEST_SANDBOX_WEBHOOK_SECRET, raw)
      : options.signature;
  return app.inject({
    method: 'POST',
    url: `/api/webhooks/${options.provider ?? 'sandbox'}/`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [SANDBOX_SIGNATURE_HEADER]: signature }),
    },
    payload: raw,
  });
}

/** A signed sandbox notification for `reference`, and the call that delivers it to the app. */
export function sandboxNotification(
  app: FastifyInstance,
  reference: string,
  amountCents: number,
  status: 'paid' | 'declined' = 'paid',
  ids: { paymentId?: string; checkoutId?: string | null; method?: 'card' | 'pix' } = {},
) {
  const paymentId = ids.paymentId ?? `SBX_${randomUUID()}`;
  const raw = JSON.stringify({
    event_id: `${paymentId}:${status}`,
    checkout_id: ids.checkoutId ?? randomUUID(),
    reference,
    status,
    payment_id: paymentId,
    amount_cents: amountCents,
    method: ids.method ?? 'card',
  });
  return {
    paymentId,
    deliver: () => deliverWebhook(app, raw),
  };
}

/**
 * An order sweeper of the test's own on `database` (not the app's), its clock `clock.now` (the
 * test moves it): the sandbox provider, `config`'s mail settings, a log of spies. `overrides`
 * replace any of them: another provider, a batch size, a clock of its own (`pastDeadline`).
 */
export function testOrderSweeper(
  database: Database,
  config: Config,
  overrides: Partial<OrderSweeperOptions> = {},
) {
  const clock = { now: new Date() };
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const sweeper = createOrderSweeper({
    db: database.db,
    provider: testSandboxProvider(database),
    config,
    log,
    mailDeps: orderMailDeps(config),
    now: () => clock.now,
    ...overrides,
  });
  return { sweeper, clock, log };
}

/** A sweeper's clock past the deadline of every order placed by now with a `ttlMinutes` life. */
export function pastDeadline(ttlMinutes: number): () => Date {
  return () => new Date(Date.now() + (ttlMinutes + 1) * 60_000);
}
