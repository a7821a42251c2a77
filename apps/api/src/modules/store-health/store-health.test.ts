/**
 * 'Saúde da loja': every item turns red (or yellow) and green again, with exactly one
 * e-mail to STORE_EMAIL when it enters red and one when it leaves, never one per sweep. The
 * monitor runs on the test database with the outside world faked where it is outside (the
 * provider, the mail server, the disk) and real where it is the store's (backup files on disk,
 * the outbox, refused notifications posted to the real webhook, orders).
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HEALTH_ITEM_KEYS,
  HEALTH_ITEM_TITLES,
  type HealthItemKey,
  type HealthState,
} from '@semijoias/domain/store-health';
import { healthItems, orders, outboxEmails, refusedPaymentNotifications } from '../../db/schema.js';
import type { ProviderReachability } from '../../integrations/payments/provider.js';
import { SANDBOX_SIGNATURE_HEADER } from '../../integrations/payments/sandbox.js';
import { testConfig, useTestApp } from '../../../test/helpers.js';
import { deliverWebhook, insertOrder } from '../../../test/orders.js';
import { backupNameFor } from '../backups/files.js';
import { memoryMailer, type MailMessage } from '../../integrations/mail/mailer.js';
import { createStoreHealthMonitor, type StoreHealthOptions } from './monitor.js';

const STORE_EMAIL = 'donas@semijoias.test';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;
const GB = 1024 * MB;

const mailer = memoryMailer();
const ctx = useTestApp({ storeEmail: STORE_EMAIL }, { mailer });
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let backupDir: string;
beforeAll(async () => {
  backupDir = await mkdtemp(join(tmpdir(), 'semijoias-saude-'));
});
afterAll(async () => {
  if (backupDir) await rm(backupDir, { recursive: true, force: true });
});

/** The outside world the monitor looks at; healthy unless a test breaks it. */
const world = {
  provider: 'ok' as ProviderReachability,
  mailServerUp: true,
  freeBytes: (50 * GB) as number | Error,
};

function monitor(overrides: Partial<StoreHealthOptions> = {}) {
  return createStoreHealthMonitor({
    db: ctx.database.db,
    config: {
      ...testConfig({ storeEmail: STORE_EMAIL }),
      backups: { dir: backupDir, everyHours: 24, keep: 14 },
    },
    provider: { name: 'pagbank', checkReachability: async () => world.provider },
    mailer: {
      kind: 'smtp',
      verify: async () => {
        if (!world.mailServerUp) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
    },
    log: silent,
    embeddedDatabase: false,
    freeBytes: async () => {
      if (world.freeBytes instanceof Error) throw world.freeBytes;
      return world.freeBytes;
    },
    ...overrides,
  });
}

async function backupMadeAt(at: Date) {
  await writeFile(join(backupDir, backupNameFor(at)), 'not really a backup');
}

async function removeBackups() {
  for (const name of await readdir(backupDir)) await rm(join(backupDir, name));
}

let delivered = 0;
/** The owners' health e-mails delivered since the last call. */
async function healthMails(): Promise<MailMessage[]> {
  await ctx.app.outbox.drain();
  const fresh = mailer.sent.slice(delivered);
  delivered = mailer.sent.length;
  return fresh.filter((m) => m.to === STORE_EMAIL);
}

async function stateOf(key: HealthItemKey) {
  const [row] = await ctx.database.db.select().from(healthItems).where(eq(healthItems.key, key));
  return row;
}

const TEST_RECIPIENT = 'saude-teste@exemplo.com.br';

beforeEach(async () => {
  const db = ctx.database.db;
  await healthMails();
  await db.delete(healthItems);
  await db.delete(refusedPaymentNotifications);
  await db.delete(outboxEmails).where(eq(outboxEmails.recipient, TEST_RECIPIENT));
  await db.delete(outboxEmails).where(like(outboxEmails.kind, 'health_%'));
  await removeBackups();
  await backupMadeAt(new Date(Date.now() - HOUR));
  Object.assign(world, { provider: 'ok', mailServerUp: true, freeBytes: 50 * GB });
});

/** Ten notifications with a forged signature, as an attacker (or a wrong token) sends them. */
async function forgedNotifications(n: number) {
  for (let i = 0; i < n; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox/',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 'sha256=00' },
      payload: JSON.stringify({ event_id: `forjado-${i}`, reference: '1', status: 'paid' }),
    });
    expect(res.statusCode).toBe(401);
  }
}

