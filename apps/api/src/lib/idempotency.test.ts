/** Idempotency keys: claim, answer, mismatch; two-step calls' stored and recorded answers. */
import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_REUSED } from '@semijoias/domain/messages';
import { testDatabaseUrl, useTestDatabase } from '../../test/helpers.js';
import type { Db } from '../db/client.js';
import {
  claimKey,
  idempotencyKeyFrom,
  idempotencyOwner,
  requestHash,
  recordAnswer,
  storeAnswer,
  storedAnswer,
  type IdempotencyId,
} from './idempotency.js';

const testDb = useTestDatabase({ seed: false });
let db: Db;
beforeAll(() => {
  db = testDb.database.db;
});

let serial = 0;
const newId = () => ({ scope: 'test', owner: idempotencyOwner(7), key: `k-${++serial}` });

describe('idempotency keys', () => {
  it('the first claim is new; after its answer a repeat gets the answer', async () => {
    const id = newId();
    const hash = requestHash({ a: 1 });
    const first = await db.transaction(async (tx) => {
      const claim = await claimKey(tx, id, hash);
      if (claim.kind === 'new') await storeAnswer(tx, id, { x: 'y' });
      return claim;
    });
    expect(first).toEqual({ kind: 'new' });
    const again = await db.transaction((tx) => claimKey(tx, id, hash));
    expect(again).toEqual({ kind: 'answered', answer: { x: 'y' } });
  });

  it('the same key with another request is a 409', async () => {
    const id = newId();
    await db.transaction(async (tx) => {
      await claimKey(tx, id, requestHash(1));
      await storeAnswer(tx, id, {});
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

  it('a two-step call: nothing stored, then the first recorded answer wins for every twin', async () => {
    const id = newId();
    expect(await storedAnswer(db, id, 'h')).toBeNull();
    const first = { payment_url: 'https://a' };
    const second = { payment_url: 'https://b' };
    expect(await recordAnswer(db, id, 'h', first)).toEqual(first);
    expect(await recordAnswer(db, id, 'h', second)).toEqual(first);
    expect(await storedAnswer(db, id, 'h')).toEqual(first);
    await expect(storedAnswer(db, id, 'other')).rejects.toThrow(IDEMPOTENCY_KEY_REUSED);
    await expect(recordAnswer(db, id, 'other', second)).rejects.toThrow(IDEMPOTENCY_KEY_REUSED);
  });

  it('racing twins of a two-step call all answer the same recorded answer', async () => {
    const id = newId();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => recordAnswer(db, id, 'h', { n: i })),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  it('a row left without its answer (a crash, an older version) never blocks the retry', async () => {
    const id = newId();
    await db.transaction((tx) => claimKey(tx, id, 'h')); // key written, answer never stored
    expect(await storedAnswer(db, id, 'h')).toBeNull();
    const answer = { ok: 1 };
    expect(await recordAnswer(db, id, 'h', answer)).toEqual(answer);
    expect(await db.transaction((tx) => claimKey(tx, id, 'h'))).toEqual({
      kind: 'answered',
      answer,
    });
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
        await storeAnswer(tx, id, { n: 1 });
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
    expect(await twin).toEqual({ kind: 'answered', answer: { n: 1 } });
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
