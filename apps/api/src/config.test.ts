import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkBackupDir,
  ConfigError,
  DEFAULT_RATE_LIMITS,
  isLoopbackHost,
  loadConfig,
  parseEnv,
} from './config.js';
import { appPaths, findApiRoot } from './lib/paths.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'semijoias-config-'));
  dirs.push(d);
  return d;
};

describe('parseEnv', () => {
  it('has a working default for every setting', () => {
    const c = parseEnv({});
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      viaCepUrl: 'https://viacep.com.br',
      viaCepTimeoutMs: 5000,
      imageBaseUrl: '/media/',
      paymentProvider: 'sandbox',
      mercadopago: {
        accessToken: undefined,
        webhookSecret: undefined,
        apiUrl: 'https://api.mercadopago.com',
      },
      jwtSecret: undefined,
      unpaidOrderTtlMinutes: 1440,
      orderSweepIntervalSeconds: 60,
      sandboxWebhookSecret: undefined,
      logLevel: 'info',
      trustProxy: false,
      demonstration: false,
      seedDemoCatalog: true,
      shutdownTimeoutSeconds: 10,
    });
    expect(c.dataDir).toBe(join(appPaths().repoRoot, 'data'));
  });

  it('reads every variable', () => {
    const c = parseEnv({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/loja',
      DATABASE_URL: 'postgres://loja:segredo@db:5432/loja',
      PUBLIC_URL: 'https://loja.example.com/',
      SMTP_URL: 'smtp://mail:587',
      MAIL_FROM: 'Loja <oi@loja.example.com>',
      VIACEP_URL: 'http://localhost:9999/',
      VIACEP_TIMEOUT_MS: '1500',
      IMAGE_BASE_URL: 'https://cdn.example.com/img',
      PAYMENT_PROVIDER: 'pagbank',
      PAGBANK_TOKEN: 'tok',
      MERCADOPAGO_ACCESS_TOKEN: 'mp-tok',
      MERCADOPAGO_WEBHOOK_SECRET: 'mp-segredo',
      MERCADOPAGO_API_URL: 'http://localhost:9998/',
      JWT_SECRET: 'x'.repeat(32),
      UNPAID_ORDER_TTL_MINUTES: '30',
      ORDER_SWEEP_INTERVAL_SECONDS: '5',
      SANDBOX_WEBHOOK_SECRET: 'w'.repeat(32),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      SEED_DEMO_CATALOG: 'true',
      SHUTDOWN_TIMEOUT_SECONDS: '25',
    });
    expect(c).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/loja',
      databaseUrl: 'postgres://loja:segredo@db:5432/loja',
      publicUrl: 'https://loja.example.com',
      smtpUrl: 'smtp://mail:587',
      viaCepUrl: 'http://localhost:9999',
      viaCepTimeoutMs: 1500,
      imageBaseUrl: 'https://cdn.example.com/img/',
      paymentProvider: 'pagbank',
      pagbank: { token: 'tok' },
      mercadopago: {
        accessToken: 'mp-tok',
        webhookSecret: 'mp-segredo',
        apiUrl: 'http://localhost:9998',
      },
      unpaidOrderTtlMinutes: 30,
      orderSweepIntervalSeconds: 5,
      sandboxWebhookSecret: 'w'.repeat(32),
      logLevel: 'warn',
      trustProxy: true,
      demonstration: false,
      seedDemoCatalog: true,
      shutdownTimeoutSeconds: 25,
    });
  });

  it('PUBLIC_URL follows PORT; a relative DATA_DIR is taken from the working directory', () => {
    const c = parseEnv({ PORT: '4000', DATA_DIR: 'tmp/dados' });
    expect(c.publicUrl).toBe('http://localhost:4000');
    expect(c.dataDir).toBe(resolve(process.cwd(), 'tmp/dados'));
  });

  it('CART_REMINDER_MINUTES: 240 by default, or the minutes given', () => {
    expect(parseEnv({}).cartReminderMinutes).toBe(240);
    expect(parseEnv({ CART_REMINDER_MINUTES: '2' }).cartReminderMinutes).toBe(2);
    expect(parseEnv({ CART_REMINDER_MINUTES: '0.1' }).cartReminderMinutes).toBe(0.1);
  });

  it('an empty variable counts as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: ' ' })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'curto' }, 'JWT_SECRET'],
    [{ PAYMENT_PROVIDER: 'pagbank' }, 'PAGBANK_TOKEN'],
    [{ PAYMENT_PROVIDER: 'mercadopago' }, 'MERCADOPAGO_ACCESS_TOKEN'],
    [
      { PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'tok' },
      'MERCADOPAGO_WEBHOOK_SECRET',
    ],
    [{ MERCADOPAGO_API_URL: 'api.mercadopago.com' }, 'MERCADOPAGO_API_URL'],
    [{ IMAGE_BASE_URL: 'cdn.example.com' }, 'IMAGE_BASE_URL'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ VIACEP_TIMEOUT_MS: '5s' }, 'VIACEP_TIMEOUT_MS'],
    [{ VIACEP_TIMEOUT_MS: '0' }, 'VIACEP_TIMEOUT_MS'],
    [{ UNPAID_ORDER_TTL_MINUTES: '0' }, 'UNPAID_ORDER_TTL_MINUTES'],
    [{ UNPAID_ORDER_TTL_MINUTES: '1.5' }, 'UNPAID_ORDER_TTL_MINUTES'],
    [{ ORDER_SWEEP_INTERVAL_SECONDS: '0' }, 'ORDER_SWEEP_INTERVAL_SECONDS'],
    [{ CART_REMINDER_MINUTES: '0' }, 'CART_REMINDER_MINUTES'],
    [{ CART_REMINDER_MINUTES: '2h' }, 'CART_REMINDER_MINUTES'],
    [{ CART_REMINDER_MINUTES: '0.05' }, 'CART_REMINDER_MINUTES'],
    [{ CART_REMINDER_MINUTES: '50000' }, 'CART_REMINDER_MINUTES'],
    [{ SANDBOX_WEBHOOK_SECRET: 'curto' }, 'SANDBOX_WEBHOOK_SECRET'],
    [{ SEED_DEMO_CATALOG: 'sim' }, 'SEED_DEMO_CATALOG'],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(new RegExp(name));
  });
});

