/**
 * A demonstration store (PAYMENT_PROVIDER=sandbox set on purpose) says so on every page, the
 * server-rendered ones and the app's shell alike; a store taking real payments never does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE_RIBBON_TEXT } from '@semijoias/domain/messages';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';

const TEMPLATE = `<!doctype html><html lang="pt-BR"><head><!--app-head--><title>Loja</title><!--/app-head--></head>
<body><div id="root"><!--app-html--></div><!--app-state--></body></html>`;
const ENTRY = `export function setApiTransport() {}
export async function renderPage(url) {
  if (url.startsWith('/checkout')) return null;
  return { status: 200, head: '<title>Anéis</title>', html: '<main>Anéis</main>', state: '{}', modules: [] };
}`;

let testDb: TestDatabase;
let root: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  root = mkdtempSync(join(tmpdir(), 'semijoias-ribbon-'));
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'dist-server'));
  writeFileSync(join(root, 'dist', 'index.html'), TEMPLATE);
  writeFileSync(join(root, 'dist-server', 'entry-server.js'), ENTRY);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb.drop();
  rmSync(root, { recursive: true, force: true });
});

async function store(overrides: Partial<Config>): Promise<FastifyInstance> {
  const base = testConfig();
  const app = await buildApp({
    config: {
      ...base,
      ...overrides,
      paths: {
        ...base.paths,
        webDist: join(root, 'dist'),
        webServerEntry: join(root, 'dist-server', 'entry-server.js'),
      },
    },
    database: testDb.database,
    logger: false,
    background: false,
  });
  apps.push(app);
  return app;
}

describe('the demonstration ribbon', () => {
  it('is on every page of a demonstration store, before the app, outside hydration', async () => {
    const app = await store({ paymentProvider: 'sandbox', demonstration: true });
    for (const url of ['/aneis', '/checkout']) {
      const html = (await app.inject({ url })).body;
      expect(html).toContain(DEMO_STORE_RIBBON_TEXT);
      expect(html).toMatch(/<div class="demo-ribbon" role="note">[^]*<\/div>\s*<div id="root">/);
    }
  });

  it('is on no page of a store taking real payments, nor of a laptop on the default', async () => {
    for (const overrides of [
      {
        paymentProvider: 'pagbank',
        demonstration: false,
        pagbank: { token: 't', apiUrl: 'http://127.0.0.1:9' },
      },
      { paymentProvider: 'sandbox', demonstration: false },
    ] as const) {
      const app = await store(overrides);
      const html = (await app.inject({ url: '/aneis' })).body;
      expect(html).toContain('<main>Anéis</main>');
      expect(html).not.toContain('demo-ribbon');
    }
  });
});
