/**
 * The owners' freight settings (docs/shipping-settings-contract.md): one row in
 * `shipping_settings`, the environment's MELHORENVIO_* and SHIP_FROM_CEP standing in for what
 * was never saved. The quotes, api/pay and the labels read `settings()` and `client()`; both are
 * kept in memory while the change feed listens and dropped when it says something changed (the
 * row's trigger notifies the catalog's channel, migration 0026), so a save on one instance
 * reaches every other one.
 *
 * The token is sealed with lib/secrets.ts's AES-256-GCM under SECOND_FACTOR_KEY (purpose
 * 'melhor-envio-token'): a database dump alone does not give it. It leaves this module only
 * inside the Melhor Envio client; answers carry its last 4 characters at most.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CATEGORIES } from '@semijoias/domain/catalog';
import { centsToDecimal } from '@semijoias/domain/money';
import {
  DEFAULT_CATEGORY_PACKAGE,
  DEFAULT_SHIPPING_SERVICE_IDS,
  EMPTY_SENDER,
  SHIPPING_SERVICES,
  type CategoryPackage,
  type CategorySlug,
  type MelhorEnvioEnvironment,
  type ShippingSender,
  type ShippingServiceSetting,
  type ShippingSettingsInput,
} from '@semijoias/domain/shipping-settings';
import { SHIPPING_CONNECTION_OK } from '@semijoias/domain/messages';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createSharedLimiter } from './shared-limiter.js';
import { shippingSettings, type ShippingSettingsRow } from '../../db/schema.js';
import {
  createMelhorEnvioClient,
  createSlidingWindowLimiter,
  isMelhorEnvioError,
  MELHOR_ENVIO_PRODUCTION_URL,
  MELHOR_ENVIO_SANDBOX_URL,
  melhorEnvioUserAgent,
  type MelhorEnvioClient,
  type MelhorEnvioErrorKind,
  type MelhorEnvioRateLimiter,
} from '../../integrations/shipping/melhor-envio.js';
import { openSealed, sealText } from '../../lib/secrets.js';
import type { ChangeFeed } from '../catalog/index.js';

const SEAL_PURPOSE = 'melhor-envio-token';
/** The application's name in the User-Agent Melhor Envio asks for. */
export const MELHOR_ENVIO_APPLICATION = 'Duas Irmas Semijoias';

export type ShippingTestResult = 'ok' | MelhorEnvioErrorKind;

/** What the next steps read: saved values over the environment's. */
export interface EffectiveShippingSettings {
  /** Carriers' quotes are asked: switched on (or never switched, with a token) and configured. */
  active: boolean;
  /** The owners' switch (null: never set; then on whenever a token is set). */
  enabled: boolean | null;
  environment: MelhorEnvioEnvironment | null;
  apiUrl: string;
  /** Never answered nor logged: only handed to the client. */
  token: string | undefined;
  tokenSource: 'painel' | 'ambiente' | null;
  tokenLast4: string | null;
  /** A token was saved but does not open under this SECOND_FACTOR_KEY. */
  tokenUnreadable: boolean;
  technicalEmail: string;
  userAgent: string;
  /** The sender's CEP, else SHIP_FROM_CEP. */
  fromCep: string | undefined;
  sender: ShippingSender;
  services: ShippingServiceSetting[];
  packages: Record<CategorySlug, CategoryPackage>;
  lastTest: { result: ShippingTestResult; at: Date } | null;
}

export function sealShippingToken(config: Pick<Config, 'secondFactorKey'>, token: string): string {
  return sealText(config.secondFactorKey, SEAL_PURPOSE, token);
}

export async function readShippingSettingsRow(db: Db): Promise<ShippingSettingsRow | undefined> {
  const [row] = await db.select().from(shippingSettings).where(eq(shippingSettings.id, 1));
  return row;
}

function urlOf(environment: MelhorEnvioEnvironment | null, config: Config): string {
  if (environment === 'sandbox') return MELHOR_ENVIO_SANDBOX_URL;
  if (environment === 'producao') return MELHOR_ENVIO_PRODUCTION_URL;
  return config.melhorEnvio.apiUrl;
}

const isTestResult = (v: string | null): v is ShippingTestResult =>
  v === 'ok' ||
  [
    'token-invalido',
    'sem-permissao',
    'validacao',
    'saldo-insuficiente',
    'limite',
    'indisponivel',
  ].includes(v ?? '');