describe('a healthy store', () => {
  it('is green on every item, sends nothing, and the page reads the items in order', async () => {
    const health = monitor();
    const states = await health.runOnce(new Date());
    expect(states).toEqual(Object.fromEntries(HEALTH_ITEM_KEYS.map((k) => [k, 'verde'])));
    const report = await health.read();
    expect(report.items.map((i) => i.key)).toEqual([...HEALTH_ITEM_KEYS]);
    expect(report.items.every((i) => i.advice === '')).toBe(true);
    expect(report.version).toBe(testConfig().storeVersion);
    expect(await healthMails()).toEqual([]);
  });

  it('a fresh store (empty table) is checked when the page is first read', async () => {
    const report = await monitor().read();
    expect(report.items).toHaveLength(HEALTH_ITEM_KEYS.length);
    const rows = await ctx.database.db.select().from(healthItems);
    expect(rows).toHaveLength(HEALTH_ITEM_KEYS.length);
  });
});

interface Scenario {
  key: HealthItemKey;
  /** Makes the item red; answers the instant the next sweep runs at. */
  breakIt(): Promise<Date>;
  /** Makes it green again; answers the instant of the sweep. */
  fixIt(): Promise<Date>;
  /** A part of the red detail the owners read. */
  detail: string;
}

const soon = (ms = 0) => new Date(Date.now() + ms);

const scenarios: Scenario[] = [
  {
    key: 'backup',
    breakIt: async () => {
      await removeBackups();
      return soon();
    },
    fixIt: async () => {
      await backupMadeAt(new Date());
      return soon();
    },
    detail: 'Nenhum backup da loja foi feito até agora.',
  },
  {
    key: 'emails',
    breakIt: async () => {
      // Given up after every retry an hour ago.
      await ctx.database.db.insert(outboxEmails).values({
        kind: 'verification',
        recipient: TEST_RECIPIENT,
        subject: 'Confirme seu e-mail',
        attempts: 57,
        failedAt: new Date(Date.now() - HOUR),
        createdAt: new Date(Date.now() - 2 * DAY),
      });
      return soon();
    },
    // A day later the failure is out of the window (the backup is then 26 hours old: green).
    fixIt: async () => soon(DAY + MINUTE),
    detail: '1 e-mail não pôde ser entregue nas últimas 24 horas',
  },
  {
    key: 'notificacoes_recusadas',
    breakIt: async () => {
      await forgedNotifications(10);
      return soon();
    },
    fixIt: async () => soon(DAY + MINUTE),
    detail:
      '10 avisos de pagamento foram recusados nas últimas 24 horas (10 com assinatura inválida)',
  },
  {
    key: 'provedor_pagamento',
    breakIt: async () => {
      world.provider = 'unreachable';
      return soon();
    },
    fixIt: async () => {
      world.provider = 'ok';
      return soon();
    },
    detail: 'A loja não conseguiu falar com o PagBank.',
  },
  {
    key: 'servidor_email',
    breakIt: async () => {
      world.mailServerUp = false;
      return soon();
    },
    fixIt: async () => {
      world.mailServerUp = true;
      return soon();
    },
    detail: 'O servidor de e-mail não respondeu',
  },
  {
    key: 'espaco_em_disco',
    breakIt: async () => {
      world.freeBytes = 300 * MB;
      return soon();
    },
    fixIt: async () => {
      world.freeBytes = 20 * GB;
      return soon();
    },
    detail: 'Restam 300 MB livres',
  },
];

