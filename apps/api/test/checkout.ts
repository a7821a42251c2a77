/**
 * Shared by the checkout tests: shoppers, products with a price and stock, placing an order,
 * money and freight as the API writes them.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { quoteShipping } from '@semijoias/domain/shipping';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { orders, products } from '../src/db/schema.js';
import { catalogSeed } from '../src/db/catalog-data.js';
import { loggedInCustomer, type LoggedInCustomer } from './accounts.js';

export type Shopper = LoggedInCustomer;

/** A verified customer logged in, to shop with (loggedInCustomer). */
export const shopper = (app: FastifyInstance, database: Database): Promise<Shopper> =>
  loggedInCustomer(app, database);

export async function setProduct(
  database: Database,
  id: number,
  values: { priceCents?: number; stock?: number },
): Promise<{ name: string; priceCents: number; stock: number }> {
  const [row] = await database.db
    .update(products)
    .set({ ...values, originalPriceCents: null })
    .where(eq(products.id, id))
    .returning({ name: products.name, priceCents: products.priceCents, stock: products.stock });
  expect(row).toBeDefined();
  return row!;
}

/** The freight the server charges for `units` units worth `subtotal`, to SP capital unless told. */
export function freight(subtotal: number, units: number, cep = '01310100'): number {
  return quoteShipping({ cep, subtotalCents: subtotal, itemCount: units }).valor;
}

/** Centavos as the API writes money, 12990 -> '129.90' (worked out here, not by the store). */
export function brl(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** These products' stock and sales count, by id. */
export async function stockAndSales(database: Database, ids: number[]) {
  return database.db
    .select({ id: products.id, stock: products.stock, sales: products.salesCount })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
}

export async function stockOf(database: Database, id: number): Promise<number> {
  const [row] = await database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row!.stock;
}

export async function addToCart(app: FastifyInstance, token: string, id: number, qty: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cart/',
    payload: { produto: id, quantidade: qty },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A browser's id as the web app makes one (X-Dispositivo): each guest call is a new browser. */
export const newBrowser = (): string => randomBytes(16).toString('base64url');

export function call(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  opts: { token?: string; key?: string; browser?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.key !== undefined) headers['idempotency-key'] = opts.key;
  // The web app names its browser on every checkout (docs/purchase-limits.md); null: a script.
  const browser = opts.browser === undefined ? newBrowser() : opts.browser;
  if (browser !== null) headers['x-dispositivo'] = browser;
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** What api/pay answers for a placed order. */
export interface PlacedOrder {
  reference: string;
  /** The return link's secret. */
  chave: string;
  /** Its total, as the API writes money ('312.90'). */
  total: string;
}

/**
 * api/pay: places an order of her server cart (with her `token`) or of the `produtos` the body
 * names (a guest). Expects a 201; answers its reference, its return link's secret and its total.
 */
export async function placeOrder(
  app: FastifyInstance,
  body: object,
  token?: string,
): Promise<PlacedOrder> {
  const res = await call(app, '/api/pay/', body, { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PlacedOrder>();
}

/**
 * api/pagamento: the buyer's address (ADDRESS unless given) for a placed order, on to its hosted
 * checkout: hers when her `token` is given, else a guest's with the order's secret. Expects a 200
 * and answers the call.
 */
export async function giveAddress(
  app: FastifyInstance,
  placed: Pick<PlacedOrder, 'reference' | 'total'> & { chave?: string },
  options: { token?: string; shippingInfo?: object } = {},
) {
  const { reference, chave, total } = placed;
  const res = await call(
    app,
    '/api/pagamento/',
    {
      reference,
      ...(options.token ? { logged: true } : { chave, logged: false }),
      shippingInfo: options.shippingInfo ?? ADDRESS,
      totais: { total },
    },
    { token: options.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

export async function orderCount(database: Database, userId?: number): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(userId === undefined ? sql`true` : eq(orders.userId, userId));
  return row!.n;
}

export const ADDRESS = {
  cep: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: 'ap 12',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  fullName: 'Ana Souza',
  email: 'Ana@Exemplo.com.br',
};

/**
 * Seeded products sold by size, by id (the seed inserts in order from 1): adding one
 * takes a size, so tests that walk the catalog for plain products step over them.
 */
export const SIZED_SEED_IDS: ReadonlySet<number> = new Set(
  catalogSeed.flatMap((p, i) => (p.variations ? [i + 1] : [])),
);

/** A fresh seeded product sold without sizes on each call, from `first` up. */
export function plainProducts(first = 1): () => number {
  let next = first;
  return () => {
    while (SIZED_SEED_IDS.has(next)) next++;
    return next++;
  };
}
