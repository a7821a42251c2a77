/**
 * The only module that reads process.env (STYLE 1). Every setting has a default that works on a
 * laptop; a bad value stops the server at boot with a message naming the variable.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import {
  accessSync,
  constants as fsConstants,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_UNPAID_ORDER_TTL_MINUTES } from '@semijoias/domain/orders';
import {
  DEFAULT_UNPAID_UNITS_PER_ADDRESS,
  DEFAULT_UNSTARTED_ORDER_TTL_MINUTES,
} from '@semijoias/domain/purchase-limits';
import {
  REVIEW_REQUEST_DELAY_MINUTES_DEFAULT,
  REVIEW_REQUEST_SHIPPED_DAYS_DEFAULT,
} from '@semijoias/domain/reviews';
import { STORE_INFO } from '@semijoias/domain/store-info';
import { parseWhatsappNumber, WHATSAPP_NUMBER_INVALID } from '@semijoias/domain/whatsapp';
import { appPaths, type AppPaths } from './lib/paths.js';
import { trustProxySetting, type TrustProxy } from './lib/trust-proxy.js';

/** An empty variable (`DATABASE_URL=`) means "not set", as in most tools. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

const httpUrl = z.url({ protocol: /^https?$/, error: 'deve ser uma URL http(s)' });

const booleanSetting = z.enum(['true', 'false', '1', '0'], { error: 'deve ser true ou false' });
const isTrue = (v: string | undefined) => v === 'true' || v === '1';

/** localhost, 127.0.0.0/8 and ::1: a store reached only from its own machine may use plain HTTP. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(['development', 'test', 'production'])),
    PORT: optional(z.coerce.number().int().min(1).max(65535)),
    HOST: optional(z.string()),
    DATA_DIR: optional(z.string()),
    DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, error: 'deve ser uma URL postgres://' }),
    ),
    DB_POOL_MAX: optional(z.coerce.number().int().min(1).max(200)),
    PUBLIC_URL: optional(httpUrl),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'deve ser uma URL smtp(s)://' })),
    MAIL_FROM: optional(z.string()),
    // Where the owners get their notices (each paid order, each refund to make).
    STORE_EMAIL: optional(z.email({ error: 'deve ser um e-mail' })),
    // The owners' accounts (comma-separated e-mails): once verified, they enter the back office.
    ADMIN_EMAILS: optional(
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(z.array(z.email({ error: 'deve ser uma lista de e-mails separados por vírgula' }))),
    ),
    VIACEP_URL: optional(httpUrl),
    // How long a postal-code lookup may take before the answer is 'Erro ao validar CEP' (503).
    VIACEP_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)),
    // A CDN base ("https://cdn.example.com/loja/") or a path on this server ("/media/").
    IMAGE_BASE_URL: optional(
      z.string().refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), {
        error: 'deve começar com / ou http(s)://',
      }),
    ),
    PAYMENT_PROVIDER: optional(
      z.enum(['sandbox', 'pagbank', 'mercadopago'], {
        error: 'deve ser sandbox, pagbank ou mercadopago',
      }),
    ),
    PAGBANK_TOKEN: optional(z.string()),
    PAGBANK_API_URL: optional(httpUrl),
    // Mercado Pago's Checkout Pro: the access token (bearer of every call) and the secret
    // signature of its Webhooks ("Suas integrações > Webhooks"), both required with
    // PAYMENT_PROVIDER=mercadopago.
    MERCADOPAGO_ACCESS_TOKEN: optional(z.string()),
    MERCADOPAGO_WEBHOOK_SECRET: optional(z.string()),
    MERCADOPAGO_API_URL: optional(httpUrl),
    // Melhor Envio (carriers' quotes and labels, docs/shipping-settings-contract.md): production by
    // default, the sandbox's or a fake's URL otherwise. The token and the origin CEP are the
    // defaults of the back office's 'Frete', whose saved values win.
    MELHORENVIO_API_URL: optional(httpUrl),
    MELHORENVIO_TOKEN: optional(
      z.string().regex(/^[\w.\-~+/=]{20,4000}$/, {
        error: 'deve ser o token inteiro do painel do Melhor Envio (sem espaços)',
      }),
    ),
    // The store's WhatsApp (issue 37): the default of 'Canais de venda' (docs/whatsapp.md).
    WHATSAPP_NUMBER: optional(
      z.string().transform((v, ctx) => {
        const number = parseWhatsappNumber(v);
        if (!number) {
          ctx.addIssue({ code: 'custom', message: WHATSAPP_NUMBER_INVALID });
          return z.NEVER;
        }
        return number;
      }),
    ),
    SHIP_FROM_CEP: optional(
      z
        .string()
        .regex(/^\d{5}-?\d{3}$/, { error: 'deve ser um CEP de 8 dígitos (ex.: 01310-100)' })
        .transform((v) => v.replace('-', '')),
    ),
    // Unpaid orders are cancelled this long after they were placed (SPEC §1: 24 h).
    UNPAID_ORDER_TTL_MINUTES: optional(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(60 * 24 * 30),
    ),
    // Minutes an order holds its stock until its payment starts (docs/purchase-limits.md).
    UNSTARTED_ORDER_TTL_MINUTES: optional(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(60 * 24 * 30),
    ),
    // Units one network address may hold in unpaid orders at once (docs/purchase-limits.md).
    UNPAID_UNITS_PER_ADDRESS: optional(z.coerce.number().int().min(1).max(1_000_000)),
    ORDER_SWEEP_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1).max(3600)),
    // A consenting customer's cart untouched this long brings one e-mail (4 h). A fraction of a
    // minute is allowed, down to 6 seconds (0.1), for the end-to-end tests' store.
    CART_REMINDER_MINUTES: optional(
      z.coerce
        .number()
        .min(0.1)
        .max(60 * 24 * 30),
    ),
    // A delivered order's buyer is asked for reviews this long after delivery (7 days); one never
    // marked delivered, REVIEW_REQUEST_SHIPPED_DAYS after it was shipped (docs/reviews-contract.md).
    REVIEW_REQUEST_DELAY_MINUTES: optional(
      z.coerce
        .number()
        .min(0)
        .max(60 * 24 * 60),
    ),
    REVIEW_REQUEST_SHIPPED_DAYS: optional(z.coerce.number().int().min(1).max(60)),
    // Signs the sandbox provider's notifications; unset: derived from JWT_SECRET.
    SANDBOX_WEBHOOK_SECRET: optional(
      z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' }),
    ),
    JWT_SECRET: optional(z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' })),
    // Seals the owners' TOTP secrets at rest (docs/second-factor.md); unset: derived from JWT_SECRET.
    SECOND_FACTOR_KEY: optional(z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' })),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
    // Behind a proxy: which one may say the client IP in X-Forwarded-For (rate limits, logs):
    // a hop count (1 behind the shipped Caddy), the proxy's addresses/CIDRs, true or false.
    TRUST_PROXY: optional(trustProxySetting),
    // The demonstration catalog (the drawn pieces) on an empty database: default on outside
    // production, off in production (the owners start with an empty shop).
    SEED_DEMO_CATALOG: optional(booleanSetting),
    // On SIGTERM: how long the instance may take to drain and stop before it is forced out.
    SHUTDOWN_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(600)),
    // Multiplies every abuse limit (login, sign-up, resend, forgot password, CEP lookups); 0
    // turns them off (a load test or an end-to-end run from one address). Default 1.
    RATE_LIMIT_SCALE: optional(z.coerce.number().min(0).max(1000)),
    // How long the availability a page or list shows may lag a sale (an order's own check of the
    // stock is always the database's): a sale re-renders each page at most this often. 0..1000.
    CATALOG_STOCK_DELAY_MS: optional(z.coerce.number().int().min(0).max(1000)),
    // Backups: every this many hours (0: none on a schedule), into BACKUP_DIR, the
    // newest BACKUP_KEEP kept.
    BACKUP_EVERY_HOURS: optional(
      z.coerce
        .number()
        .int()
        .min(0)
        .max(24 * 30),
    ),
    BACKUP_DIR: optional(z.string()),
    BACKUP_KEEP: optional(z.coerce.number().int().min(1).max(1000)),
    // The owners' second factor: 'required' (default) or 'optional' (only for who set one up).
    OWNER_2FA: optional(
      z.enum(['required', 'optional'], { error: 'deve ser required ou optional' }),
    ),
    // What the health page and the backups' manifests call this release (the image sets it).
    STORE_VERSION: optional(z.string().max(100)),
  })
  .superRefine((env, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (env.NODE_ENV === 'production') {
      // Settings that would lose money or data if left to their laptop defaults.
      if (!env.JWT_SECRET) problem('JWT_SECRET', 'é obrigatório quando NODE_ENV=production');
      if (!env.PAYMENT_PROVIDER)
        problem(
          'PAYMENT_PROVIDER',
          'é obrigatório quando NODE_ENV=production (pagbank ou mercadopago para vender; ' +
            'sandbox só para uma loja de demonstração, em que nenhum pagamento é real)',
        );
      if (!env.PUBLIC_URL) {
        problem('PUBLIC_URL', 'é obrigatório quando NODE_ENV=production (https://seu-dominio)');
      } else {
        const url = new URL(env.PUBLIC_URL);
        if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname))
          problem('PUBLIC_URL', 'deve começar com https:// quando NODE_ENV=production');
      }
    }
    if (env.PAYMENT_PROVIDER === 'pagbank' && !env.PAGBANK_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAGBANK_TOKEN'],
        message: 'é obrigatório quando PAYMENT_PROVIDER=pagbank',
      });
    }
    if (env.PAYMENT_PROVIDER === 'mercadopago') {
      // Only the names: a token or a secret never reaches a message or a log.
      if (!env.MERCADOPAGO_ACCESS_TOKEN)
        problem('MERCADOPAGO_ACCESS_TOKEN', 'é obrigatório quando PAYMENT_PROVIDER=mercadopago');
      if (!env.MERCADOPAGO_WEBHOOK_SECRET)
        problem('MERCADOPAGO_WEBHOOK_SECRET', 'é obrigatório quando PAYMENT_PROVIDER=mercadopago');
    }
  });

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** PGlite's data folder, the development JWT secret, the mail outbox. Absolute. */
  dataDir: string;
  /** Unset: the embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dbPoolMax: number;
  /** Base of links written in e-mails, without a trailing slash. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The owners' address: a notice for each paid order and each refund to make. */
  storeEmail: string;
  /** The owners' e-mails, lower case (ADMIN_EMAILS); their verified accounts get the 'owner' role. */
  adminEmails: readonly string[];
  viaCepUrl: string;
  /** Time limit of one ViaCEP call (connection and body), in milliseconds. */
  viaCepTimeoutMs: number;
  /** Always ends with "/"; a product image URL is this plus a path like "produtos/x.svg". */
  imageBaseUrl: string;
  paymentProvider: 'sandbox' | 'pagbank' | 'mercadopago';
  /**
   * PAYMENT_PROVIDER=sandbox set on purpose (a demonstration or staging store): every page says
   * that no payment is real. A laptop on the default sandbox is not told. Whatever this says, an
   * order paid through the sandbox is always marked as a test for the owners.
   */
  demonstration: boolean;
  /** Create the demonstration catalog on an empty database (SEED_DEMO_CATALOG). */
  seedDemoCatalog: boolean;
  /** SIGTERM: drain and stop within this, or be forced out (SHUTDOWN_TIMEOUT_SECONDS). */
  shutdownTimeoutSeconds: number;
  /** A stock change reaches the kept catalog answers within this (CATALOG_STOCK_DELAY_MS). */
  catalogStockDelayMs: number;
  pagbank: { token: string | undefined; apiUrl: string };
  /** Checkout Pro (PAYMENT_PROVIDER=mercadopago): both secrets are required then, never logged. */
  mercadopago: {
    accessToken: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
  };
  /**
   * Melhor Envio's defaults (MELHORENVIO_*, SHIP_FROM_CEP): what the owners save in 'Frete' wins
   * (modules/shipping-settings). The token is never logged.
   */
  melhorEnvio: { apiUrl: string; token: string | undefined; fromCep: string | undefined };
  /**
   * The store's WhatsApp, DDD and number in digits ('11974523180'), from WHATSAPP_NUMBER: the
   * default of what the owners save in 'Canais de venda'. Undefined: no WhatsApp until they do.
   */
  whatsappNumber: string | undefined;
  /** Minutes after which an unpaid order is cancelled (and its provider checkout has expired). */
  unpaidOrderTtlMinutes: number;
  /** Minutes an order holds its stock until its payment starts (at most the whole deadline). */
  unstartedOrderTtlMinutes: number;
  /** Units one network address may hold in unpaid orders at once. */
  unpaidUnitsPerAddress: number;
  orderSweepIntervalSeconds: number;
  /** Minutes a consenting customer's cart stays untouched before its one e-mail. */
  cartReminderMinutes: number;
  /** Minutes after an order's delivery before its buyer is asked for reviews. */
  reviewRequestDelayMinutes: number;
  /** Days after shipping before the buyer of an order never marked delivered is asked. */
  reviewRequestShippedDays: number;
  /** Signs and verifies the sandbox provider's notifications (like the JWT secret). */
  sandboxWebhookSecret: string;
  /** Seals the owners' TOTP secrets (AES-256-GCM); never in the database or its backups. */
  secondFactorKey: string;
  jwtSecret: string;
  logLevel: LogLevel;
  /** Fastify's trustProxy (lib/trust-proxy.ts): false, a hop count, addresses, or true. */
  trustProxy: TrustProxy;
  /** Abuse limits of the account and postal-code calls (kept in PostgreSQL, shared by instances). */
  rateLimits: RateLimits;
  /** Backups (modules/backups): where, how often (0: never on a schedule), how many kept. */
  backups: { dir: string; everyHours: number; keep: number };
  /** 'required': no back office without the second factor; 'optional': only for who set one. */
  owner2fa: 'required' | 'optional';
  /** This release, as the health page and the backups' manifests say it. */
  storeVersion: string;
  paths: AppPaths;
}