describe('every item that can turn red: one e-mail in, one e-mail out', () => {
  it.each(scenarios)('$key', async ({ key, breakIt, fixIt, detail }) => {
    const health = monitor();
    const title = HEALTH_ITEM_TITLES[key];
    await health.runOnce(new Date());
    expect(await healthMails()).toEqual([]);

    const brokenAt = await breakIt();
    const states = await health.runOnce(brokenAt);
    expect(states[key]).toBe('vermelho');
    // Only this item changed.
    for (const other of HEALTH_ITEM_KEYS)
      if (other !== key) expect(states[other], other).toBe('verde');
    const row = await stateOf(key);
    expect(row).toMatchObject({ state: 'vermelho', changedAt: brokenAt, checkedAt: brokenAt });
    expect(row!.detail).toContain(detail);
    expect(row!.advice.length).toBeGreaterThan(20);

    const [alert, ...more] = await healthMails();
    expect(more).toEqual([]);
    expect(alert!.subject).toBe(`Problema na loja: ${title} - Duas Irmãs Semijoias`);
    expect(alert!.text).toContain(row!.detail);
    expect(alert!.text).toContain(`O que fazer: ${row!.advice}`);
    expect(alert!.text).toContain('http://loja.test/admin/saude');

    // Still red at the next sweeps: checked again, not mailed again.
    await health.runOnce(new Date(brokenAt.getTime() + MINUTE));
    await health.runOnce(new Date(brokenAt.getTime() + 2 * MINUTE));
    expect(await healthMails()).toEqual([]);
    expect(await stateOf(key)).toMatchObject({
      state: 'vermelho',
      changedAt: brokenAt,
      checkedAt: new Date(brokenAt.getTime() + 2 * MINUTE),
    });

    const fixedAt = await fixIt();
    expect((await health.runOnce(fixedAt))[key]).toBe('verde');
    expect(await stateOf(key)).toMatchObject({ state: 'verde', advice: '', changedAt: fixedAt });
    const resolved = await healthMails();
    expect(resolved.map((m) => m.subject)).toEqual([`Resolvido: ${title} - Duas Irmãs Semijoias`]);
    expect(resolved[0]!.text).toContain('voltou ao normal');

    await health.runOnce(new Date(fixedAt.getTime() + MINUTE));
    expect(await healthMails()).toEqual([]);
  });
});

describe('no backup at all with the schedule off', () => {
  it('is red and e-mails the owners once; a backup made turns it green with one more', async () => {
    const health = monitor({
      config: {
        ...testConfig({ storeEmail: STORE_EMAIL }),
        backups: { dir: backupDir, everyHours: 0, keep: 14 },
      },
    });
    expect((await health.runOnce(new Date())).backup).toBe('verde');
    await removeBackups();
    const brokenAt = soon();
    const states = await health.runOnce(brokenAt);
    expect(states.backup).toBe('vermelho');
    const row = await stateOf('backup');
    expect(row).toMatchObject({
      state: 'vermelho',
      detail: 'Os backups automáticos estão desligados e não há nenhum backup da loja.',
    });
    expect(row!.advice).toContain('BACKUP_EVERY_HOURS');
    const [alert, ...more] = await healthMails();
    expect(more).toEqual([]);
    expect(alert!.subject).toBe('Problema na loja: Último backup - Duas Irmãs Semijoias');
    expect(alert!.text).toContain(row!.detail);

    await health.runOnce(new Date(brokenAt.getTime() + MINUTE));
    expect(await healthMails()).toEqual([]);

    await backupMadeAt(new Date());
    expect((await health.runOnce(new Date(brokenAt.getTime() + 2 * MINUTE))).backup).toBe('verde');
    expect((await healthMails()).map((m) => m.subject)).toEqual([
      'Resolvido: Último backup - Duas Irmãs Semijoias',
    ]);
  });
});

