/**
 * Crash safety: the real server process is SIGKILLed while guests place orders
 * (api/pay), open their hosted checkout (api/pagamento) and the sandbox provider notifies
 * payments, then started again on the same data. After every restart each call is made again
 * with its Idempotency-Key and each notification delivered again, as a browser retrying and a
 * provider retrying would. Then, with the server stopped, the database itself must show:
 *   - no half-written order: every order has its lines and they add up to its subtotal;
 *   - no reserved stock without an order: for every product, stock at seed time - stock now =
 *     units in the orders that hold stock (all but cancelled and refund_due);
 *   - every replayed key answered what was committed (or, never answered, created its order once);
 *   - no notification lost or applied twice: an order paid once, its units sold counted once.
 * Several kill rounds; on PostgreSQL too when TEST_DATABASE_URL is set (a fresh database).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { toCents } from '@semijoias/domain/money';
import { STOCK_HOLDING_ORDER_STATUSES } from '@semijoias/domain/orders';
import { openDatabase, type DatabaseTarget, type Db } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import {
  idempotencyKeys,
  orderItems,
  orders,
  paymentNotifications,
  products,
} from './db/schema.js';
import { seedCatalog } from './db/seed.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from './integrations/payments/sandbox.js';
import { makeCpf } from '../test/accounts.js';
import { ADDRESS, call } from '../test/checkout.js';
import { testConfig, testDatabaseUrl, useTestApp } from '../test/helpers.js';
import { adminStatement, databaseUrl, uniqueDatabaseName } from '../test/postgres-admin.js';
import { freePort, startServer, type ServerProcess } from '../test/crash/server-process.js';

const ROUNDS = 3;
/** Guests buying at the same time. */
const SHOPPERS = 6;
/** The products they buy, with the stock each starts with (small: some run out on purpose). */
const STOCKS = [14, 20, 30, 45, 60, 90];
const OUT_OF_STOCK = /não tem estoque suficiente/;
const SECRETS = {
  JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
  SANDBOX_WEBHOOK_SECRET: 'crash-sandbox-secret-crash-sandbox-0123',
};

interface Answer {
  status: number;
  body: unknown;
}

/** A call as the client made it, and what it heard back (nothing when the server died). */
interface Call {
  key: string;
  /** Her browser's id (X-Dispositivo), as the web app sends it; the replay sends it again. */
  browser: string;
  body: Record<string, unknown>;
  answer?: Answer;
}

interface Notification {
  raw: string;
  reference: string;
  state: 'paid' | 'declined';
  paymentId: string;
  answer?: number;
}

interface Journal {
  pays: Call[];
  pagamentos: Call[];
  notifications: Notification[];
  inFlight: number;
  /** Shoppers so far (each order is another one). */
  buyers: number;
}

/** The server died under the call: the client heard nothing. */
class NoAnswer extends Error {}

async function post(
  baseUrl: string,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<Answer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    text = await res.text();
  } catch {
    throw new NoAnswer();
  }
  return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

const callApi = (baseUrl: string, path: string, call: Call) =>
  post(baseUrl, path, JSON.stringify(call.body), {
    'idempotency-key': call.key,
    'x-dispositivo': call.browser,
  });

