/**
 * Idempotency keys (the `Idempotency-Key` header of api/pay and api/pagamento).
 *
 * api/pay: the first call with a key inserts `(scope, owner, key)` inside its own transaction
 * and stores its answer in that same transaction (`claimKey` + `storeAnswer`); a repeat finds
 * the row and gets the stored answer. A concurrent twin's insert waits on the primary key until
 * the first transaction ends: after a commit it reads the answer, after a rollback its own
 * insert goes through and it does the work itself.
 *
 * api/pagamento asks the payment provider between its effect (the address stored) and its
 * answer, so they cannot share a transaction. It keeps no "pending" row, which a crash in
 * between would strand (every retry refused until the row expired): it looks for a stored answer
 * first (`storedAnswer`), does its idempotent work (twins converge on the order's one checkout),
 * then records its answer with `recordAnswer`, where the first answer stored wins and is what
 * every twin answers.
 *
 * What is stored is the call's answer (its body); the HTTP status it went with is the scope's
 * (below), kept beside it so a row reads whole, and a row without one is a call not finished.
 * No secret is stored: api/pay keeps its answer without the order's `chave` and a repeat opens it
 * again from the order's sealed copy (sales/checkout/kept-answer.ts), so a backup's copy of this
 * table opens no order.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import {
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEY_REUSED,
  idempotencyKeyInvalidMessage,
} from '@semijoias/domain/messages';
import { ConflictError, ValidationError } from './errors.js';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
const IDEMPOTENCY_KEY_INVALID = idempotencyKeyInvalidMessage(IDEMPOTENCY_KEY_MAX_LENGTH);

export interface IdempotencyId {
  scope: string;
  /** 'u:<user id>' or 'guest'. */
  owner: string;
  key: string;
}

/** The status each idempotent call answers when it succeeds (a repeat answers it again). */
const ANSWER_STATUS: Readonly<Record<string, number>> = { pay: 201, pagamento: 200 };
const answerStatus = (scope: string) => ANSWER_STATUS[scope] ?? 200;

export type Claim<T> = { kind: 'new' } | { kind: 'answered'; answer: T };

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

function answerOf<T>(row: { statusCode: number | null; response: unknown }): T | null {
  return row.statusCode === null ? null : (row.response as T);
}

function keyReused(): ConflictError {
  return new ConflictError(IDEMPOTENCY_KEY_REUSED, undefined, { message: IDEMPOTENCY_KEY_REUSED });
}

/**
 * Claims the key inside the caller's transaction `tx`. 'new': this call does the work (and
 * stores its answer with `storeAnswer` before committing). Otherwise the first call's answer.
 * 409 when the key came before with another request.
 */
export async function claimKey<T>(tx: Db, id: IdempotencyId, hash: string): Promise<Claim<T>> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ ...id, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'new' };
  const answer = await storedAnswer<T>(tx, id, hash);
  // api/pay writes its key and its answer in one transaction, so a key without an answer is
  // not expected here; answer "try again" rather than do the work twice.
  if (!answer)
    throw new ConflictError(IDEMPOTENCY_IN_PROGRESS, undefined, {
      message: IDEMPOTENCY_IN_PROGRESS,
    });
  return { kind: 'answered', answer };
}

function where(id: IdempotencyId) {
  return and(
    eq(idempotencyKeys.scope, id.scope),
    eq(idempotencyKeys.owner, id.owner),
    eq(idempotencyKeys.key, id.key),
  );
}

/** Stores the answer of the call that claimed the key (in its transaction, or just after). */
export async function storeAnswer(db: Db, id: IdempotencyId, answer: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answerStatus(id.scope), response: answer })
    .where(where(id));
}

/**
 * The answer already stored under the key (a two-step call's repeat), or null: none yet, or a
 * row an older version left without its answer. 409 when the key came with another request.
 */
export async function storedAnswer<T>(db: Db, id: IdempotencyId, hash: string): Promise<T | null> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(where(id));
  if (!row) return null;
  if (row.requestHash !== hash) throw keyReused();
  return answerOf<T>(row);
}

/**
 * Records a two-step call's answer after its work is done, in one statement: the first answer
 * stored under the key wins (a twin that finished first, or this one) and is returned, so every
 * call with the key answers the same. 409 when the key came with another request.
 */
export async function recordAnswer<T>(
  db: Db,
  id: IdempotencyId,
  hash: string,
  answer: T,
): Promise<T> {
  const stored = { statusCode: answerStatus(id.scope), response: answer };
  await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash: hash, ...stored })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.owner, idempotencyKeys.key],
      set: stored,
      // Only a row left without its answer (by an older version) is completed; an answer stays.
      setWhere: and(isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.requestHash, hash)),
    });
  return (await storedAnswer<T>(db, id, hash)) ?? answer;
}