describe('red, then yellow, then green', () => {
  it('mails when it enters red and when it leaves red, not when yellow turns green', async () => {
    const health = monitor();
    const at = new Date();
    world.freeBytes = 100 * MB;
    await health.runOnce(at);
    expect((await healthMails()).map((m) => m.subject)).toEqual([
      'Problema na loja: Espaço em disco - Duas Irmãs Semijoias',
    ]);
    world.freeBytes = 1 * GB;
    expect((await health.runOnce(new Date(at.getTime() + MINUTE))).espaco_em_disco).toBe('amarelo');
    const better = await healthMails();
    expect(better.map((m) => m.subject)).toEqual([
      'Melhorou, mas pede atenção: Espaço em disco - Duas Irmãs Semijoias',
    ]);
    expect(better[0]!.text).toContain('O espaço está acabando');
    world.freeBytes = 30 * GB;
    expect((await health.runOnce(new Date(at.getTime() + 2 * MINUTE))).espaco_em_disco).toBe(
      'verde',
    );
    expect(await healthMails()).toEqual([]);
  });
});

describe('the yellow items (never an e-mail)', () => {
  async function yellowThenGreen(
    key: HealthItemKey,
    breakIt: () => Promise<Date>,
    fixIt: () => Promise<Date>,
    health = monitor(),
  ): Promise<string> {
    await health.runOnce(new Date());
    const states = await health.runOnce(await breakIt());
    expect(states[key]).toBe('amarelo');
    const row = await stateOf(key);
    expect(row!.advice.length).toBeGreaterThan(20);
    expect((await health.runOnce(await fixIt()))[key]).toBe('verde');
    expect(await healthMails()).toEqual([]);
    return row!.detail;
  }

  it('paid orders not shipped after two working days; test (sandbox) orders are not counted', async () => {
    const now = new Date();
    const paid = async (provider: string, paidAt: Date) => {
      const { order } = await insertOrder(ctx.database, { status: 'paid' });
      await ctx.database.db
        .update(orders)
        .set({ paidAt, paymentProvider: provider })
        .where(eq(orders.id, order.id));
      return order.id;
    };
    // Paid a week ago is late whatever the holidays; paid an hour ago is not.
    const late = await paid('pagbank', new Date(now.getTime() - 7 * DAY));
    const sandbox = await paid('sandbox', new Date(now.getTime() - 7 * DAY));
    const fresh = await paid('pagbank', new Date(now.getTime() - HOUR));
    const detail = await yellowThenGreen(
      'pedidos_sem_envio',
      async () => soon(),
      async () => {
        await ctx.database.db
          .update(orders)
          .set({ status: 'shipped', shippedAt: new Date(), trackingCode: 'AA123456789BR' })
          .where(eq(orders.id, late));
        return soon();
      },
    );
    expect(detail).toBe('1 pedido pago espera o envio há mais de dois dias úteis.');
    await ctx.database.db
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(inArray(orders.id, [sandbox, fresh]));
  });

  it('an e-mail waiting more than 30 minutes', async () => {
    const detail = await yellowThenGreen(
      'emails',
      async () => {
        await ctx.database.db.insert(outboxEmails).values({
          kind: 'verification',
          recipient: TEST_RECIPIENT,
          subject: 'Confirme seu e-mail',
          attempts: 4,
          nextAttemptAt: new Date(Date.now() + HOUR),
          createdAt: new Date(Date.now() - 40 * MINUTE),
        });
        return soon();
      },
      async () => {
        await ctx.database.db
          .update(outboxEmails)
          .set({ sentAt: new Date() })
          .where(eq(outboxEmails.recipient, TEST_RECIPIENT));
        return soon();
      },
    );
    expect(detail).toBe(
      '1 e-mail espera para sair há mais de 30 minutos. O mais antigo entrou na fila há 40 minutos.',
    );
  });

  it('refused notifications: one is yellow', async () => {
    await yellowThenGreen(
      'notificacoes_recusadas',
      async () => {
        await forgedNotifications(1);
        return soon();
      },
      async () => soon(DAY + MINUTE),
    );
  });

  it('a backup older than twice the schedule', async () => {
    await yellowThenGreen(
      'backup',
      async () => soon(49 * HOUR),
      async () => {
        await backupMadeAt(soon(48 * HOUR));
        return soon(49 * HOUR);
      },
    );
  });

  it('the disk under 2 GB', async () => {
    await yellowThenGreen(
      'espaco_em_disco',
      async () => {
        world.freeBytes = 1.5 * GB;
        return soon();
      },
      async () => {
        world.freeBytes = 3 * GB;
        return soon();
      },
    );
  });

  it('the schedule off: an old backup is yellow, a recent one green', async () => {
    const health = monitor({
      config: {
        ...testConfig({ storeEmail: STORE_EMAIL }),
        backups: { dir: backupDir, everyHours: 0, keep: 14 },
      },
    });
    expect((await health.runOnce(new Date())).backup).toBe('verde');
    await removeBackups();
    await backupMadeAt(new Date(Date.now() - 5 * DAY));
    expect((await health.runOnce(soon())).backup).toBe('amarelo');
    expect((await stateOf('backup'))!.detail).toContain(
      'Os backups automáticos estão desligados; o último foi feito',
    );
    await backupMadeAt(new Date());
    expect((await health.runOnce(soon(MINUTE))).backup).toBe('verde');
    expect(await healthMails()).toEqual([]);
  });

  it('the embedded database in production; PostgreSQL is green', async () => {
    const config = { ...testConfig({ storeEmail: STORE_EMAIL, nodeEnv: 'production' }) };
    const inProduction = { ...config, backups: { dir: backupDir, everyHours: 24, keep: 14 } };
    await monitor({ config: inProduction, embeddedDatabase: false }).runOnce(new Date());
    expect((await stateOf('banco_de_dados'))!.state).toBe('verde');
    await monitor({ config: inProduction, embeddedDatabase: true }).runOnce(soon());
    expect(await stateOf('banco_de_dados')).toMatchObject({
      state: 'amarelo',
      detail: expect.stringContaining('PGlite'),
    });
    expect(await healthMails()).toEqual([]);
  });
});

