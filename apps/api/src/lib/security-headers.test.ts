/**
 * Security headers on every HTML answer, none of them on JSON; /media/ answers get a
 * policy of their own (an SVG opened by itself runs no script) and may be shown by other sites.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { contentSecurityPolicy, MEDIA_HEADERS, securityHeaders } from './security-headers.js';

let testDb: TestDatabase;
let webDist: string;
let plain: FastifyInstance;
let https: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  webDist = mkdtempSync(join(tmpdir(), 'semijoias-csp-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'console.log(1)');
  const base = testConfig();
  const build = (extra: Partial<typeof base>) =>
    buildApp({
      config: { ...base, ...extra, paths: { ...base.paths, webDist } },
      database: testDb.database,
      logger: false,
    });
  plain = await build({});
  https = await build({
    publicUrl: 'https://loja.example.com',
    imageBaseUrl: 'https://cdn.example.com/loja/',
  });
  await Promise.all([plain.ready(), https.ready()]);
});

afterAll(async () => {
  await Promise.all([plain?.close(), https?.close()]);
  await testDb?.drop();
  rmSync(webDist, { recursive: true, force: true });
});

function csp(res: { headers: Record<string, unknown> }): Map<string, string> {
  const value = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    value
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0]!, d.slice(d.indexOf(' ') + 1)]),
  );
}

describe('HTML answers', () => {
  it.each(['/', '/aneis', '/checkout', '/index.html', '/sandbox/checkout/nao-existe'])(
    '%s carries the CSP, frame and isolation headers',
    async (url) => {
      const res = await plain.inject(url);
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
      const policy = csp(res);
      expect(policy.get('default-src')).toBe("'self'");
      expect(policy.get('script-src')).toBe("'self'");
      expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(policy.get('img-src')).toBe("'self'");
      expect(policy.get('frame-src')).toBe('https://www.openstreetmap.org');
      expect(policy.get('form-action')).toContain("'self'");
      expect(policy.get('frame-ancestors')).toBe("'none'");
      expect(policy.get('object-src')).toBe("'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(String(res.headers['permissions-policy'])).toContain('camera=()');
      // PUBLIC_URL is http here: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      // The answers every call gets are still there.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('HSTS when PUBLIC_URL is https; images from IMAGE_BASE_URL allowed', async () => {
    const res = await https.inject('/checkout');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res).get('img-src')).toBe("'self' https://cdn.example.com");
    expect(csp(res).get('form-action')).toBe("'self' https://loja.example.com");
  });

  it('JSON and scripts keep only the common headers, CORP same-origin among them', async () => {
    for (const url of ['/api/listar_produtos/', '/api/nao-existe/', '/assets/index-abc.js']) {
      const res = await plain.inject(url);
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('the policy allows no inline or eval script, and the real web build needs none', () => {
    const policy = contentSecurityPolicy({ publicUrl: 'http://x', imageBaseUrl: '/media/' });
    const scripts = policy.split('; ').find((d) => d.startsWith('script-src'))!;
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval|data:|\*/);
    expect(securityHeaders({ publicUrl: 'http://x', imageBaseUrl: '/media/' })).not.toHaveProperty(
      'strict-transport-security',
    );
    const built = join(testConfig().paths.webDist, 'index.html');
    if (existsSync(built)) {
      const html = readFileSync(built, 'utf8');
      // Every <script> names a file of its own origin; none carries code inline.
      for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
        expect(tag).toMatch(/\bsrc="\/assets\//);
        expect(tag).toMatch(/>\s*<\/script>$/);
      }
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
  });
});

describe('/media/ answers', () => {
  it.each([
    ['a picture (an SVG: a document when opened by itself)', '/media/site/og.svg', 'image/svg+xml'],
    ['a share JPEG', '/media/compartilhar/site/og.jpg', 'image/jpeg'],
    ['a picture not found', '/media/site/nao-existe.svg', 'application/json'],
    ["an owners' upload path", '/media/produtos/enviadas/nao-existe.png', 'application/json'],
  ])('%s: no script, nothing loaded, showable by other sites', async (_what, url, type) => {
    for (const app of [plain, https]) {
      const res = await app.inject(url);
      expect(String(res.headers['content-type']), url).toContain(type);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; sandbox");
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      // The page's own headers are not added, the common ones are.
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('a picture keeps its media policy with a query string and on HEAD', async () => {
    const query = await plain.inject('/media/site/og.svg?v=2');
    expect(query.statusCode).toBe(200);
    expect(query.headers).toMatchObject(MEDIA_HEADERS);
    const head = await plain.inject({ method: 'HEAD', url: '/media/site/og.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject(MEDIA_HEADERS);
  });

  it("a path that only looks like /media/ is a page, with the page's headers", async () => {
    const res = await plain.inject('/mediax/site/og.svg');
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(csp(res).get('default-src')).toBe("'self'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