/** At most `max` hits per `windowSeconds`; `max` 0 means no limit. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  /** POST api/token/: per client IP and e-mail, and per client IP. */
  loginPerIpEmail: RateLimitRule;
  loginPerIp: RateLimitRule;
  /**
   * POST api/token/, per account whatever the addresses: `max` wrong passwords before each
   * further attempt waits a growing delay, forgotten `windowSeconds` after the last one
   * (modules/auth/login-delay.ts).
   */
  loginFailuresPerAccount: RateLimitRule;
  /** POST /api/users/ per client IP. */
  registrationPerIp: RateLimitRule;
  /** POST api/forgot-password/ and POST /api/send_verification/: per e-mail and per IP. */
  emailPerAddress: RateLimitRule;
  emailPerIp: RateLimitRule;
  /** POST /api/validar-cep/ per client IP (each miss is a call to ViaCEP). */
  cepLookupPerIp: RateLimitRule;
  /**
   * The owners' second factor (POST api/segundo-fator/ativar/ and verificar/): every attempt, per
   * account over 15 minutes and over a day, and per client IP.
   */
  secondFactorPerAccount: RateLimitRule;
  secondFactorPerAccountDaily: RateLimitRule;
  secondFactorPerIp: RateLimitRule;
  /** POST /api/avise-me/: per e-mail address and per client IP. */
  stockAlertPerAddress: RateLimitRule;
  stockAlertPerIp: RateLimitRule;
  /** The review form's calls: per client IP; reviews and photos sent per order. */
  reviewPerIp: RateLimitRule;
  reviewPerOrder: RateLimitRule;
  reviewPhotoPerOrder: RateLimitRule;
}