describe('what the owners read when something cannot be checked', () => {
  it('a check that fails is yellow on the page, and the other items are still checked', async () => {
    world.freeBytes = new Error('EACCES: permission denied');
    const states = await monitor().runOnce(new Date());
    expect(states.espaco_em_disco).toBe('amarelo');
    expect((await stateOf('espaco_em_disco'))!.detail).toBe(
      'Não foi possível verificar este item agora.',
    );
    expect(Object.values(states).filter((s: HealthState) => s === 'verde')).toHaveLength(
      HEALTH_ITEM_KEYS.length - 1,
    );
  });

  it('a provider or mailer that cannot be asked says so in yellow; the sandbox is always reachable', async () => {
    const states = await monitor({
      provider: { name: 'pagbank' },
      mailer: {},
    }).runOnce(new Date());
    expect(states.provedor_pagamento).toBe('amarelo');
    expect(states.servidor_email).toBe('amarelo');
    const sandbox = await monitor({ provider: { name: 'sandbox' } }).runOnce(soon());
    expect(sandbox.provedor_pagamento).toBe('verde');
    expect(await healthMails()).toEqual([]);
  });

  it('the files mailer of development: green outside production, yellow in it', async () => {
    expect((await monitor({ mailer: { kind: 'files' } }).runOnce(new Date())).servidor_email).toBe(
      'verde',
    );
    const production = {
      ...testConfig({ storeEmail: STORE_EMAIL, nodeEnv: 'production' }),
      backups: { dir: backupDir, everyHours: 24, keep: 14 },
    };
    expect(
      (await monitor({ mailer: { kind: 'files' }, config: production }).runOnce(soon()))
        .servidor_email,
    ).toBe('amarelo');
    expect(await healthMails()).toEqual([]);
  });
});

