/**
 * api/pay's answer as `idempotency_keys` keeps it (issue 33 item 5): without the order's `chave`,
 * the secret that opens a guest's order, so a copy of the database (a backup) holds no key to
 * any order there. A repeat of the call rebuilds the answer from the order's sealed copy
 * (`orders.access_key_sealed`, opened with JWT_SECRET, which is not in the database), so it
 * answers exactly what the first call answered.
 */
import { eq } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_REUSED } from '@semijoias/domain/messages';
import type { Db } from '../../../db/client.js';
import { orders } from '../../../db/schema.js';
import { ConflictError } from '../../../lib/errors.js';
import { openOrderChave } from '../orders/emails.js';
import type { PlacedOrder } from './schemas.js';

/** What is stored; an answer kept by an older version still carries its `chave`. */
export type KeptPlacedOrder = Omit<PlacedOrder, 'chave'> & { chave?: string };

/** The answer to keep: the same without its `chave`. */
export function keptAnswer(answer: PlacedOrder): KeptPlacedOrder {
  const { chave: _chave, ...kept } = answer;
  return kept;
}

/**
 * The first call's answer again, its `chave` opened from the order's sealed copy (read in `tx`).
 * When it cannot be (the order erased, or JWT_SECRET changed since), 409 with the key's
 * 'already used' message: a new key places a new order; nothing is answered without its key.
 */
export async function replayedAnswer(
  tx: Db,
  jwtSecret: string,
  kept: KeptPlacedOrder,
): Promise<PlacedOrder> {
  const { reference, chave: keptChave, ...rest } = kept;
  if (typeof keptChave === 'string') return { reference, chave: keptChave, ...rest };
  const [order] = await tx
    .select({ sealed: orders.accessKeySealed })
    .from(orders)
    .where(eq(orders.reference, reference));
  const chave = order?.sealed ? openOrderChave(jwtSecret, order.sealed) : null;
  if (!chave)
    throw new ConflictError(IDEMPOTENCY_KEY_REUSED, undefined, { message: IDEMPOTENCY_KEY_REUSED });
  return { reference, chave, ...rest };
}