const ONE_MINUTE = 60;
const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/**
 * Half a second: during a drop each kept page is rendered again at most twice a second, and what
 * a shopper reads of the stock is never more than about a second old (the delay plus a render).
 */
export const DEFAULT_CATALOG_STOCK_DELAY_MS = 500;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIpEmail: { max: 10, windowSeconds: FIFTEEN_MINUTES },
  loginPerIp: { max: 50, windowSeconds: FIFTEEN_MINUTES },
  loginFailuresPerAccount: { max: 5, windowSeconds: 24 * ONE_HOUR },
  registrationPerIp: { max: 10, windowSeconds: ONE_HOUR },
  emailPerAddress: { max: 5, windowSeconds: ONE_HOUR },
  emailPerIp: { max: 20, windowSeconds: ONE_HOUR },
  // A shopper looks a CEP up once per form; 60 a minute leaves room for a household or an office
  // behind one address while stopping a script that walks the CEP space through us.
  cepLookupPerIp: { max: 60, windowSeconds: ONE_MINUTE },
  // Three codes of a million are good at any moment: 30 tries a day leave a guesser who already
  // has the password about a 3% chance in a year, and an owner room for typos.
  secondFactorPerAccount: { max: 10, windowSeconds: FIFTEEN_MINUTES },
  secondFactorPerAccountDaily: { max: 30, windowSeconds: 24 * ONE_HOUR },
  secondFactorPerIp: { max: 50, windowSeconds: FIFTEEN_MINUTES },
  stockAlertPerAddress: { max: 5, windowSeconds: ONE_HOUR },
  stockAlertPerIp: { max: 20, windowSeconds: ONE_HOUR },
  reviewPerIp: { max: 30, windowSeconds: ONE_MINUTE },
  reviewPerOrder: { max: 10, windowSeconds: ONE_HOUR },
  reviewPhotoPerOrder: { max: 20, windowSeconds: ONE_HOUR },
};