const notify = (baseUrl: string, n: Notification) =>
  post(baseUrl, '/api/webhooks/sandbox/', n.raw, {
    [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(SECRETS.SANDBOX_WEBHOOK_SECRET, n.raw),
  });

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * One guest, over and over: an order of one or two products, its hosted checkout, then the
 * provider's notification (paid, or now and then declined). Ends when the server stops answering.
 */
async function shopper(baseUrl: string, productIds: number[], journal: Journal): Promise<void> {
  const track = async <T>(work: Promise<T>): Promise<T> => {
    journal.inFlight++;
    try {
      return await work;
    } finally {
      journal.inFlight--;
    }
  };
  try {
    for (;;) {
      const first = pick(productIds);
      const second = pick(productIds);
      const produtos = [{ id: first, quantidade: 1 + Math.floor(Math.random() * 3) }];
      if (second !== first) produtos.push({ id: second, quantidade: 1 });
      // Each order is another shopper: her browser, her e-mail and CPF (one buyer may hold only
      // five unpaid orders, docs/purchase-limits.md).
      const buyer = (journal.buyers += 1);
      const browser = randomUUID();
      const pay: Call = { key: randomUUID(), browser, body: { produtos, cep: '01310-100' } };
      journal.pays.push(pay);
      pay.answer = await track(callApi(baseUrl, '/api/pay/', pay));
      if (pay.answer.status !== 201) continue;
      const order = pay.answer.body as { reference: string; chave: string; total: string };

      const pagamento: Call = {
        key: randomUUID(),
        browser,
        body: {
          reference: order.reference,
          chave: order.chave,
          logged: false,
          shippingInfo: {
            ...ADDRESS,
            email: `cliente-${buyer}@exemplo.com.br`,
            cpf: makeCpf(100_000 + buyer),
          },
          totais: { total: order.total },
        },
      };
      journal.pagamentos.push(pagamento);
      pagamento.answer = await track(callApi(baseUrl, '/api/pagamento/', pagamento));
      if (pagamento.answer.status !== 200) continue;
      const paymentUrl = (pagamento.answer.body as { payment_url: string }).payment_url;

      const state = Math.random() < 0.2 ? 'declined' : 'paid';
      const paymentId = `PAY-${randomUUID()}`;
      const raw = JSON.stringify({
        event_id: randomUUID(),
        checkout_id: new URL(paymentUrl).pathname.split('/').pop(),
        reference: order.reference,
        status: state,
        payment_id: paymentId,
        amount_cents: toCents(order.total),
        method: 'card',
      });
      const notification: Notification = { raw, reference: order.reference, state, paymentId };
      journal.notifications.push(notification);
      notification.answer = (await track(notify(baseUrl, notification))).status;
    }
  } catch (err) {
    if (!(err instanceof NoAnswer)) throw err;
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function eachLimited<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Where the test's store keeps its data: a fresh PostgreSQL database, or a PGlite folder. */
interface Store {
  dataDir: string;
  target: DatabaseTarget;
  /** DATABASE_URL for the server on PostgreSQL. */
  databaseUrl?: string;
  drop(): Promise<void>;
}

async function createStore(): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'semijoias-crash-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) {
    return {
      dataDir,
      target: { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      drop: async () => removeDir(),
    };
  }
  const name = uniqueDatabaseName('semijoias_crash');
  const admin = (statement: string) => adminStatement(adminUrl, statement);
  await admin(`create database "${name}"`);
  const url = databaseUrl(adminUrl, name);
  return {
    dataDir,
    target: { kind: 'postgres', url, poolMax: 2 },
    databaseUrl: url,
    drop: async () => {
      await admin(`drop database if exists "${name}" with (force)`);
      removeDir();
    },
  };
}

/** Migrated and seeded like a first start, with the test products' stock set and nothing sold. */
async function prepare(
  store: Store,
): Promise<{ productIds: number[]; seedStock: Map<number, number> }> {
  const database = await openDatabase(store.target);
  try {
    await runMigrations(database, testConfig().paths.migrations);
    await seedCatalog(database.db);
    const catalog = await database.db
      .select({ id: products.id })
      .from(products)
      .where(isNull(products.variationAxis)) // pieces sold without sizes: no size to choose
      .orderBy(asc(products.id))
      .limit(STOCKS.length);
    const productIds = catalog.map((p) => p.id);
    for (const [i, id] of productIds.entries()) {
      await database.db.update(products).set({ stock: STOCKS[i]! }).where(eq(products.id, id));
    }
    await database.db.update(products).set({ salesCount: 0 });
    const all = await database.db.select({ id: products.id, stock: products.stock }).from(products);
    return { productIds, seedStock: new Map(all.map((p) => [p.id, p.stock])) };
  } finally {
    await database.close();
  }
}

/** What the clients finally know, over every round. */
interface Outcome {
  /** Each api/pay key and the answer its last replay got. */
  pays: Map<string, Answer>;
  notifications: Notification[];
  /** Calls in flight at the moments of the kills (the test means nothing at 0). */
  cut: number;
}

/** Guests shop until calls of every kind are flowing; the server is SIGKILLed at a random moment. */
async function shopUntilKilled(server: ServerProcess, productIds: number[]): Promise<Journal> {
  const journal: Journal = { pays: [], pagamentos: [], notifications: [], inFlight: 0, buyers: 0 };
  const shoppers = Array.from({ length: SHOPPERS }, () =>
    shopper(server.baseUrl, productIds, journal),
  );
  const warm = Date.now();
  while (journal.notifications.length < 3 && Date.now() - warm < 30_000) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, Math.random() * 600));
  const inFlight = journal.inFlight;
  await server.kill();
  await Promise.all(shoppers);
  journal.inFlight = inFlight;
  return journal;
}

