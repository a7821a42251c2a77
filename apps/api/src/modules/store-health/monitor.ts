/**
 * 'Saúde da loja' (docs/admin/health.md): at every sweep each item is checked
 * (checks.ts), judged by the domain's rules and written to `health_items`, which
 * GET /api/admin/saude/ reads.
 *
 * When an item turns red the owners get one e-mail at STORE_EMAIL, and another when it leaves
 * red. Each sweep reads the states first; a change is then one guarded statement, `update
 * health_items set state = <new> ... where key = <key> and state = <the state read>`, in the same
 * transaction as the e-mail's outbox row: of two instances sweeping at once (or a sweep and a
 * page's first evaluation), only the one whose update still finds the state it read moves the
 * item and writes the e-mail; the other's update finds nothing and sends nothing. The e-mail goes through the outbox, which
 * retries for about two days: an alert about the mail server itself is on the page at once and
 * reaches the owners when mail flows again.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  HEALTH_ITEM_KEYS,
  HEALTH_ITEM_TITLES,
  uncheckedHealth,
  type HealthItemKey,
  type HealthState,
  type HealthVerdict,
} from '@semijoias/domain/store-health';
import type { Db } from '../../db/client.js';
import { healthItems } from '../../db/schema.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import { enqueueEmail } from '../mail/index.js';
import type { SweepTask } from '../../lib/sweep-task.js';
import { healthAlertEmail } from './alert-email.js';
import { HEALTH_CHECKS, statfsFreeBytes, type HealthConfig, type HealthSources } from './checks.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owners' health page: evaluated at each sweep, read by GET /api/admin/saude/. */
    storeHealth: StoreHealthMonitor;
  }
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface StoreHealthOptions {
  db: Db;
  config: HealthConfig;
  provider: Pick<PaymentProvider, 'name' | 'checkReachability'>;
  mailer: Pick<Mailer, 'kind' | 'verify'>;
  log: Log;
  /** The embedded PGlite (true) or a PostgreSQL server (app.ts knows which it opened). */
  embeddedDatabase: boolean;
  /** The clock of a page's first evaluation (the sweep passes its own instant). */
  now?: () => Date;
  /** Mail queued by a change goes out at once rather than at the worker's next poll. */
  wakeOutbox?: () => void;
  /** Free bytes where a path lives (tests fill the disk this way). */
  freeBytes?: (path: string) => Promise<number>;
  mailCheckTimeoutMs?: number;
  shippingSettings?: HealthSources['shippingSettings'];
}

/** One item as the table holds it. */
export interface HealthItem {
  key: HealthItemKey;
  state: HealthState;
  title: string;
  detail: string;
  advice: string;
  changedAt: Date;
  checkedAt: Date;
}

export interface HealthReport {
  items: HealthItem[];
  version: string;
}

export interface StoreHealthMonitor extends SweepTask {
  /** Checks every item at `at`, writes the table and the e-mails a change calls for. */
  runOnce(at: Date): Promise<Record<HealthItemKey, HealthState>>;
  /** The items as last checked, in the page's order; checked first when some are missing. */
  read(): Promise<HealthReport>;
}

/** What a change of state does: an e-mail when it enters red and when it leaves red. */
function mailsFor(from: HealthState | null, to: HealthState): boolean {
  return to === 'vermelho' ? from !== 'vermelho' : from === 'vermelho';
}

