/** Idempotency keys: claim, answer, mismatch, pending claims and their waiters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../test/helpers.js';
import type { Db } from '../db/client.js';
import {
  claimKey,
  dropPending,
  IDEMPOTENCY_KEY_REUSED,
  idempotencyKeyFrom,
  idempotencyOwner,
  requestHash,
  storeAnswer,
  waitForAnswer,
  type IdempotencyId,
} from './idempotency.js';

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  db = testDb.database.db;
});
afterAll(() => testDb?.drop());

let serial = 0;
const newId = () => ({ scope: 'test', owner: idempotencyOwner(7), key: `k-${++serial}` });

describe('idempotency keys', () => {
  it('the first claim is new; after its answer a repeat gets the answer', async () => {
    const id = newId();
    const hash = requestHash({ a: 1 });
    const first = await db.transaction(async (tx) => {
      const claim = await claimKey(tx, id, hash);
      if (claim.kind === 'new') await storeAnswer(tx, id, { statusCode: 201, body: { x: 'y' } });
      return claim;
    });
    expect(first).toEqual({ kind: 'new' });
    const again = await db.transaction((tx) => claimKey(tx, id, hash));
    expect(again).toEqual({ kind: 'answered', answer: { statusCode: 201, body: { x: 'y' } } });
  });

  it('the same key with another request is a 409', async () => {
    const id = newId();
    await db.transaction(async (tx) => {
      await claimKey(tx, id, requestHash(1));
      await storeAnswer(tx, id, { statusCode: 201, body: {} });
    });
    await expect(db.transaction((tx) => claimKey(tx, id, requestHash(2)))).rejects.toThrow(
      IDEMPOTENCY_KEY_REUSED,
    );
  });

  it('a rolled-back claim leaves nothing: the key is new again', async () => {
    const id = newId();
    await expect(
      db.transaction(async (tx) => {
        await claimKey(tx, id, 'h');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await db.transaction((tx) => claimKey(tx, id, 'h'))).toEqual({ kind: 'new' });
  });

  it('keys are per owner and scope', async () => {
    const id = newId();
    await db.transaction((tx) => claimKey(tx, id, 'h'));
    expect(await db.transaction((tx) => claimKey(tx, { ...id, owner: 'guest' }, 'h'))).toEqual({
      kind: 'new',
    });
    expect(await db.transaction((tx) => claimKey(tx, { ...id, scope: 'other' }, 'h'))).toEqual({
      kind: 'new',
    });
  });

  it('a pending claim: a waiter gets the answer once stored, or null once dropped', async () => {
    const id = newId();
    await db.transaction((tx) => claimKey(tx, id, 'h'));
    expect(await db.transaction((tx) => claimKey(tx, id, 'h'))).toEqual({ kind: 'pending' });
    const waiting = waitForAnswer(db, id, 5_000);
    setTimeout(() => void storeAnswer(db, id, { statusCode: 200, body: { ok: 1 } }), 100);
    expect(await waiting).toEqual({ statusCode: 200, body: { ok: 1 } });

    const other = newId();
    await db.transaction((tx) => claimKey(tx, other, 'h'));
    const dropped = waitForAnswer(db, other, 5_000);
    setTimeout(() => void dropPending(db, other), 100);
    expect(await dropped).toBeNull();
    // dropPending never removes an answered key.
    await dropPending(db, id);
    expect(await db.transaction((tx) => claimKey(tx, id, 'h'))).toMatchObject({
      kind: 'answered',
    });
  });

  it('a waiter gives up with a 409 when the claim never ends', async () => {
    const id = newId();
    await db.transaction((tx) => claimKey(tx, id, 'h'));
    await expect(waitForAnswer(db, id, 100)).rejects.toThrow('ainda está sendo processado');
  });

  it('the header: absent, valid, invalid', () => {
    expect(idempotencyKeyFrom(undefined)).toBeUndefined();
    expect(idempotencyKeyFrom('a1b2-c3')).toBe('a1b2-c3');
    expect(idempotencyKeyFrom('x'.repeat(200))).toHaveLength(200);
    for (const bad of ['', '   ', 'x'.repeat(201), 'tab\there', 'ção', ['a', 'b']])
      expect(() => idempotencyKeyFrom(bad)).toThrow('Idempotency-Key');
  });
});

// The case the key is for: a twin arriving while the first call's transaction is still open
// waits on the primary key (it is not told "pending"), then reads what the first committed.
describe.runIf(testDatabaseUrl())('concurrent twins (PostgreSQL)', () => {
  /** Claims `id` and stores an answer in a transaction held open until `release()`. */
  function heldTransaction(id: IdempotencyId, then: 'commit' | 'rollback') {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const done = db
      .transaction(async (tx) => {
        expect(await claimKey(tx, id, 'h1')).toEqual({ kind: 'new' });
        await storeAnswer(tx, id, { statusCode: 201, body: { n: 1 } });
        claimed();
        await released;
        if (then === 'rollback') throw new Error('rolled back');
      })
      .catch((err: Error) => err.message);
    return { hasClaimed, release, done };
  }

  it("a twin waits on the key until the first commits, then reads the first's answer", async () => {
    const id = newId();
    const first = heldTransaction(id, 'commit');
    await first.hasClaimed;
    let settled = false;
    const twin = db.transaction((tx) => claimKey(tx, id, 'h1')).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    first.release();
    await first.done;
    expect(await twin).toEqual({ kind: 'answered', answer: { statusCode: 201, body: { n: 1 } } });
  });

  it('after a rollback of the first, the twin claims the key itself', async () => {
    const id = newId();
    const first = heldTransaction(id, 'rollback');
    await first.hasClaimed;
    const twin = db.transaction((tx) => claimKey(tx, id, 'h1'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    first.release();
    expect(await first.done).toBe('rolled back');
    expect(await twin).toEqual({ kind: 'new' });
  });
});
