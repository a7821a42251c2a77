/**
 * Several instances sweeping at the same moment: each sees the payment provider go
 * down and come back, and the owners get one e-mail each way, not one per instance. The checks
 * of every instance wait for each other at the provider (a gate), so they all write at once; the
 * guarded update in monitor.ts is what lets only one of them move the item and mail.
 */
import { and, asc, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema.js';
import type { ProviderReachability } from '../../integrations/payments/provider.js';
import { testConfig, useTestDatabase } from '../../../test/helpers.js';
import { createStoreHealthMonitor } from './monitor.js';

const INSTANCES = 4;
const ROUNDS = 6;
const MINUTE = 60_000;

const testDb = useTestDatabase({ seed: false });

/** Releases every caller once `size` of them are waiting. */
function gate(size: number) {
  let waiting: (() => void)[] = [];
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length === size) {
        for (const release of waiting) release();
        waiting = [];
      }
    });
}

describe('instances sweeping together', () => {
  it('one e-mail when an item turns red, one when it turns green, whatever the instances', async () => {
    let provider: ProviderReachability = 'unreachable';
    const allThere = gate(INSTANCES);
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const instances = Array.from({ length: INSTANCES }, () =>
      createStoreHealthMonitor({
        db: testDb.database.db,
        config: testConfig({ storeEmail: 'donas@semijoias.test' }),
        provider: {
          name: 'pagbank',
          checkReachability: async () => {
            await allThere();
            return provider;
          },
        },
        mailer: { kind: 'smtp', verify: async () => {} },
        log: silent,
        embeddedDatabase: false,
        freeBytes: async () => 100 * 1024 ** 3,
      }),
    );

    const start = Date.now();
    for (let round = 0; round < ROUNDS; round++) {
      provider = round % 2 === 0 ? 'unreachable' : 'ok';
      // Each instance's own clock, a millisecond apart: their e-mails would not share a key.
      const at = start + round * MINUTE;
      const states = await Promise.all(
        instances.map((instance, i) => instance.runOnce(new Date(at + i))),
      );
      for (const s of states) expect(s.provedor_pagamento).toBe(round % 2 ? 'verde' : 'vermelho');
    }

    const mails = await testDb.database.db
      .select({ kind: outboxEmails.kind, subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(
        and(
          like(outboxEmails.kind, 'health_%'),
          // The test store has no backup and no schedule: that item's own alert is not counted.
          like(outboxEmails.subject, '%Provedor de pagamento%'),
        ),
      )
      .orderBy(asc(outboxEmails.id));
    expect(mails.map((m) => m.kind)).toEqual(
      Array.from({ length: ROUNDS }, (_, r) => (r % 2 ? 'health_resolved' : 'health_alert')),
    );
    expect(mails.every((m) => m.subject.includes('Provedor de pagamento'))).toBe(true);
  });
});