/**
 * After the restart: the browser sends every checkout call again with its key (it gets the
 * committed answer, or the work is done now, and the same answer ever after); the provider
 * delivers every notification again until it hears 200.
 */
async function replay(baseUrl: string, journal: Journal, outcome: Outcome): Promise<void> {
  await eachLimited(journal.pays, 3, async (pay) => {
    const again = await callApi(baseUrl, '/api/pay/', pay);
    if (pay.answer?.status === 201) expect(again, 'pay replayed').toEqual(pay.answer);
    else if (again.status !== 201) {
      // Refused for stock (then, or now): nothing was kept, the key included.
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(JSON.stringify(again.body)).toMatch(OUT_OF_STOCK);
    }
    if (pay.answer && pay.answer.status !== 201) expect(again.status).toBe(409);
    if (again.status === 201) expect(await callApi(baseUrl, '/api/pay/', pay)).toEqual(again);
    outcome.pays.set(pay.key, again);
  });
  await eachLimited(journal.pagamentos, 3, async (pagamento) => {
    const again = await callApi(baseUrl, '/api/pagamento/', pagamento);
    if (pagamento.answer) expect(again, 'pagamento replayed').toEqual(pagamento.answer);
    else {
      // Never answered, so never notified: the order still waits for its payment. (A 409
      // 'still processing' here is a claim the kill left pending that nobody takes over.)
      expect(again.status, `pagamento replayed: ${JSON.stringify(again.body)}`).toBe(200);
      expect((again.body as { payment_url: string }).payment_url).toMatch(/\/sandbox\/checkout\//);
    }
    expect(await callApi(baseUrl, '/api/pagamento/', pagamento)).toEqual(again);
  });
  await eachLimited(journal.notifications, 3, async (n) => {
    expect((await notify(baseUrl, n)).status, 'notification replayed').toBe(200);
    expect((await notify(baseUrl, n)).status).toBe(200);
  });
  outcome.notifications.push(...journal.notifications);
  outcome.cut += journal.inFlight;
}

/** The database, the server stopped: whole orders, stock and sales that add up, no loose end. */
async function checkDatabase(db: Db, outcome: Outcome, seedStock: Map<number, number>) {
  const placed = await db.select().from(orders);
  const lines = await db.select().from(orderItems);

  // Exactly the orders the clients were finally told about, each with its lines.
  const answered = [...outcome.pays.values()]
    .filter((a) => a.status === 201)
    .map((a) => (a.body as { reference: string }).reference);
  expect(placed.map((o) => o.reference).sort()).toEqual(answered.sort());
  for (const order of placed) {
    const its = lines.filter((l) => l.orderId === order.id);
    expect(its.length, `lines of order ${order.reference}`).toBeGreaterThan(0);
    const subtotal = its.reduce((sum, l) => sum + l.unitPriceCents * l.quantidade, 0);
    expect(order.subtotalCents, `subtotal of order ${order.reference}`).toBe(subtotal);
  }

  // What left the shelf is what the orders holding stock hold; units sold counted once.
  const statusOf = new Map(placed.map((o) => [o.id, o.status]));
  const held = new Map<number, number>();
  const sold = new Map<number, number>();
  for (const line of lines) {
    const status = statusOf.get(line.orderId)!;
    if (STOCK_HOLDING_ORDER_STATUSES.includes(status))
      held.set(line.productId, (held.get(line.productId) ?? 0) + line.quantidade);
    if (status === 'paid')
      sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.quantidade);
  }
  const shelf = await db
    .select({ id: products.id, stock: products.stock, salesCount: products.salesCount })
    .from(products);
  for (const p of shelf) {
    expect(seedStock.get(p.id)! - p.stock, `stock of product ${p.id}`).toBe(held.get(p.id) ?? 0);
    expect(p.salesCount, `units sold of product ${p.id}`).toBe(sold.get(p.id) ?? 0);
  }

  // Every notification stored once and applied; the order ends as its payment said.
  const stored = await db
    .select({ outcome: paymentNotifications.outcome })
    .from(paymentNotifications);
  expect(stored).toHaveLength(outcome.notifications.length);
  expect(stored.filter((s) => s.outcome === 'pending')).toEqual([]);
  for (const n of outcome.notifications) {
    const order = placed.find((o) => o.reference === n.reference)!;
    if (n.state === 'paid') {
      expect(order.status, `order ${n.reference}`).toBe('paid');
      expect(order.paymentId).toBe(n.paymentId);
    } else expect(order.status, `order ${n.reference}`).toBe('payment_failed');
  }

  // No key left half-claimed (it would answer 'still processing' until housekeeping), and one
  // api/pay key per order.
  const pending = await db
    .select({ scope: idempotencyKeys.scope })
    .from(idempotencyKeys)
    .where(isNull(idempotencyKeys.statusCode));
  expect(pending).toEqual([]);
  const [payKeys] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, 'pay'));
  expect(payKeys!.n).toBe(placed.length);
}