/** The row (or its absence) over the environment's defaults. */
export function effectiveShippingSettings(
  row: ShippingSettingsRow | undefined,
  config: Config,
): EffectiveShippingSettings {
  const environment = row?.environment ?? null;
  let token: string | undefined;
  let tokenSource: EffectiveShippingSettings['tokenSource'] = null;
  let tokenLast4: string | null = null;
  let tokenUnreadable = false;
  if (row?.tokenSealed) {
    const opened = openSealed(config.secondFactorKey, SEAL_PURPOSE, row.tokenSealed);
    if (opened) {
      token = opened;
      tokenSource = 'painel';
      tokenLast4 = row.tokenLast4;
    } else tokenUnreadable = true;
  }
  if (!token && config.melhorEnvio.token) {
    token = config.melhorEnvio.token;
    tokenSource = 'ambiente';
    tokenLast4 = token.slice(-4);
  }
  const sender = { ...EMPTY_SENDER, ...(row?.sender ?? {}) };
  if (!sender.cep && config.melhorEnvio.fromCep) sender.cep = config.melhorEnvio.fromCep;
  const fromCep = sender.cep || undefined;
  const technicalEmail = row?.technicalEmail || config.storeEmail;
  const services =
    row?.services ??
    DEFAULT_SHIPPING_SERVICE_IDS.map((id) => ({ id, marginCents: 0, extraDays: 0 }));
  const packages = {} as Record<CategorySlug, CategoryPackage>;
  for (const c of CATEGORIES)
    packages[c.slug] = { ...DEFAULT_CATEGORY_PACKAGE, ...(row?.packages?.[c.slug] ?? {}) };
  const enabled = row?.enabled ?? null;
  const lastResult = row?.lastTestResult ?? null;
  return {
    active:
      (enabled ?? Boolean(token)) && Boolean(token) && Boolean(fromCep) && services.length > 0,
    enabled,
    environment,
    apiUrl: urlOf(environment, config),
    token,
    tokenSource,
    tokenLast4,
    tokenUnreadable,
    technicalEmail,
    userAgent: melhorEnvioUserAgent(MELHOR_ENVIO_APPLICATION, technicalEmail),
    fromCep,
    sender,
    services,
    packages,
    lastTest:
      isTestResult(lastResult) && row?.lastTestAt
        ? { result: lastResult, at: row.lastTestAt }
        : null,
  };
}

/** The token's change in a save: a new one (sealed), removed, or kept as it is. */
export type TokenChange = { token: string } | 'remove' | undefined;

/** Replaces the settings, in the caller's transaction (the audit entry rides in it). */
export async function writeShippingSettings(
  tx: Db,
  config: Config,
  input: ShippingSettingsInput,
  tokenChange: TokenChange,
): Promise<void> {
  const values = {
    enabled: input.enabled,
    environment: input.environment,
    technicalEmail: input.technicalEmail,
    sender: input.sender,
    services: input.services,
    packages: input.packages,
    ...(tokenChange === 'remove'
      ? { tokenSealed: null, tokenLast4: null, lastTestResult: null, lastTestAt: null }
      : tokenChange
        ? {
            tokenSealed: sealShippingToken(config, tokenChange.token),
            tokenLast4: tokenChange.token.slice(-4),
            lastTestResult: null,
            lastTestAt: null,
          }
        : {}),
  };
  await tx
    .insert(shippingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: shippingSettings.id, set: { ...values, updatedAt: sql`now()` } });
}

/** Keeps the last 'Testar conexão' (the health page reads it). */
async function writeTestResult(db: Db, result: ShippingTestResult): Promise<void> {
  await db
    .insert(shippingSettings)
    .values({ id: 1, lastTestResult: result, lastTestAt: sql`now()` })
    .onConflictDoUpdate({
      target: shippingSettings.id,
      set: { lastTestResult: result, lastTestAt: sql`now()` },
    });
}

const SERVICE_NAMES = new Map<number, (typeof SHIPPING_SERVICES)[number]>(
  SHIPPING_SERVICES.map((s) => [s.id, s]),
);