export function scaleRateLimits(limits: RateLimits, scale: number): RateLimits {
  const out = {} as RateLimits;
  for (const [name, rule] of Object.entries(limits) as [keyof RateLimits, RateLimitRule][]) {
    out[name] = { ...rule, max: scale === 0 ? 0 : Math.max(1, Math.round(rule.max * scale)) };
  }
  return out;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One line per problem, each naming its setting: what an operator reads in a crash loop.
    super(problems.map((p) => `Configuração inválida: ${p}`).join('\n'));
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Parses the environment without touching the disk. `jwtSecret` is left undefined when unset so
 * that {@link loadConfig} can generate the development one.
 */
export function parseEnv(env: Env = process.env): Omit<
  Config,
  'jwtSecret' | 'sandboxWebhookSecret' | 'secondFactorKey'
> & {
  jwtSecret: string | undefined;
  sandboxWebhookSecret: string | undefined;
  secondFactorKey: string | undefined;
} {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'ambiente'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const paths = appPaths();
  const port = e.PORT ?? 3000;
  // Relative to the working directory when given; otherwise <repo>/data whatever the cwd
  // (npm run -w starts scripts inside apps/api, npm start at the root: both must share one).
  const dataDir = e.DATA_DIR
    ? isAbsolute(e.DATA_DIR)
      ? e.DATA_DIR
      : resolve(process.cwd(), e.DATA_DIR)
    : join(paths.repoRoot, 'data');
  const imageBase = e.IMAGE_BASE_URL ?? '/media/';
  return {
    nodeEnv: e.NODE_ENV ?? 'development',
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX ?? 10,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Duas Irmãs Semijoias <nao-responda@semijoias.local>',
    storeEmail: e.STORE_EMAIL ?? STORE_INFO.email,
    adminEmails: e.ADMIN_EMAILS ?? [],
    viaCepUrl: (e.VIACEP_URL ?? 'https://viacep.com.br').replace(/\/+$/, ''),
    viaCepTimeoutMs: e.VIACEP_TIMEOUT_MS ?? 5000,
    imageBaseUrl: imageBase.endsWith('/') ? imageBase : `${imageBase}/`,
    paymentProvider: e.PAYMENT_PROVIDER ?? 'sandbox',
    demonstration: e.PAYMENT_PROVIDER === 'sandbox',
    seedDemoCatalog:
      e.SEED_DEMO_CATALOG === undefined ? e.NODE_ENV !== 'production' : isTrue(e.SEED_DEMO_CATALOG),
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS ?? 10,
    pagbank: {
      token: e.PAGBANK_TOKEN,
      apiUrl: (e.PAGBANK_API_URL ?? 'https://sandbox.api.pagseguro.com').replace(/\/+$/, ''),
    },
    mercadopago: {
      accessToken: e.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET,
      apiUrl: (e.MERCADOPAGO_API_URL ?? 'https://api.mercadopago.com').replace(/\/+$/, ''),
    },
    melhorEnvio: {
      apiUrl: (e.MELHORENVIO_API_URL ?? 'https://melhorenvio.com.br').replace(/\/+$/, ''),
      token: e.MELHORENVIO_TOKEN,
      fromCep: e.SHIP_FROM_CEP,
    },
    // The demonstration (`npm start`, `npm run dev`: NODE_ENV unset) shows the sample store's
    // number, STORE_INFO's; tests and production only the one they are given (docs/whatsapp.md).
    whatsappNumber:
      e.WHATSAPP_NUMBER ??
      ((e.NODE_ENV ?? 'development') === 'development'
        ? (parseWhatsappNumber(STORE_INFO.phone) ?? undefined)
        : undefined),
    unpaidOrderTtlMinutes: e.UNPAID_ORDER_TTL_MINUTES ?? DEFAULT_UNPAID_ORDER_TTL_MINUTES,
    unstartedOrderTtlMinutes: e.UNSTARTED_ORDER_TTL_MINUTES ?? DEFAULT_UNSTARTED_ORDER_TTL_MINUTES,
    unpaidUnitsPerAddress: e.UNPAID_UNITS_PER_ADDRESS ?? DEFAULT_UNPAID_UNITS_PER_ADDRESS,
    orderSweepIntervalSeconds: e.ORDER_SWEEP_INTERVAL_SECONDS ?? 60,
    cartReminderMinutes: e.CART_REMINDER_MINUTES ?? 240,
    reviewRequestDelayMinutes:
      e.REVIEW_REQUEST_DELAY_MINUTES ?? REVIEW_REQUEST_DELAY_MINUTES_DEFAULT,
    reviewRequestShippedDays: e.REVIEW_REQUEST_SHIPPED_DAYS ?? REVIEW_REQUEST_SHIPPED_DAYS_DEFAULT,
    sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
    secondFactorKey: e.SECOND_FACTOR_KEY,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    rateLimits: scaleRateLimits(DEFAULT_RATE_LIMITS, e.RATE_LIMIT_SCALE ?? 1),
    catalogStockDelayMs: e.CATALOG_STOCK_DELAY_MS ?? DEFAULT_CATALOG_STOCK_DELAY_MS,
    backups: {
      dir: e.BACKUP_DIR
        ? isAbsolute(e.BACKUP_DIR)
          ? e.BACKUP_DIR
          : resolve(process.cwd(), e.BACKUP_DIR)
        : join(dataDir, 'backups'),
      everyHours: e.BACKUP_EVERY_HOURS ?? 24,
      keep: e.BACKUP_KEEP ?? 14,
    },
    owner2fa: e.OWNER_2FA ?? 'required',
    storeVersion: e.STORE_VERSION ?? packageVersion(paths.repoRoot),
    paths,
  };
}

/** The root package.json's version: what a store built from this checkout calls itself. */
function packageVersion(repoRoot: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'desconhecida';
  } catch {
    return 'desconhecida';
  }
}