const backend = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';

describe('crash safety: SIGKILL in the middle of checkout and payments, then a restart', () => {
  let store: Store | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    await store?.drop();
  });

  it(
    `loses nothing and doubles nothing over ${ROUNDS} kills (${backend})`,
    { timeout: 300_000 },
    async () => {
      store = await createStore();
      const { productIds, seedStock } = await prepare(store);
      const port = await freePort();
      const env: Record<string, string> = {
        ...SECRETS,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: store.dataDir,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_SCALE: '0',
        PAYMENT_PROVIDER: 'sandbox',
        ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      };
      const outcome: Outcome = { pays: new Map(), notifications: [], cut: 0 };
      server = await startServer(env);
      for (let round = 1; round <= ROUNDS; round++) {
        const journal = await shopUntilKilled(server, productIds);
        expect(journal.pays.length, `round ${round}: orders tried before the kill`).toBeGreaterThan(
          3,
        );
        // The same data: the embedded database's folder (its stale lock taken over) or PostgreSQL.
        server = await startServer(env);
        await replay(server.baseUrl, journal, outcome);
      }
      expect(outcome.cut, 'calls cut by the kills').toBeGreaterThan(0);

      expect(await server.stop(), server.stderrTail()).toBe(0);
      server = undefined;
      const database = await openDatabase(store.target);
      try {
        await checkDatabase(database.db, outcome, seedStock);
      } finally {
        await database.close();
      }
    },
  );
});

describe('a key the kill left half-claimed', () => {
  const ctx = useTestApp();

  it('api/pagamento: a claim left pending long ago is taken over by the retry with its key', async () => {
    const [product] = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.stock} > 0`)
      .limit(1);
    const paid = await call(ctx.app, '/api/pay/', {
      produtos: [{ id: product!.id, quantidade: 1 }],
      cep: '01310-100',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const order = paid.json<{ reference: string; chave: string; total: string }>();
    const body = {
      reference: order.reference,
      chave: order.chave,
      logged: false,
      shippingInfo: ADDRESS,
      totais: { total: order.total },
    };
    const first = await call(ctx.app, '/api/pagamento/', body, { key: 'crash-pagamento' });
    expect(first.statusCode, first.body).toBe(200);
    // What a SIGKILL between the claim's commit and the stored answer leaves, an hour ago.
    await ctx.database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null, createdAt: sql`now() - interval '1 hour'` })
      .where(
        and(eq(idempotencyKeys.scope, 'pagamento'), eq(idempotencyKeys.key, 'crash-pagamento')),
      );

    const retried = await call(ctx.app, '/api/pagamento/', body, { key: 'crash-pagamento' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual(first.json());
  });
});
