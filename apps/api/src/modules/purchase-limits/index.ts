/**
 * Nobody hoards the stock (issue 32, docs/purchase-limits.md): what one buyer, one browser and
 * one network address hold in unpaid orders, counted inside the order's own transaction. The
 * rules and their words are the domain's (`@semijoias/domain/purchase-limits`); here they meet
 * the database.
 *
 * A buyer's checkouts run one after the other (checkout's lock on her account; here a lock on her
 * browser for a guest), so her counts are exact. The address's count is not locked: a crowd
 * behind one mobile carrier's address must not queue on one lock, and a limit of hundreds of
 * units may be passed by the few orders placed in the same instant.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_MAX_UNITS_PER_CUSTOMER,
  MAX_UNPAID_ORDERS_PER_BUYER,
  type HeldNow,
} from '@semijoias/domain/purchase-limits';
import type { Db } from '../../db/client.js';
import { paymentSettings, products } from '../../db/schema.js';
import { signText } from '../../lib/secrets.js';

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  // PGlite and node-postgres both answer `{rows}`; Drizzle types them apart.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Who places an order, as the request says it. */
export interface Visitor {
  /** The browser's X-Dispositivo (a random id the web app keeps), when it sent a valid one. */
  deviceId: string | null;
  ip: string;
}

/** What an order keeps of its visitor: keyed hashes, so a database copy names nobody. */
export interface VisitorMarks {
  deviceHash: string | null;
  placedFromHash: string;
}

export function visitorMarks(jwtSecret: string, visitor: Visitor): VisitorMarks {
  return {
    deviceHash:
      visitor.deviceId === null ? null : signText(jwtSecret, 'orders:device', visitor.deviceId),
    placedFromHash: signText(jwtSecret, 'orders:placed-from', visitor.ip),
  };
}

/** The advisory-lock space of a browser's checkouts (the account's is the checkout's 1808). */
const BROWSER_LOCK_SPACE = 1809;
/** The advisory-lock space of the payments started for one e-mail. */
const BUYER_EMAIL_LOCK_SPACE = 1810;

/**
 * A guest's checkouts from one browser run one after the other, as an account's do; those that
 * name no browser, one after the other per address (only scripts send none).
 */
export async function lockGuestCheckouts(tx: Db, marks: VisitorMarks): Promise<void> {
  const key = marks.deviceHash ?? `address:${marks.placedFromHash}`;
  await tx.execute(sql`select pg_advisory_xact_lock(${BROWSER_LOCK_SPACE}::int, hashtext(${key}))`);
}

/**
 * A piece's 'máximo por cliente' as a column of a products query: its own, else the store's
 * default (one row, read in the same statement).
 */
export const maxPerCustomerColumn = sql<number>`coalesce(${products.maxPerCustomer}, (select ${paymentSettings.maxUnitsPerCustomer} from ${paymentSettings} where ${paymentSettings.id} = 1), ${DEFAULT_MAX_UNITS_PER_CUSTOMER})::int`;

const UNPAID = sql`('awaiting_payment', 'payment_failed')`;

/**
 * What she (her account or her browser) and her address hold in unpaid orders now, in one
 * statement: a row per piece she holds, and the totals (the `()` grouping set, product_id null).
 */
export async function heldNow(
  tx: Db,
  who: { userId: number | undefined; deviceHash: string | null; placedFromHash: string },
): Promise<HeldNow> {
  // A guest whose request names no browser is every such guest of her address.
  const mine =
    who.userId === undefined && who.deviceHash === null
      ? sql`(o.user_id is null and o.device_hash is null and o.placed_from_hash = ${who.placedFromHash})`
      : sql`(coalesce(o.user_id = ${who.userId ?? null}::int, false) or coalesce(o.device_hash = ${who.deviceHash}::text, false))`;
  const rows = await rowsOf<{
    product_id: number | null;
    mine_units: number;
    here_units: number;
    mine_orders: number;
  }>(
    tx,
    sql`
    select oi.product_id,
           coalesce(sum(oi.quantidade) filter (where o.mine), 0)::int as mine_units,
           coalesce(sum(oi.quantidade) filter (where o.from_here), 0)::int as here_units,
           count(distinct o.id) filter (where o.mine)::int as mine_orders
      from (select o.id, ${mine} as mine, o.placed_from_hash = ${who.placedFromHash} as from_here
              from orders o
             where o.status in ${UNPAID}
               and (o.user_id = ${who.userId ?? null}::int
                    or o.device_hash = ${who.deviceHash}::text
                    or o.placed_from_hash = ${who.placedFromHash})) o
      join order_items oi on oi.order_id = o.id
     group by grouping sets ((oi.product_id), ())`,
  );
  const unitsByPiece = new Map<number, number>();
  let orders = 0;
  let unitsFromAddress = 0;
  for (const row of rows) {
    if (row.product_id === null) {
      orders = Number(row.mine_orders);
      unitsFromAddress = Number(row.here_units);
    } else if (Number(row.mine_units) > 0) {
      unitsByPiece.set(Number(row.product_id), Number(row.mine_units));
    }
  }
  return { orders, unitsByPiece, unitsFromAddress };
}

/**
 * api/pagamento: whether the e-mail or CPF she gives already has the most unpaid orders a buyer
 * may have (this order aside). Takes a lock on the e-mail to the caller's commit, so two payments
 * started for it at once count each other.
 */
export async function buyerHasTooManyUnpaid(
  tx: Db,
  buyer: { email: string; cpf: string; orderId: number },
): Promise<boolean> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${BUYER_EMAIL_LOCK_SPACE}::int, hashtext(${buyer.email}))`,
  );
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from orders
         where status in ${UNPAID} and id <> ${buyer.orderId}
           and (lower(email) = ${buyer.email} or cpf = ${buyer.cpf})`,
  );
  return Number(row?.n ?? 0) >= MAX_UNPAID_ORDERS_PER_BUYER;
}

/** The store's default 'máximo por cliente' (the back office's 'Limites de compra'). */
export async function readStoreMaxPerCustomer(db: Db): Promise<number> {
  const rows = await db
    .select({ max: paymentSettings.maxUnitsPerCustomer })
    .from(paymentSettings)
    .where(sql`${paymentSettings.id} = 1`);
  return rows[0]?.max ?? DEFAULT_MAX_UNITS_PER_CUSTOMER;
}

/** Sets it, in the caller's transaction (the audit entry rides in it). */
export async function writeStoreMaxPerCustomer(tx: Db, max: number): Promise<void> {
  await tx
    .update(paymentSettings)
    .set({ maxUnitsPerCustomer: max, updatedAt: sql`now()` })
    .where(sql`${paymentSettings.id} = 1`);
}
