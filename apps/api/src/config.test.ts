import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig, parseEnv } from './config.js';
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
      jwtSecret: undefined,
      unpaidOrderTtlMinutes: 1440,
      orderSweepIntervalSeconds: 60,
      sandboxWebhookSecret: undefined,
      logLevel: 'info',
      trustProxy: false,
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
      JWT_SECRET: 'x'.repeat(32),
      UNPAID_ORDER_TTL_MINUTES: '30',
      ORDER_SWEEP_INTERVAL_SECONDS: '5',
      SANDBOX_WEBHOOK_SECRET: 'w'.repeat(32),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
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
      unpaidOrderTtlMinutes: 30,
      orderSweepIntervalSeconds: 5,
      sandboxWebhookSecret: 'w'.repeat(32),
      logLevel: 'warn',
      trustProxy: true,
    });
  });

  it('PUBLIC_URL follows PORT; a relative DATA_DIR is taken from the working directory', () => {
    const c = parseEnv({ PORT: '4000', DATA_DIR: 'tmp/dados' });
    expect(c.publicUrl).toBe('http://localhost:4000');
    expect(c.dataDir).toBe(resolve(process.cwd(), 'tmp/dados'));
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
    [{ IMAGE_BASE_URL: 'cdn.example.com' }, 'IMAGE_BASE_URL'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ VIACEP_TIMEOUT_MS: '5s' }, 'VIACEP_TIMEOUT_MS'],
    [{ VIACEP_TIMEOUT_MS: '0' }, 'VIACEP_TIMEOUT_MS'],
    [{ UNPAID_ORDER_TTL_MINUTES: '0' }, 'UNPAID_ORDER_TTL_MINUTES'],
    [{ UNPAID_ORDER_TTL_MINUTES: '1.5' }, 'UNPAID_ORDER_TTL_MINUTES'],
    [{ ORDER_SWEEP_INTERVAL_SECONDS: '0' }, 'ORDER_SWEEP_INTERVAL_SECONDS'],
    [{ SANDBOX_WEBHOOK_SECRET: 'curto' }, 'SANDBOX_WEBHOOK_SECRET'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(new RegExp(name));
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

  it('generates the sandbox webhook secret once, apart from the JWT secret', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.sandboxWebhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.sandboxWebhookSecret).not.toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).sandboxWebhookSecret).toBe(first.sandboxWebhookSecret);
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