/**
 * Outside production an unset JWT_SECRET is generated once and kept in DATA_DIR, so sessions
 * survive restarts without any setup. Production refuses to start without one (see the schema):
 * several instances must share it, and a file on one instance's disk is not shared.
 */
function developmentSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * A secret for one purpose derived from JWT_SECRET (HKDF-SHA-256). Every instance given the same
 * JWT_SECRET derives the same one, so a notification signed by the instance that served the
 * sandbox's page verifies on any other: nothing secret is kept on one instance's disk.
 */
export function derivedSecret(jwtSecret: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'semijoias-settings', purpose, 32)).toString(
    'base64url',
  );
}

/**
 * BACKUP_DIR must be a folder the store can write (made when missing): a volume mounted read-only
 * or owned by another user would otherwise be found out only when the first backup fails. Called
 * by the server and `npm run backup` at start.
 */
export function checkBackupDir(config: Pick<Config, 'backups'>): void {
  try {
    mkdirSync(config.backups.dir, { recursive: true, mode: 0o700 });
    accessSync(config.backups.dir, fsConstants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'erro';
    throw new ConfigError([`BACKUP_DIR: não é possível gravar em ${config.backups.dir} (${code})`]);
  }
}

/** The configuration the server runs with: the environment parsed, the dev secret resolved. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = parseEnv(env);
  const jwtSecret = parsed.jwtSecret ?? developmentSecret(parsed.dataDir, 'jwt-secret');
  return {
    ...parsed,
    jwtSecret,
    sandboxWebhookSecret:
      parsed.sandboxWebhookSecret ?? derivedSecret(jwtSecret, 'sandbox-webhook-secret'),
    secondFactorKey: parsed.secondFactorKey ?? derivedSecret(jwtSecret, 'second-factor-key'),
  };
}