/** The settings as the admin API answers them: never the token, only whether one is set. */
export function shippingSettingsJson(settings: EffectiveShippingSettings, config: Config) {
  const s = settings.sender;
  return {
    ativo: settings.enabled,
    cotando: settings.active,
    ambiente: settings.environment,
    token: {
      salvo: settings.tokenSource !== null,
      origem: settings.tokenSource,
      final: settings.tokenLast4,
      ilegivel: settings.tokenUnreadable,
    },
    email_tecnico: settings.technicalEmail === config.storeEmail ? '' : settings.technicalEmail,
    email_tecnico_padrao: config.storeEmail,
    cep_origem_padrao: config.melhorEnvio.fromCep ?? null,
    remetente: {
      nome: s.nome,
      telefone: s.telefone,
      email: s.email,
      documento: s.documento,
      inscricao_estadual: s.inscricaoEstadual,
      rua: s.rua,
      numero: s.numero,
      complemento: s.complemento,
      bairro: s.bairro,
      cidade: s.cidade,
      uf: s.uf,
      cep: s.cep,
    },
    servicos: settings.services.map((service) => ({
      id: service.id,
      transportadora: SERVICE_NAMES.get(service.id)?.transportadora ?? '',
      servico: SERVICE_NAMES.get(service.id)?.servico ?? '',
      margem: centsToDecimal(service.marginCents),
      dias_extras: service.extraDays,
    })),
    embalagens: Object.fromEntries(
      Object.entries(settings.packages).map(([slug, p]) => [
        slug,
        {
          largura: p.widthCm,
          altura: p.heightCm,
          comprimento: p.lengthCm,
          peso_gramas: p.weightGrams,
        },
      ]),
    ) as Record<
      CategorySlug,
      { largura: number; altura: number; comprimento: number; peso_gramas: number }
    >,
    ultimo_teste: settings.lastTest
      ? { resultado: settings.lastTest.result, em: settings.lastTest.at.toISOString() }
      : null,
  };
}

export type ShippingSettingsJson = ReturnType<typeof shippingSettingsJson>;

export interface ConnectionTest {
  result: ShippingTestResult | 'nao-configurado';
  /** Portuguese, for the owners (MelhorEnvioError's message: no token, no URL). */
  message: string;
}

export interface ShippingSettingsService {
  /** The effective settings, kept while the change feed listens. */
  settings(): Promise<EffectiveShippingSettings>;
  /** A client built from them, or null when Melhor Envio is off or not configured. */
  client(): Promise<MelhorEnvioClient | null>;
  /** 'Testar conexão': asks the balance with the saved token, keeps the answer. */
  testConnection(): Promise<ConnectionTest>;
  /** Drops what is kept (this instance at once after a save; the others hear the feed). */
  invalidate(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** How long a shopper's quote waits for Melhor Envio before the table answers. */
export const QUOTE_TIMEOUT_MS = 3_000;

export function createShippingSettingsService(options: {
  db: Db;
  config: Config;
  feed?: ChangeFeed;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** For the tests: a client of their own making. */
  fetch?: typeof fetch;
}): ShippingSettingsService {
  const { db, config, feed, log } = options;
  let listening = false;
  let version = 0;
  let kept: { settings: EffectiveShippingSettings; client: MelhorEnvioClient | null } | undefined;
  // One limiter for the process, shared by every client built (a rebuild after a save keeps the
  // count of the last minute).
  // The account's count is shared with every other instance through the database.
  const limiter: MelhorEnvioRateLimiter = createSharedLimiter(db, createSlidingWindowLimiter(), {
    onPauseError: () => log?.warn('Melhor Envio: a pausa do 429 não foi gravada no limite comum'),
  });
  const invalidate = () => {
    version++;
    kept = undefined;
  };

  const buildClient = (settings: EffectiveShippingSettings): MelhorEnvioClient | null =>
    settings.token
      ? createMelhorEnvioClient({
          apiUrl: settings.apiUrl,
          token: settings.token,
          userAgent: settings.userAgent,
          limiter,
          // A shopper waits for the quote: past this, SPEC §9's table answers.
          quoteTimeoutMs: QUOTE_TIMEOUT_MS,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        })
      : null;

  const load = async () => {
    if (listening && kept) return kept;
    const startedAt = version;
    const settings = effectiveShippingSettings(await readShippingSettingsRow(db), config);
    const fresh = { settings, client: buildClient(settings) };
    if (listening && version === startedAt) kept = fresh;
    return fresh;
  };

  return {
    async settings() {
      return (await load()).settings;
    },
    async client() {
      const { settings, client } = await load();
      return settings.active ? client : null;
    },
    async testConnection() {
      const { settings, client } = await load();
      if (!client) return { result: 'nao-configurado', message: '' };
      let result: ShippingTestResult;
      let message: string;
      try {
        await client.balance();
        result = 'ok';
        message = SHIPPING_CONNECTION_OK;
      } catch (err) {
        if (!isMelhorEnvioError(err)) throw err;
        result = err.kind;
        message = err.message;
        // The kind and the call's status only: never the token, the URL or an answer's body.
        log?.warn(
          { melhorEnvio: err.kind, reason: err.reason, environment: settings.environment },
          'Melhor Envio: o teste de conexão falhou',
        );
      }
      await writeTestResult(db, result);
      invalidate();
      return { result, message };
    },
    invalidate,
    async start() {
      await feed?.start({
        changed(change) {
          if (change.kind === 'catalog') invalidate();
        },
        listening(on) {
          listening = on;
          invalidate();
        },
      });
    },
    async stop() {
      listening = false;
      invalidate();
      await feed?.stop();
    },
  };
}