describe('production refuses settings that lose money or data', () => {
  /** Everything production needs; each test takes one thing away or changes it. */
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    PAYMENT_PROVIDER: 'pagbank',
    PAGBANK_TOKEN: 'token',
    PUBLIC_URL: 'https://loja.example.com.br',
  };
  const problems = (env: Record<string, string | undefined>): string[] => {
    try {
      parseEnv(env);
      return [];
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      return err.message.split('\n');
    }
  };

  it('starts with every setting given', () => {
    expect(problems(production)).toEqual([]);
  });

  it('without PAYMENT_PROVIDER: one line naming it (no quiet fallback to the sandbox)', () => {
    const lines = problems({ ...production, PAYMENT_PROVIDER: undefined });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuração inválida: PAYMENT_PROVIDER: é obrigatório/);
    expect(problems({ ...production, PAYMENT_PROVIDER: '' })).toEqual(lines);
  });

  it('Mercado Pago: its token and webhook secret are required, each missing one a line naming only it', () => {
    const mercadopago = {
      ...production,
      PAGBANK_TOKEN: undefined,
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-token-secreto',
      MERCADOPAGO_WEBHOOK_SECRET: 'segredo-do-webhook',
    };
    expect(problems(mercadopago)).toEqual([]);
    expect(parseEnv(mercadopago)).toMatchObject({
      paymentProvider: 'mercadopago',
      demonstration: false,
      mercadopago: {
        accessToken: 'APP_USR-token-secreto',
        webhookSecret: 'segredo-do-webhook',
        apiUrl: 'https://api.mercadopago.com',
      },
    });
    const noToken = problems({ ...mercadopago, MERCADOPAGO_ACCESS_TOKEN: '' });
    expect(noToken).toEqual([
      'Configuração inválida: MERCADOPAGO_ACCESS_TOKEN: é obrigatório quando PAYMENT_PROVIDER=mercadopago',
    ]);
    const noSecret = problems({ ...mercadopago, MERCADOPAGO_WEBHOOK_SECRET: undefined });
    expect(noSecret).toEqual([
      'Configuração inválida: MERCADOPAGO_WEBHOOK_SECRET: é obrigatório quando PAYMENT_PROVIDER=mercadopago',
    ]);
    // A bad setting beside them names itself, never the secrets' values.
    const badUrl = problems({ ...mercadopago, MERCADOPAGO_API_URL: 'ftp://api.mercadopago.com' });
    expect(badUrl).toHaveLength(1);
    expect(badUrl[0]).toMatch(/^Configuração inválida: MERCADOPAGO_API_URL: /);
    for (const line of [...noToken, ...noSecret, ...badUrl])
      expect(line).not.toMatch(/token-secreto|segredo-do-webhook/);
    // The other providers do not ask for them.
    expect(problems({ ...production })).toEqual([]);
  });

  it('the sandbox chosen on purpose starts, and says it is a demonstration', () => {
    const c = parseEnv({ ...production, PAYMENT_PROVIDER: 'sandbox' });
    expect(c).toMatchObject({ paymentProvider: 'sandbox', demonstration: true });
    // Outside production the default sandbox is a laptop's, not a demonstration store.
    expect(parseEnv({}).demonstration).toBe(false);
    expect(parseEnv({ PAYMENT_PROVIDER: 'sandbox' }).demonstration).toBe(true);
  });

  it.each([
    ['http://loja.example.com.br', /PUBLIC_URL: deve começar com https:\/\//],
    ['http://192.168.0.10:3000', /PUBLIC_URL: deve começar com https:\/\//],
    [undefined, /PUBLIC_URL: é obrigatório/],
  ])('PUBLIC_URL %s is refused', (url, message) => {
    const lines = problems({ ...production, PUBLIC_URL: url });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'http://[::1]:3000',
    'http://loja.localhost',
  ])('PUBLIC_URL %s (loopback) may stay http', (url) => {
    expect(problems({ ...production, PUBLIC_URL: url })).toEqual([]);
  });

  it('names every missing setting, one line each', () => {
    const lines = problems({ NODE_ENV: 'production' });
    expect(lines.map((l) => l.split(':')[1]?.trim())).toEqual([
      'JWT_SECRET',
      'PAYMENT_PROVIDER',
      'PUBLIC_URL',
    ]);
  });

  it('seeds the demonstration catalog only when SEED_DEMO_CATALOG=true', () => {
    expect(parseEnv(production).seedDemoCatalog).toBe(false);
    expect(parseEnv({ ...production, SEED_DEMO_CATALOG: 'true' }).seedDemoCatalog).toBe(true);
    expect(parseEnv({ SEED_DEMO_CATALOG: 'false' }).seedDemoCatalog).toBe(false);
  });

  it("WHATSAPP_NUMBER: read as DDD+number; by default the demonstration's sample number only", () => {
    expect(parseEnv({ WHATSAPP_NUMBER: '+55 (21) 3000-1234' }).whatsappNumber).toBe('2130001234');
    expect(parseEnv({}).whatsappNumber).toBe('11974523180');
    expect(parseEnv({ NODE_ENV: 'test' }).whatsappNumber).toBeUndefined();
    expect(parseEnv(production).whatsappNumber).toBeUndefined();
    expect(parseEnv({ ...production, WHATSAPP_NUMBER: '11974523180' }).whatsappNumber).toBe(
      '11974523180',
    );
  });

  it('isLoopbackHost knows loopback names only', () => {
    expect(
      ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'a.localhost'].map(isLoopbackHost),
    ).toEqual([true, true, true, true, true]);
    expect(
      ['loja.com.br', '10.0.0.1', 'localhost.com.br', '128.0.0.1'].map(isLoopbackHost),
    ).toEqual([false, false, false, false]);
  });
});

