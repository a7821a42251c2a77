/**
 * Property test: generated hostile requests at every route of the app, anonymous and
 * with a verified shopper's bearer. No answer may be a 5xx, every answer under /api/ is JSON, and
 * none may carry a stack, a file path, SQL or a library's message.
 *
 * The routes come from the app itself (`app.knownRoutes`, filled by an onRoute hook), with their
 * zod schemas' field names, so a route added later is covered without editing this file.
 * Deterministic by default (fixed seed, a few runs per route and identity, kept well under a
 * minute on PGlite); `FUZZ_RUNS=200 FUZZ_SEED=<n>` for a longer hunt. It runs on PostgreSQL too
 * when TEST_DATABASE_URL is set, like every API test.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, verifiedUser } from '../test/accounts.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/helpers.js';
import { buildApp } from './app.js';
import { products, users } from './db/schema.js';
import type { KnownRoute } from './lib/hostile-input.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 9_2025);

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

/** Texts known to break naive code: controls, encodings, traversal, injection, limits. */
const NASTY = [
  '\u0000',
  'ana\u0000@exemplo.com',
  '%00',
  '\u0001\u001f\u007f',
  '\u0085\u009f',
  '\r\n',
  '\t',
  '\ud800',
  'a\udfffb',
  '\u202eabc',
  '\ufeff',
  'ａｎｅｌ',
  'ﬁ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
  'e\u0301',
  '..',
  '../../../../etc/passwd',
  '..%2f..%2fpackage.json',
  "' OR '1'='1",
  '1; DROP TABLE users --',
  '$1',
  '\\',
  '%',
  '%zz',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '2147483648',
  '0x10',
  '1.5',
  ' ',
  '',
  'true',
  'null',
  'a'.repeat(101),
  'a'.repeat(255),
  `${'a'.repeat(250)}@exemplo.com`,
  'x'.repeat(20_000),
];

/** A control character (or a broken surrogate) to slip into otherwise plain text. */
const poison = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
);

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), poison, fc.string({ maxLength: 12 }))
      .map(([a, p, b]) => a + p + b),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.emailAddress(), poison).map(([e, p]) => e.replace('@', `${p}@`)),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 90, maxLength: 300 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...NASTY), fc.string({ maxLength: 8 }))
      .map(([a, b]) => a + b),
  },
);

/** Field names a route might read: its schema's, common ones, and nasty ones. */
const COMMON_KEYS = [
  'email',
  'username',
  'password',
  'token',
  'refresh',
  'phone',
  'cpf',
  'firstName',
  'lastName',
  'birthdate',
  'search',
  'limit',
  'offset',
  'id',
  'codigo_cupom',
  'cep',
  'quantidade',
  'produto_id',
  'items',
  'status',
];

function keyArbitrary(names: string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names, ...COMMON_KEYS) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\u0000') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  );
}

function valueArbitrary(names: string[]) {
  const key = keyArbitrary(names);
  const leaf = fc.oneof(
    { weight: 4, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null, 0, -1, 2 ** 53, 1e308) },
  );
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    ),
  })).value;
}

/** A body: an object over the route's field names (often), anything else, or raw text. */
function bodyArbitrary(names: string[]) {
  const value = valueArbitrary(names);
  const json = (v: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(v) });
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const fields = names.length ? names : COMMON_KEYS;
  const fieldValue = fc.oneof(
    { weight: 4, arbitrary: nastyString },
    { weight: 1, arbitrary: value },
  );
  return fc.oneof(
    // Every field the route reads, each a text (mostly): the likeliest way past the schema.
    {
      weight: 4,
      arbitrary: fc
        .tuple(...fields.map(() => fieldValue))
        .map((values) => json(Object.fromEntries(fields.map((f, i) => [f, values[i]])))),
    },
    {
      weight: 3,
      arbitrary: fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: 8 }).map(json),
    },
    { weight: 2, arbitrary: value.map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { contentType: 'application/json', payload: '{"__proto__": {"isAdmin": true}}' },
        { contentType: 'application/json', payload: '{"constructor": {"prototype": {"x": 1}}}' },
        { contentType: 'application/json', payload: '{"email": "a' },
        { contentType: 'application/json', payload: '' },
        { contentType: 'application/json', payload: 'null' },
        { contentType: 'application/json', payload: '"\\u0000"' },
        { contentType: 'application/json', payload: '{"a": "\\ud800"}' },
        { contentType: 'application/json', payload: deep(5_000) },
        { contentType: 'application/json', payload: `{"a": "${'x'.repeat(1_100_000)}"}` },
        { contentType: 'text/plain', payload: 'select 1' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'a=%00&b=1&b=2' },
        { contentType: 'application/xml', payload: '<a/>' },
        { contentType: 'multipart/form-data; boundary=x', payload: '--x--' },
        { contentType: 'application/json; charset=latin1', payload: '{}' },
      ),
    },
  );
}

