/**
 * The facts behind each item of 'Saúde da loja', gathered from the database, the disk
 * and the outside services; what they mean is the domain's (packages/domain/src/store-health.ts).
 * Every instant compared with is the sweep's `at`, passed to the database as a parameter, so the
 * tests move the clock.
 */
import { statfs, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { and, count, gte, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import {
  backupHealth,
  carrierQuotesHealth,
  databaseHealth,
  diskHealth,
  emailsHealth,
  HEALTH_LIMITS,
  mailServerHealth,
  paymentProviderHealth,
  refusedNotificationsHealth,
  shippingOverdueCutoff,
  unshippedOrdersHealth,
  type CarrierQuotesCheck,
  type HealthItemKey,
  type HealthVerdict,
  type MailServerCheck,
} from '@semijoias/domain/store-health';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { orders, outboxEmails } from '../../db/schema.js';
import type { PaymentProvider } from '../../integrations/payments/provider.js';
import { SANDBOX_PROVIDER_NAME } from '../../integrations/payments/sandbox.js';
import { listBackups } from '../backups/index.js';
import type { ShippingSettingsService } from '../shipping-settings/index.js';
import { isMelhorEnvioError } from '../../integrations/shipping/melhor-envio.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import { countRefusedNotifications } from './refused-notifications.js';

export type HealthConfig = Pick<
  Config,
  'nodeEnv' | 'dataDir' | 'backups' | 'storeEmail' | 'storeVersion' | 'publicUrl'
>;

export interface HealthSources {
  db: Db;
  config: HealthConfig;
  provider: Pick<PaymentProvider, 'name' | 'checkReachability'>;
  mailer: Pick<Mailer, 'kind' | 'verify'>;
  /** The embedded PGlite (true) or a PostgreSQL server. */
  embeddedDatabase: boolean;
  /** Bytes free to the store on the file system holding `path` (an existing one). */
  freeBytes: (path: string) => Promise<number>;
  /** Limit of the mail server's check (nodemailer's own timeouts are longer). */
  mailCheckTimeoutMs: number;
  /** The 'Frete' settings and their Melhor Envio client (absent: the item says the table quotes). */
  shippingSettings?: Pick<ShippingSettingsService, 'settings' | 'client'>;
}

/** statfs's blocks free to an unprivileged process (what the store may still write). */
export async function statfsFreeBytes(path: string): Promise<number> {
  const s = await statfs(path);
  return Number(s.bavail) * Number(s.bsize);
}

/** `path`, or its nearest existing parent (BACKUP_DIR may not exist before the first backup). */
async function nearestExisting(path: string): Promise<string> {
  for (let p = path; ; p = dirname(p)) {
    try {
      await stat(p);
      return p;
    } catch {
      if (dirname(p) === p) return p;
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

const since = (at: Date, ms: number) => new Date(at.getTime() - ms);

async function backup(s: HealthSources, at: Date): Promise<HealthVerdict> {
  const [newest] = await listBackups(s.config.backups.dir);
  return backupHealth({
    newestAt: newest?.createdAt ?? null,
    everyHours: s.config.backups.everyHours,
    now: at,
  });
}

async function emails(s: HealthSources, at: Date): Promise<HealthVerdict> {
  const failedSince = since(at, HEALTH_LIMITS.emailFailedWindowMs);
  const waitingBefore = since(at, HEALTH_LIMITS.emailWaitingMs);
  // Unsent rows are few and have their own index; given-up ones are rarer still.
  const [failed] = await s.db
    .select({ n: count() })
    .from(outboxEmails)
    .where(gte(outboxEmails.failedAt, failedSince));
  const [waiting] = await s.db
    .select({ n: count(), oldest: min(outboxEmails.createdAt) })
    .from(outboxEmails)
    .where(
      and(
        isNull(outboxEmails.sentAt),
        isNull(outboxEmails.failedAt),
        lt(outboxEmails.createdAt, waitingBefore),
      ),
    );
  const oldest = waiting?.oldest ?? null;
  return emailsHealth({
    failedRecently: Number(failed?.n ?? 0),
    waitingLong: Number(waiting?.n ?? 0),
    oldestWaitingSince: oldest === null ? null : new Date(oldest),
    now: at,
  });
}

async function refused(s: HealthSources, at: Date): Promise<HealthVerdict> {
  return refusedNotificationsHealth(
    await countRefusedNotifications(s.db, since(at, HEALTH_LIMITS.refusedWindowMs)),
  );
}

async function unshipped(s: HealthSources, at: Date): Promise<HealthVerdict> {
  const [late] = await s.db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['paid', 'in_progress']),
        lt(orders.paidAt, shippingOverdueCutoff(at)),
        // A sandbox order is a test the owners must never ship: not late.
        or(
          isNull(orders.paymentProvider),
          sql`${orders.paymentProvider} <> ${SANDBOX_PROVIDER_NAME}`,
        ),
      ),
    );
  return unshippedOrdersHealth(Number(late?.n ?? 0));
}

async function paymentProvider(s: HealthSources): Promise<HealthVerdict> {
  const check = s.provider.checkReachability ? await s.provider.checkReachability() : 'not_checked';
  return paymentProviderHealth({ provider: s.provider.name, check });
}

async function mailServer(s: HealthSources): Promise<HealthVerdict> {
  let check: MailServerCheck;
  if (s.mailer.kind === 'files') check = 'files';
  else if (!s.mailer.verify) check = 'not_checked';
  else {
    try {
      await withTimeout(s.mailer.verify(), s.mailCheckTimeoutMs);
      check = 'ok';
    } catch {
      check = 'unreachable';
    }
  }
  return mailServerHealth({ check, production: s.config.nodeEnv === 'production' });
}

async function database(s: HealthSources): Promise<HealthVerdict> {
  return databaseHealth({
    embedded: s.embeddedDatabase,
    production: s.config.nodeEnv === 'production',
  });
}

async function disk(s: HealthSources): Promise<HealthVerdict> {
  // Where the store writes: DATA_DIR (PGlite, the development outbox) and the backups. The
  // tighter of the two speaks (often one disk); a PostgreSQL server's own disk is not ours.
  const paths = [...new Set([s.config.dataDir, s.config.backups.dir])];
  const free = await Promise.all(paths.map(async (p) => s.freeBytes(await nearestExisting(p))));
  return diskHealth(Math.min(...free));
}

/** The carriers' quotes: configured, and Melhor Envio answering (its balance, a cheap call). */
async function carrierQuotes(s: HealthSources): Promise<HealthVerdict> {
  const settings = await s.shippingSettings?.settings();
  const check = async (): Promise<CarrierQuotesCheck> => {
    if (!settings || settings.enabled === false) return { kind: 'desligado' };
    if (settings.tokenUnreadable && !settings.token) return { kind: 'token-ilegivel' };
    if (!settings.token) return { kind: 'sem-token' };
    if (!settings.fromCep) return { kind: 'incompleto', missing: 'cep' };
    if (settings.services.length === 0) return { kind: 'incompleto', missing: 'servicos' };
    const client = await s.shippingSettings!.client();
    if (!client) return { kind: 'desligado' };
    try {
      await client.balance();
      return { kind: 'respondeu' };
    } catch (err) {
      if (!isMelhorEnvioError(err)) throw err;
      const reason =
        err.kind === 'token-invalido' || err.kind === 'sem-permissao' || err.kind === 'indisponivel'
          ? err.kind
          : 'outro';
      return { kind: 'falhou', reason };
    }
  };
  return carrierQuotesHealth(await check());
}

/** Each item's check, in the page's order. */
export const HEALTH_CHECKS: Record<
  HealthItemKey,
  (sources: HealthSources, at: Date) => Promise<HealthVerdict>
> = {
  backup,
  emails,
  notificacoes_recusadas: refused,
  pedidos_sem_envio: unshipped,
  provedor_pagamento: paymentProvider,
  frete: carrierQuotes,
  servidor_email: mailServer,
  banco_de_dados: database,
  espaco_em_disco: disk,
};