describe('loadConfig', () => {
  it('generates the development JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('derives the sandbox webhook secret from JWT_SECRET: the same on every instance', () => {
    const jwt = 'j'.repeat(40);
    const one = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: jwt });
    const other = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: jwt });
    expect(one.sandboxWebhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(one.sandboxWebhookSecret).not.toBe(jwt);
    expect(other.sandboxWebhookSecret).toBe(one.sandboxWebhookSecret);
    expect(
      loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'k'.repeat(40) }).sandboxWebhookSecret,
    ).not.toBe(one.sandboxWebhookSecret);
    const given = loadConfig({ DATA_DIR: tempDir(), SANDBOX_WEBHOOK_SECRET: 'k'.repeat(40) });
    expect(given.sandboxWebhookSecret).toBe('k'.repeat(40));
  });

  it('uses JWT_SECRET when given and writes nothing', () => {
    const dataDir = tempDir();
    const c = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(40) });
    expect(c.jwtSecret).toBe('s'.repeat(40));
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });
});

describe('rate limits', () => {
  it('default to the documented limits; RATE_LIMIT_SCALE multiplies them and 0 turns them off', () => {
    expect(parseEnv({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS.loginPerIpEmail).toEqual({ max: 10, windowSeconds: 900 });
    expect(DEFAULT_RATE_LIMITS.loginPerIp).toEqual({ max: 50, windowSeconds: 900 });
    expect(DEFAULT_RATE_LIMITS.registrationPerIp).toEqual({ max: 10, windowSeconds: 3600 });
    expect(DEFAULT_RATE_LIMITS.emailPerAddress).toEqual({ max: 5, windowSeconds: 3600 });
    expect(DEFAULT_RATE_LIMITS.emailPerIp).toEqual({ max: 20, windowSeconds: 3600 });
    expect(DEFAULT_RATE_LIMITS.cepLookupPerIp).toEqual({ max: 60, windowSeconds: 60 });
    expect(DEFAULT_RATE_LIMITS.stockAlertPerAddress).toEqual({ max: 5, windowSeconds: 3600 });
    expect(DEFAULT_RATE_LIMITS.stockAlertPerIp).toEqual({ max: 20, windowSeconds: 3600 });
    const doubled = parseEnv({ RATE_LIMIT_SCALE: '2' }).rateLimits;
    expect(doubled.loginPerIp.max).toBe(100);
    expect(doubled.cepLookupPerIp).toEqual({ max: 120, windowSeconds: 60 });
    const off = parseEnv({ RATE_LIMIT_SCALE: '0' }).rateLimits;
    expect(Object.values(off).every((r) => r.max === 0)).toBe(true);
    expect(() => parseEnv({ RATE_LIMIT_SCALE: '-1' })).toThrow(/RATE_LIMIT_SCALE/);
  });
});

describe('paths', () => {
  it('finds apps/api from anywhere inside it', () => {
    const root = findApiRoot();
    expect(findApiRoot(join(root, 'src', 'modules', 'catalog'))).toBe(root);
    expect(appPaths().migrations).toBe(join(root, 'drizzle'));
    expect(appPaths().media).toBe(join(root, 'media'));
    expect(appPaths().webDist).toBe(join(root, '..', 'web', 'dist'));
  });

  it('fails clearly outside the package', () => {
    expect(() => findApiRoot(tmpdir())).toThrow(/@semijoias\/api/);
  });
});

describe('backups and the owners’ second factor', () => {
  it('defaults: a daily backup into DATA_DIR/backups, 14 kept, the second factor required', () => {
    const c = parseEnv({ DATA_DIR: '/srv/loja' });
    expect(c.backups).toEqual({ dir: '/srv/loja/backups', everyHours: 24, keep: 14 });
    expect(c.owner2fa).toBe('required');
    expect(c.storeVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('reads BACKUP_*, OWNER_2FA and STORE_VERSION', () => {
    const c = parseEnv({
      BACKUP_DIR: '/mnt/copias',
      BACKUP_EVERY_HOURS: '0',
      BACKUP_KEEP: '3',
      OWNER_2FA: 'optional',
      STORE_VERSION: '2.0.0 (abc123)',
    });
    expect(c.backups).toEqual({ dir: '/mnt/copias', everyHours: 0, keep: 3 });
    expect(c.owner2fa).toBe('optional');
    expect(c.storeVersion).toBe('2.0.0 (abc123)');
  });

  it('refuses bad values, one line each naming the setting', () => {
    let error: unknown;
    try {
      parseEnv({ BACKUP_KEEP: '0', OWNER_2FA: 'talvez', BACKUP_EVERY_HOURS: 'diario' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n').sort();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Configuração inválida: BACKUP_EVERY_HOURS: /);
    expect(lines[1]).toMatch(/^Configuração inválida: BACKUP_KEEP: /);
    expect(lines[2]).toBe('Configuração inválida: OWNER_2FA: deve ser required ou optional');
  });

  it('BACKUP_DIR is made when missing; one the store cannot write stops it with one line', () => {
    const dir = join(tempDir(), 'a', 'b');
    checkBackupDir({ backups: { dir, everyHours: 24, keep: 14 } });
    expect(existsSync(dir)).toBe(true);
    // Under a file: no user, root included, can make that folder.
    expect(() =>
      checkBackupDir({ backups: { dir: '/etc/hostname/backups', everyHours: 24, keep: 14 } }),
    ).toThrow(
      /^Configuração inválida: BACKUP_DIR: não é possível gravar em \/etc\/hostname\/backups \(ENOTDIR\)$/,
    );
  });
});