describe('refused payment notifications, as the webhook records them', () => {
  it('a flood writes one row a minute, whatever the path, and is counted whole', async () => {
    const db = ctx.database.db;
    const forge = (i: number, provider: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/${provider}/`,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: 'sha256=00' },
        payload: JSON.stringify({ event_id: `enxurrada-${i}`, reference: '1', status: 'paid' }),
      });
    // 200 forged sandbox notices, 20 at a time, and 40 on paths of providers that do not exist.
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => forge(round * 20 + i, 'sandbox')),
        ...Array.from({ length: 4 }, (_, i) => forge(i, `inventado-${round}-${i}`)),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(24).fill(401));
    }
    const rows = await db
      .select({
        provider: refusedPaymentNotifications.provider,
        count: refusedPaymentNotifications.count,
      })
      .from(refusedPaymentNotifications);
    // One row a minute per provider and reason (two when the flood crossed a minute).
    const sandbox = rows.filter((r) => r.provider === 'sandbox');
    const other = rows.filter((r) => r.provider !== 'sandbox');
    expect(sandbox.length).toBeLessThanOrEqual(2);
    expect(other.length).toBeLessThanOrEqual(2);
    expect(new Set(other.map((r) => r.provider))).toEqual(new Set(['outro']));
    expect(sandbox.reduce((n, r) => n + r.count, 0)).toBe(200);
    expect(other.reduce((n, r) => n + r.count, 0)).toBe(40);
    await monitor().runOnce(new Date());
    expect((await stateOf('notificacoes_recusadas'))!.detail).toBe(
      '240 avisos de pagamento foram recusados nas últimas 24 horas (240 com assinatura inválida). ' +
        'Nenhum pedido mudou por causa deles.',
    );
  });

  it('a bad signature, an unreadable signed body and an unknown order; no body kept', async () => {
    const db = ctx.database.db;
    await forgedNotifications(1);
    const signed = (raw: string) => deliverWebhook(ctx.app, raw);
    expect((await signed('{"não": "é um aviso"}')).statusCode).toBe(401);
    const unknown = JSON.stringify({
      event_id: 'evt-desconhecido',
      checkout_id: 'x',
      reference: '999999999',
      status: 'paid',
      payment_id: 'SBX_1',
      amount_cents: 100,
      method: 'pix',
    });
    // Answered 200 (the provider must not retry it), counted once however often it comes.
    expect((await signed(unknown)).statusCode).toBe(200);
    expect((await signed(unknown)).statusCode).toBe(200);
    // A path of a provider this store does not use.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/pagbank/',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(other.statusCode).toBe(401);

    const rows = await db
      .select({
        provider: refusedPaymentNotifications.provider,
        reason: refusedPaymentNotifications.reason,
      })
      .from(refusedPaymentNotifications)
      .orderBy(refusedPaymentNotifications.id);
    expect(rows).toEqual([
      { provider: 'sandbox', reason: 'assinatura' },
      { provider: 'sandbox', reason: 'invalida' },
      { provider: 'sandbox', reason: 'pedido_desconhecido' },
      { provider: 'pagbank', reason: 'assinatura' },
    ]);
    const columns = await db.execute(
      sql`select column_name from information_schema.columns where table_name = 'refused_payment_notifications'`,
    );
    expect(JSON.stringify(columns)).not.toContain('body');

    await monitor().runOnce(new Date());
    expect((await stateOf('notificacoes_recusadas'))!.detail).toBe(
      '4 avisos de pagamento foram recusados nas últimas 24 horas (2 com assinatura inválida, ' +
        '1 de pedido desconhecido, 1 ilegível). Nenhum pedido mudou por causa deles.',
    );
  });
});