export function createStoreHealthMonitor(options: StoreHealthOptions): StoreHealthMonitor {
  const { db, config, log } = options;
  const now = options.now ?? (() => new Date());
  const sources: HealthSources = {
    db,
    config,
    provider: options.provider,
    mailer: options.mailer,
    embeddedDatabase: options.embeddedDatabase,
    freeBytes: options.freeBytes ?? statfsFreeBytes,
    mailCheckTimeoutMs: options.mailCheckTimeoutMs ?? 15_000,
    ...(options.shippingSettings ? { shippingSettings: options.shippingSettings } : {}),
  };
  let firstEvaluation: Promise<unknown> | null = null;

  async function judge(key: HealthItemKey, at: Date): Promise<HealthVerdict> {
    try {
      return await HEALTH_CHECKS[key](sources, at);
    } catch (err) {
      // Said on the page (yellow) rather than left stale; the log has the cause.
      log.error({ err, chave: key }, 'saúde da loja: verificação falhou');
      return uncheckedHealth();
    }
  }

  /** Writes the item's verdict, and the e-mail when this call moved it into or out of red. */
  async function record(
    key: HealthItemKey,
    verdict: HealthVerdict,
    at: Date,
    current: { state: HealthState } | undefined,
  ): Promise<void> {
    const title = HEALTH_ITEM_TITLES[key];
    const text = { title, detail: verdict.detalhe, advice: verdict.o_que_fazer, checkedAt: at };
    if (current?.state === verdict.estado) {
      // Same colour: the words and the time of the check only, still guarded by the state read.
      await db
        .update(healthItems)
        .set(text)
        .where(and(eq(healthItems.key, key), eq(healthItems.state, current.state)));
      return;
    }

    const from = current?.state ?? null;
    const changed = await db.transaction(async (tx) => {
      const moved = current
        ? await tx
            .update(healthItems)
            .set({ ...text, state: verdict.estado, changedAt: at })
            .where(and(eq(healthItems.key, key), eq(healthItems.state, current.state)))
            .returning({ key: healthItems.key })
        : await tx
            .insert(healthItems)
            .values({ key, ...text, state: verdict.estado, changedAt: at })
            .onConflictDoNothing({ target: healthItems.key })
            .returning({ key: healthItems.key });
      // Another instance moved it first: its e-mail is the one; this sweep's view is older.
      if (moved.length === 0) return false;
      if (mailsFor(from, verdict.estado))
        await enqueueEmail(
          tx,
          healthAlertEmail(
            { title, from, verdict, at, publicUrl: config.publicUrl },
            config.storeEmail,
          ),
          { dedupeKey: `saude:${key}:${verdict.estado}:${at.toISOString()}` },
        );
      return true;
    });
    if (!changed) return;
    log.info({ chave: key, de: from, para: verdict.estado }, 'saúde da loja: item mudou');
    if (mailsFor(from, verdict.estado)) options.wakeOutbox?.();
  }

  async function runOnce(at: Date): Promise<Record<HealthItemKey, HealthState>> {
    // What the table says before the checks: every change below is guarded by it, so an instance
    // whose checks ran while another moved an item writes nothing for that item this time.
    const before = new Map(
      (await db.select({ key: healthItems.key, state: healthItems.state }).from(healthItems)).map(
        (r) => [r.key, { state: r.state }],
      ),
    );
    // The outside checks (provider, mail server) wait on the network: side by side.
    const verdicts = await Promise.all(HEALTH_ITEM_KEYS.map((key) => judge(key, at)));
    const states = {} as Record<HealthItemKey, HealthState>;
    for (const [i, key] of HEALTH_ITEM_KEYS.entries()) {
      const verdict = verdicts[i]!;
      states[key] = verdict.estado;
      try {
        await record(key, verdict, at, before.get(key));
      } catch (err) {
        log.error({ err, chave: key }, 'saúde da loja: falha ao gravar item');
      }
    }
    return states;
  }

  async function readItems(): Promise<HealthItem[]> {
    const rows = await db.select().from(healthItems);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return HEALTH_ITEM_KEYS.flatMap((key) => {
      const row = byKey.get(key);
      return row ? [{ ...row, key }] : [];
    });
  }

  return {
    name: 'saúde',
    runOnce,
    async read() {
      let items = await readItems();
      if (items.length < HEALTH_ITEM_KEYS.length) {
        // A fresh store (or a release with a new item) before its first sweep: checked now, once
        // for the callers arriving together.
        firstEvaluation ??= runOnce(now()).finally(() => {
          firstEvaluation = null;
        });
        await firstEvaluation;
        items = await readItems();
      }
      return { items, version: config.storeVersion };
    },
  };
}
