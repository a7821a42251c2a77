/**
 * Who may see or pay an order: the one rule (docs/decisions/0005-guest-order-chave.md).
 *
 * - Her bearer opens her own orders.
 * - The order's secret (`chave`, answered by api/pay to whoever placed it and carried by the
 *   return link and the e-mails) opens it for viewing, guest's or not: a customer who placed an
 *   order on one device follows its link on another.
 * - Paying (api/pagamento, which stores the delivery address) takes her bearer for a customer's
 *   order, and the secret only for a guest's: a customer's address is given in her session.
 *
 * Anyone else is answered as if the order did not exist (the caller turns `false` into the same
 * 404 as for an unknown reference), so nothing tells a stranger that it does.
 */
import type { FastifyRequest } from 'fastify';
import type { OrderRow } from '../../../db/schema.js';
import type { Authenticate } from '../../../lib/authenticate.js';
import { hashToken, sameSecret } from '../../../lib/secrets.js';

export interface OrderCaller {
  /** From a valid bearer; undefined for a guest. */
  userId: number | undefined;
  /** The `chave` she sent, if any. */
  chave: string | null | undefined;
}

export type OrderPurpose = 'view' | 'pay';

export function mayAccessOrder(
  order: Pick<OrderRow, 'userId' | 'accessKeyHash'>,
  caller: OrderCaller,
  purpose: OrderPurpose,
): boolean {
  if (order.userId !== null && caller.userId !== undefined && order.userId === caller.userId)
    return true;
  if (purpose === 'pay' && order.userId !== null) return false;
  return chaveMatches(caller.chave, order.accessKeyHash);
}

/** Whether `chave` is the order's secret (compared in constant time). */
function chaveMatches(chave: string | null | undefined, storedHash: string): boolean {
  if (!chave) return false;
  return sameSecret(hashToken(chave), storedHash);
}

/**
 * The caller of a call that a guest may make too: a bearer, when present, must be valid (401, as
 * on every other call); absent, she is a guest.
 */
export async function callerOf(
  req: FastifyRequest,
  authenticate: Authenticate,
  chave: string | null | undefined,
): Promise<OrderCaller> {
  if (req.headers.authorization !== undefined) await authenticate(req);
  return { userId: req.userId, chave };
}
