/**
 * The SQL that reads orders, in one place: her orders, the return page, payment-status, the
 * webhooks, the back office and the e-mails read orders through these functions. Each takes the
 * connection or transaction to read with, so a caller inside a transaction sees its own writes.
 * Writes are elsewhere: a status change is a guarded statement of transitions.ts.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { OrderStatusCode } from '@semijoias/domain/orders';
import type { Db } from '../../../db/client.js';
import { orderItems, orders, users, type OrderRow } from '../../../db/schema.js';

export type OrderLineRow = typeof orderItems.$inferSelect;

/** What an order shows of the account that placed it (a guest's order has none). */
export interface OrderAccount {
  firstName: string;
  lastName: string;
  email: string;
  cpf: string | null;
  phone: string;
}

export async function orderByReference(db: Db, reference: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.reference, reference));
  return order;
}

export async function orderById(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** The order's status now (after a guarded statement moved nothing: why not). */
export async function statusOf(db: Db, orderId: number): Promise<OrderStatusCode | undefined> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.status;
}

/** Her orders, newest first. */
export function ordersOfCustomer(db: Db, userId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The lines of these orders, in the order they were written. */
export async function linesOf(db: Db, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.id));
}

export async function accountOf(db: Db, userId: number | null): Promise<OrderAccount | null> {
  if (userId === null) return null;
  const [account] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      cpf: users.cpf,
      phone: users.phone,
    })
    .from(users)
    .where(eq(users.id, userId));
  return account ?? null;
}
