import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/helpers.js';
import { buildApp } from './app.js';
import { catalogSeed } from './db/catalog-data.js';
import { ConflictError, NotFoundError, ValidationError } from './lib/errors.js';

// One database for the file; several apps over it with different settings (a fake web build,
// no web build, a CDN image base).
let testDb: TestDatabase;
let webDist: string;
let withWeb: FastifyInstance;
let withoutWeb: FastifyInstance;
let withCdn: FastifyInstance;

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  testDb = await createTestDatabase();
  webDist = mkdtempSync(join(tmpdir(), 'semijoias-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("loja")');
  writeFileSync(join(webDist, 'assets', 'index-abc123.css'), 'body{}');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  const base = testConfig();
  const build = (paths: Partial<typeof base.paths>, extra: Partial<typeof base> = {}) =>
    buildApp({
      config: { ...base, ...extra, paths: { ...base.paths, ...paths } },
      database: testDb.database,
      logger: false,
    });
  // No server build beside this dist: every page is the shell (server rendering has its own
  // tests in modules/web-app).
  const noServerEntry = join(webDist, 'no-server-entry.js');
  withWeb = await build({ webDist, webServerEntry: noServerEntry });
  withoutWeb = await build({ webDist: join(webDist, 'missing'), webServerEntry: noServerEntry });
  withCdn = await build({}, { imageBaseUrl: 'https://cdn.example.com/loja/' });

  // Routes that throw, to watch the error handler (added before ready, as a feature would).
  withWeb.get('/api/test/boom/', async () => {
    throw new Error('segredo interno: senha do banco');
  });
  withWeb.get('/api/test/conflict/', async () => {
    throw new ConflictError('Este email já está cadastrado.');
  });
  withWeb.get('/api/test/not-found/', async () => {
    throw new NotFoundError('Pedido não encontrado.');
  });
  withWeb.get('/api/test/invalid/', async () => {
    throw new ValidationError('Dados inválidos.', { cpf: ['CPF inválido.'] });
  });
  withWeb.post('/api/test/echo/', async (req) => ({ got: req.body }));
  await Promise.all([withWeb.ready(), withoutWeb.ready(), withCdn.ready()]);
});

afterAll(async () => {
  await Promise.all([withWeb?.close(), withoutWeb?.close(), withCdn?.close()]);
  await testDb?.drop();
  rmSync(webDist, { recursive: true, force: true });
});

describe('images under /media/', () => {
  const first = catalogSeed[0]!;

  it('serves a product SVG with a year-long immutable cache', async () => {
    const res = await withWeb.inject(`/media/produtos/${first.key}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toMatch(/<svg/);
  });

  it('every image the catalog names exists', async () => {
    const res = await withWeb.inject('/api/listar_produtos/');
    const urls = res
      .json<Record<string, unknown>[]>()
      .flatMap((p) =>
        [
          'image',
          'img_pessoa',
          'image_carrossel',
          'composicao_img_1',
          'composicao_img_2',
          'composicao_img_3',
        ]
          .map((k) => p[k])
          .filter((v): v is string => typeof v === 'string'),
      );
    expect(urls.length).toBeGreaterThan(catalogSeed.length * 5);
    for (const url of urls) {
      const img = await withWeb.inject({ method: 'HEAD', url });
      expect(img.statusCode, url).toBe(200);
    }
  });

  it('a missing image is a 404, never the web app', async () => {
    const res = await withWeb.inject('/media/produtos/nao-existe.svg');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('does not leave the media folder', async () => {
    for (const url of [
      '/media/../package.json',
      '/media/%2e%2e/package.json',
      '/media/..%2fpackage.json',
    ]) {
      const res = await withWeb.inject(url);
      expect(res.body, url).not.toMatch(/@semijoias\/api/);
    }
  });

  it('IMAGE_BASE_URL moves every image URL to a CDN', async () => {
    const res = await withCdn.inject('/api/produtos/detalhes/1/');
    const p = res.json<{ image: string; composicoes: { produto: { image: string } }[] }>();
    expect(p.image).toBe(`https://cdn.example.com/loja/produtos/${first.key}.svg`);
    expect(p.composicoes[0]?.produto.image).toMatch(
      /^https:\/\/cdn\.example\.com\/loja\/produtos\//,
    );
  });
});

describe('the web app', () => {
  it.each(['/', '/aneis', '/produto/3', '/usuario?tab=orders', '/redefinir-senha/abc.def.ghi'])(
    '%s answers index.html, revalidated on every visit',
    async (url) => {
      const res = await withWeb.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('hashed assets are cached for a year with their content type', async () => {
    const js = await withWeb.inject('/assets/index-abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await withWeb.inject('/assets/index-abc123.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('other files are served and revalidated', async () => {
    const res = await withWeb.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a 404, not index.html', async () => {
    const res = await withWeb.inject('/assets/index-old999.js');
    expect(res.statusCode).toBe(404);
  });

  it('without a build, a page says how to build it', async () => {
    const res = await withoutWeb.inject('/aneis');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/npm run build/);
    const api = await withoutWeb.inject('/api/health/');
    expect(api.json()).toEqual({ status: 'ok' });
  });
});

describe('errors', () => {
  it.each(['/api/nada/', '/api/nada', '/api/produtos/', '/api', '/api/'])(
    'an unknown API path (%s) answers JSON 404',
    async (url) => {
      const res = await withWeb.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: 'Recurso não encontrado.' });
    },
  );

  it('a wrong method on an API path answers JSON 404', async () => {
    const res = await withWeb.inject({ method: 'POST', url: '/api/listar_produtos/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso não encontrado.' });
  });

  it('a POST outside the API is a JSON 404, not the web app', async () => {
    const res = await withWeb.inject({ method: 'POST', url: '/aneis' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Recurso não encontrado.' });
  });

  it('an unexpected error answers 500 with no internal text', async () => {
    const res = await withWeb.inject('/api/test/boom/');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Erro interno do servidor.' });
    expect(res.body).not.toMatch(/segredo|stack|Error/);
  });

  it('typed errors answer their status and message', async () => {
    const conflict = await withWeb.inject('/api/test/conflict/');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: 'Este email já está cadastrado.' });
    const missing = await withWeb.inject('/api/test/not-found/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Pedido não encontrado.' });
    const invalid = await withWeb.inject('/api/test/invalid/');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: 'Dados inválidos.',
      errors: { cpf: ['CPF inválido.'] },
    });
  });

  it('malformed JSON answers 400 in Portuguese', async () => {
    const res = await withWeb.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Requisição inválida.' });
  });

  it('an unsupported content type answers 415', async () => {
    const res = await withWeb.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Tipo de conteúdo não suportado.' });
  });
});

describe('headers', () => {
  it('every answer carries a request id, and a sane one given by a proxy is kept', async () => {
    const res = await withWeb.inject('/api/health/');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await withWeb.inject({
      url: '/api/health/',
      headers: { 'x-request-id': 'lb-42' },
    });
    expect(given.headers['x-request-id']).toBe('lb-42');
    const hostile = await withWeb.inject({
      url: '/api/health/',
      headers: { 'x-request-id': 'x'.repeat(200) },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets nosniff', async () => {
    const res = await withWeb.inject('/api/health/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('HEAD works on the API', async () => {
    const res = await withWeb.inject({ method: 'HEAD', url: '/api/listar_produtos/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});
