/**
 * Idempotency keys (the `Idempotency-Key` header of api/pay and api/pagamento). The first call
 * with a key inserts `(scope, owner, key)` inside its own transaction and stores its answer in
 * that same transaction; a repeat finds the row and gets the stored answer. A concurrent twin's
 * insert waits on the primary key until the first transaction ends: after a commit it reads the
 * answer, after a rollback its own insert goes through and it does the work itself.
 *
 * A call whose effect cannot be in one transaction with its answer (api/pagamento asks the
 * payment provider between the two) stores a pending row first (`status_code` null) and its
 * answer afterwards, and deletes the pending row when it fails; a twin that finds a pending row
 * waits for the answer (`waitForAnswer`).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { ConflictError, ValidationError } from './errors.js';

export const IDEMPOTENCY_KEY_REUSED = 'Esta chave de idempotência já foi usada em outro pedido.';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
export const IDEMPOTENCY_KEY_INVALID = `O Idempotency-Key deve ter de 1 a ${IDEMPOTENCY_KEY_MAX_LENGTH} caracteres imprimíveis.`;
export const IDEMPOTENCY_IN_PROGRESS =
  'Este pedido ainda está sendo processado. Tente novamente em instantes.';

export interface IdempotencyId {
  scope: string;
  /** 'u:<user id>' or 'guest'. */
  owner: string;
  key: string;
}

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

export type Claim =
  | { kind: 'new' }
  | { kind: 'answered'; answer: StoredAnswer }
  /** Another call with this key is between its effect and its answer (two-step calls only). */
  | { kind: 'pending' };

export function idempotencyOwner(userId: number | undefined): string {
  return userId === undefined ? 'guest' : `u:${userId}`;
}

/** The header's value: undefined when absent; 400 unless 1..200 printable ASCII characters. */
export function idempotencyKeyFrom(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^[\x20-\x7e]{1,200}$/.test(header) || header.trim() === '')
    throw new ValidationError(IDEMPOTENCY_KEY_INVALID, {
      'idempotency-key': [IDEMPOTENCY_KEY_INVALID],
    });
  return header;
}

/** SHA-256 (hex) of a value's JSON: the request's meaningful part. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value), 'utf8').digest('hex');
}

function answerOf(row: { statusCode: number | null; response: unknown }): Claim {
  if (row.statusCode === null) return { kind: 'pending' };
  return { kind: 'answered', answer: { statusCode: row.statusCode, body: row.response } };
}

/**
 * Claims the key inside the caller's transaction `tx`. 'new': this call does the work (and
 * stores its answer with `storeAnswer` before committing). Otherwise the first call's answer,
 * or 'pending'. 409 when the key came before with another request.
 */
export async function claimKey(tx: Db, id: IdempotencyId, hash: string): Promise<Claim> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ ...id, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'new' };
  const [row] = await tx
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(where(id));
  // Gone between the two statements (a pending claim that failed): the caller may retry.
  if (!row) return { kind: 'pending' };
  if (row.requestHash !== hash)
    throw new ConflictError(IDEMPOTENCY_KEY_REUSED, undefined, { message: IDEMPOTENCY_KEY_REUSED });
  return answerOf(row);
}

function where(id: IdempotencyId) {
  return and(
    eq(idempotencyKeys.scope, id.scope),
    eq(idempotencyKeys.owner, id.owner),
    eq(idempotencyKeys.key, id.key),
  );
}

/** Stores the answer of the call that claimed the key (in its transaction, or just after). */
export async function storeAnswer(db: Db, id: IdempotencyId, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, response: answer.body })
    .where(where(id));
}

/** Drops a pending claim whose call failed, so the same key may be tried again. */
export async function dropPending(db: Db, id: IdempotencyId): Promise<void> {
  await db.delete(idempotencyKeys).where(and(where(id), isNull(idempotencyKeys.statusCode)));
}

/**
 * Waits for the answer of a pending twin: the stored answer, or null when its claim was dropped
 * (it failed; the caller claims again). 409 'in progress' when it does not end in `timeoutMs`.
 */
export async function waitForAnswer(
  db: Db,
  id: IdempotencyId,
  timeoutMs = 15_000,
): Promise<StoredAnswer | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db
      .select({ statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(where(id));
    if (!row) return null;
    const claim = answerOf(row);
    if (claim.kind === 'answered') return claim.answer;
    if (Date.now() > deadline)
      throw new ConflictError(IDEMPOTENCY_IN_PROGRESS, undefined, {
        message: IDEMPOTENCY_IN_PROGRESS,
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