/** A query string: over the route's names and others, or a raw broken one. */
function queryArbitrary(names: string[]) {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .dictionary(keyArbitrary(names), nastyString, { maxKeys: 4 })
        .map((q) => new URLSearchParams(q).toString()),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '%zz',
        'a=%E0%A4%A',
        'a[]=1&a[]=2',
        '__proto__[x]=1',
        'constructor=1',
        'search=%00',
        'limit=1&limit=2',
        `a=${'x'.repeat(9_000)}`,
      ),
    },
  );
}

/** A path segment as sent: encoded when it can be, raw (broken on purpose) otherwise. */
const segmentArbitrary = fc.oneof(
  {
    weight: 4,
    arbitrary: nastyString.map((s) => {
      try {
        return encodeURIComponent(s);
      } catch {
        return s;
      }
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%00', '..%2f..', '.', '..', 'a'.repeat(101)),
  },
);

const headerValue = fc.oneof(
  fc.constantFrom('\u0000', 'x\u0001', 'Bearer ', 'Bearer a.b.c', 'Basic Zm9vOmJhcg==', 'é'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 300 }),
);

function routeNames(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

// ---------------------------------------------------------------------------------------------
// What an answer may never be
// ---------------------------------------------------------------------------------------------

const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at \S|\bat \S+ \(/],
  ['node_modules', /node_modules/],
  ['a source file', /\.(?:ts|mjs|cjs|js):\d+/],
  ['SQL', /\bselect\s[\s\S]{0,200}\sfrom\s|\binsert\s+into\b|\bupdate\s+"\w+"\s+set\b/i],
  ['a database message', /SQLSTATE|invalid byte sequence|violates|duplicate key|syntax error at/i],
  ['a library name', /drizzle|pglite|nodemailer|fastify|\bzod\b|\bpg-|postgres/i],
  ['a Fastify code', /FST_ERR/],
  ['a JS error', /\b(?:Type|Reference|Range|Syntax)Error\b/],
];

interface Failure {
  route: string;
  as: string;
  problem: string;
}

/**
 * 'Avise-me''s confirmation (docs/stock-alerts-contract.md): a page opened from an e-mail link,
 * with its stylesheet, under /api/ — HTML and CSS there by design, still judged for 5xx and leaks.
 */
const LINK_PAGES = new Set(['/api/avise-me/confirmar/', '/api/avise-me/estilo.css']);

function judge(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  method: string,
  url: string,
  repoRoot: string,
): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 300)}`;
  const path = url.split('?', 1)[0]!;
  const noBody = method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
  const type = String(res.headers['content-type'] ?? '');
  const linkPage =
    LINK_PAGES.has(path) && (type.startsWith('text/html') || type.startsWith('text/css'));
  if (path.startsWith('/api/') && !noBody && !linkPage) {
    if (!type.startsWith('application/json'))
      return `not JSON (${type}): ${res.body.slice(0, 200)}`;
    try {
      JSON.parse(res.body);
    } catch {
      return `unparsable JSON: ${res.body.slice(0, 200)}`;
    }
  }
  if (res.body.includes(repoRoot)) return `a file path: ${res.body.slice(0, 300)}`;
  // The web app's own HTML names its assets; judge JSON and text answers, not the SPA page.
  if (String(res.headers['content-type'] ?? '').startsWith('text/html')) return undefined;
  for (const [what, pattern] of LEAKS) {
    if (pattern.test(res.body)) return `${what}: ${res.body.slice(0, 300)}`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

let testDb: TestDatabase;
let app: FastifyInstance;
let webDist: string;
let bearer: string;
/** Another shopper's, for the calls that end every session of hers ('Sair de todos'). */
let endingBearer: string;
let shopper: { email: string; password: string };
let productCount: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // A small web build, so the page routes (index.html, client-route fallback) are fuzzed too.
  webDist = mkdtempSync(join(tmpdir(), 'semijoias-fuzz-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'console.log(1)');
  const base = testConfig();
  app = await buildApp({
    config: { ...base, paths: { ...base.paths, webDist } },
    database: testDb.database,
    logger: false,
  });
  await app.ready();
  const payload = await verifiedUser(app, testDb.database);
  shopper = { email: payload.email, password: payload.password };
  bearer = (await login(app, payload.email)).access;
  endingBearer = (await login(app, (await verifiedUser(app, testDb.database)).email)).access;
  const [row] = await testDb.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
  productCount = row!.n;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

function fillPath(url: string, segments: string[]): string {
  let i = 0;
  return url
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? (segments[i++] ?? 'x') : part))
    .join('/');
}

async function fuzzRoute(route: KnownRoute, as: 'anonymous' | 'authenticated'): Promise<Failure[]> {
  const failures: Failure[] = [];
  const paramCount = route.url.split('/').filter((p) => p.startsWith(':') || p === '*').length;
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  const bodyNames = routeNames(route.schema?.body);
  const queryNames = routeNames(route.schema?.querystring);
  const request = fc.record({
    segments: fc.array(segmentArbitrary, { minLength: paramCount, maxLength: paramCount }),
    query: queryArbitrary(queryNames),
    body: hasBody ? bodyArbitrary(bodyNames) : fc.constant(undefined),
    headers: fc.record(
      {
        'idempotency-key': headerValue,
        'x-request-id': headerValue,
        authorization: headerValue,
      },
      { requiredKeys: [] },
    ),
  });
  // Always tried first: every text of the request holding a NUL, then every one too long.
  const everywhere = (text: string) => ({
    segments: Array.from({ length: paramCount }, () => encodeURIComponent(text)),
    query: new URLSearchParams(Object.fromEntries(queryNames.map((n) => [n, text]))).toString(),
    body: hasBody
      ? {
          contentType: 'application/json',
          payload: JSON.stringify(Object.fromEntries(bodyNames.map((n) => [n, text]))),
        }
      : undefined,
    headers: {},
  });
  const examples = [
    [everywhere('ana\u0000@exemplo.com')],
    [everywhere(`${'a'.repeat(250)}@x.com`)],
  ];
  const repoRoot = testConfig().paths.repoRoot;
  const result = await fc.check(
    fc.asyncProperty(request, async (input) => {
      const path = fillPath(route.url, input.segments);
      const url = input.query ? `${path}?${input.query}` : path;
      const headers: Record<string, string> = { ...input.headers };
      // api/logout/todos/ ends the sessions of the bearer's owner: not the one checked below.
      const token = route.url.startsWith('/api/logout/') ? endingBearer : bearer;
      if (as === 'authenticated') headers.authorization = `Bearer ${token}`;
      if (input.body) headers['content-type'] = input.body.contentType;
      let res;
      try {
        res = await app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(input.body ? { payload: input.body.payload } : {}),
        });
      } catch (err) {
        // The injector itself refuses some header values Node would never let through.
        if (err instanceof TypeError && /header/i.test(err.message)) return true;
        throw err;
      }
      const problem = judge(res, route.method, url, repoRoot);
      if (problem) throw new Error(`${route.method} ${url.slice(0, 300)} -> ${problem}`);
      return true;
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true, examples },
  );
  if (result.failed) {
    const error = result.errorInstance as Error | undefined;
    failures.push({
      route: `${route.method} ${route.url}`,
      as,
      problem: `${error?.message ?? 'property failed'}\n  input: ${fc.stringify(result.counterexample).slice(0, 600)}`,
    });
  }
  return failures;
}

describe('hostile requests at every route', () => {
  it('the app lists its routes, the selling ones included', () => {
    const urls = app.knownRoutes.map((r) => r.url);
    expect(urls).toContain('/api/buscar/produtos/');
    expect(urls).toContain('/api/token/');
    expect(app.knownRoutes.length).toBeGreaterThan(30);
  });

  for (const as of ['anonymous', 'authenticated'] as const) {
    it(`no 5xx, JSON under /api/, no leak (${as})`, async () => {
      const failures: Failure[] = [];
      for (const route of app.knownRoutes) failures.push(...(await fuzzRoute(route, as)));
      const report = failures.map((f) => `${f.route} [${f.as}]\n  ${f.problem}`).join('\n\n');
      expect(failures, report).toEqual([]);
    }, 300_000);
  }

  it('nothing lost and authorization still tight afterwards', async () => {
    const [row] = await testDb.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(row!.n).toBe(productCount);
    const [user] = await testDb.database.db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} = ${shopper.email.toLowerCase()}`);
    expect(user?.email).toBe(shopper.email.toLowerCase());
    // Her session still works; a forged token is still refused.
    const mine = await app.inject({
      url: '/api/infos/',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(mine.statusCode).toBe(200);
    const forged = `${bearer.slice(0, bearer.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    const other = await app.inject({
      url: '/api/infos/',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(other.statusCode).toBe(401);
  });
});
