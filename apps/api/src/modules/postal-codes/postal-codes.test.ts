import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CEP_ENTER_VALID,
  CEP_LOOKUP_ERROR,
  CEP_NOT_FOUND,
  TOO_MANY_ATTEMPTS,
} from '@semijoias/domain/messages';
import { DEFAULT_RATE_LIMITS, type Config } from '../../config.js';
import { cepLookups } from '../../db/schema.js';
import { post } from '../../../test/accounts.js';
import { startFakeViaCep, type FakeViaCep } from '../../../test/fake-viacep.js';
import { useTestApp } from '../../../test/helpers.js';
import { createPostalCodeService, KEPT_IN_MEMORY_MS, NOT_FOUND_TTL_MS } from './service.js';
import {
  CepLookupFailure,
  createViaCepLookup,
  parseViaCepAnswer,
} from '../../integrations/postal-codes/viacep.js';

// Long enough that a loaded CI machine answers in time; the timeout test waits past it.
const TIMEOUT_MS = 1000;

// The fake starts in the first beforeAll; the apps below are built in later ones (hooks run in
// order), after its URL has been written into their settings.
let fake: FakeViaCep;
const settings: Partial<Config> = { viaCepTimeoutMs: TIMEOUT_MS };
beforeAll(async () => {
  fake = await startFakeViaCep();
  settings.viaCepUrl = fake.url;
});
afterAll(() => fake?.stop());
beforeEach(() => fake.reset());

const ctx = useTestApp(settings);

const lookup = (payload: unknown) => post(ctx.app, '/api/validar-cep/', payload);

const PAULISTA = {
  logradouro: 'Avenida Paulista',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estado: 'SP',
};

async function cached(cep: string) {
  const [row] = await ctx.database.db.select().from(cepLookups).where(eq(cepLookups.cep, cep));
  return row;
}

/**
 * Moves a cache entry's fetch time into the past (as if that time had passed: the instance's
 * own copy, which would have expired meanwhile, is forgotten).
 */
async function age(cep: string, hours: number) {
  await ctx.database.db
    .update(cepLookups)
    .set({ fetchedAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(cepLookups.cep, cep));
  ctx.app.postalCodes.forgetKept();
}

async function emptyTheCache() {
  await ctx.database.db.delete(cepLookups);
  ctx.app.postalCodes.forgetKept();
}

describe('POST /api/validar-cep/', () => {
  beforeEach(emptyTheCache);

  it("answers a CEP it has read from the instance's own copy, without the table", async () => {
    expect((await lookup({ cep: '01310-100' })).statusCode).toBe(200);
    // The table emptied behind its back: the copy still answers, and ViaCEP is not asked.
    await ctx.database.db.delete(cepLookups);
    const again = await lookup({ cep: '01310100' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, endereco: PAULISTA });
    expect(fake.requestsFor('01310100')).toBe(1);
    // Without the copy it reads the table (empty now) and asks ViaCEP again.
    ctx.app.postalCodes.forgetKept();
    expect((await lookup({ cep: '01310100' })).statusCode).toBe(200);
    expect(fake.requestsFor('01310100')).toBe(2);
  });

  it('answers the address ViaCEP found, with or without the mask', async () => {
    const res = await lookup({ cep: '01310-100' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, endereco: PAULISTA });
    expect(fake.requestsFor('01310100')).toBe(1);

    const bare = await post(ctx.app, '/api/validar-cep', { cep: '20040020' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({
      success: true,
      endereco: {
        logradouro: 'Praça Pio X',
        bairro: 'Centro',
        cidade: 'Rio de Janeiro',
        estado: 'RJ',
      },
    });
  });

  it.each([
    ['40010-000', 'Salvador', 'BA'],
    ['70040-010', 'Brasília', 'DF'],
    ['69005-010', 'Manaus', 'AM'],
    ['90010-000', 'Porto Alegre', 'RS'],
  ])('%s is in %s/%s', async (cep, cidade, estado) => {
    const res = await lookup({ cep });
    expect(res.statusCode).toBe(200);
    expect(res.json().endereco).toMatchObject({ cidade, estado });
  });

  it("a town's single CEP comes without street and district", async () => {
    const res = await lookup({ cep: '37925-000' });
    expect(res.json()).toEqual({
      success: true,
      endereco: { logradouro: '', bairro: '', cidade: 'Piumhi', estado: 'MG' },
    });
  });

  it('serves a cached address without calling ViaCEP, for 30 days', async () => {
    await lookup({ cep: '01310100' });
    expect(await cached('01310100')).toMatchObject({ found: true, ...PAULISTA });
    fake.mode = 'error'; // would answer 503 if it were asked
    for (let i = 0; i < 3; i++) {
      const res = await lookup({ cep: i % 2 ? '01310-100' : '01310100' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, endereco: PAULISTA });
    }
    await age('01310100', 29 * 24);
    expect((await lookup({ cep: '01310100' })).statusCode).toBe(200);
    expect(fake.requestsFor('01310100')).toBe(1);
  });

  it('looks an expired address up again and refreshes the cache', async () => {
    await lookup({ cep: '01310100' });
    await age('01310100', 30 * 24 + 1);
    const before = (await cached('01310100'))!.fetchedAt;
    const res = await lookup({ cep: '01310100' });
    expect(res.statusCode).toBe(200);
    expect(fake.requestsFor('01310100')).toBe(2);
    const after = (await cached('01310100'))!.fetchedAt;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    // Fresh again: no third call.
    await lookup({ cep: '01310100' });
    expect(fake.requestsFor('01310100')).toBe(2);
  });

  it('answers 404 when ViaCEP says erro, and caches that for a day', async () => {
    const res = await lookup({ cep: '99999-999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: CEP_NOT_FOUND });
    expect(await cached('99999999')).toMatchObject({ found: false, cidade: '' });

    expect((await lookup({ cep: '99999999' })).statusCode).toBe(404);
    await age('99999999', 23);
    expect((await lookup({ cep: '99999999' })).statusCode).toBe(404);
    expect(fake.requestsFor('99999999')).toBe(1);

    await age('99999999', 25);
    expect((await lookup({ cep: '99999999' })).statusCode).toBe(404);
    expect(fake.requestsFor('99999999')).toBe(2);
  });

  it.each([
    ['answers 500', 'error'],
    ['answers something that is not JSON', 'garbage'],
  ] as const)('answers 503 when ViaCEP %s, and caches nothing', async (_name, mode) => {
    fake.mode = mode;
    const res = await lookup({ cep: '01310-100' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, error: CEP_LOOKUP_ERROR });
    expect(await cached('01310100')).toBeUndefined();
    // The next lookup asks again, and succeeds once ViaCEP is back.
    fake.mode = 'ok';
    expect((await lookup({ cep: '01310-100' })).statusCode).toBe(200);
    expect(fake.requestsFor('01310100')).toBe(2);
  });

  it('answers 503 after the timeout when ViaCEP never answers', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const res = await lookup({ cep: '40010000' });
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, error: CEP_LOOKUP_ERROR });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
    expect(await cached('40010000')).toBeUndefined();
  });

  it('answers 503 when ViaCEP is slower than the timeout', async () => {
    fake.delayMs = TIMEOUT_MS + 400;
    const res = await lookup({ cep: '40010000' });
    expect(res.statusCode).toBe(503);
    fake.delayMs = TIMEOUT_MS / 3;
    expect((await lookup({ cep: '40010000' })).statusCode).toBe(200);
  });

  it('serves an expired address when ViaCEP fails, but not an expired "not found"', async () => {
    await lookup({ cep: '01310100' });
    await lookup({ cep: '99999999' });
    await age('01310100', 40 * 24);
    await age('99999999', 48);
    fake.mode = 'error';
    const stale = await lookup({ cep: '01310100' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ success: true, endereco: PAULISTA });
    const unknown = await lookup({ cep: '99999999' });
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json()).toEqual({ success: false, error: CEP_LOOKUP_ERROR });
  });

  it.each([
    ['7 digits', { cep: '0131010' }],
    ['9 digits', { cep: '013101000' }],
    ['letters', { cep: 'abcde-fgh' }],
    ['a wrong mask', { cep: '013.10-100' }],
    ['a number', { cep: 1310100 }],
    ['an empty CEP', { cep: '' }],
    ['no CEP', {}],
    ['a list', ['01310100']],
  ])('refuses %s with 400 without asking ViaCEP', async (_name, payload) => {
    const res = await lookup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: CEP_ENTER_VALID });
    expect(fake.requests).toBe(0);
  });

  it('refuses an empty request with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/validar-cep/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: CEP_ENTER_VALID });
  });
});

describe('postal-code service', () => {
  beforeEach(emptyTheCache);

  it("keeps its copy of a row KEPT_IN_MEMORY_MS at most, and never past the row's freshness", async () => {
    let clock = Date.now();
    let asked = 0;
    const service = createPostalCodeService({
      db: ctx.database.db,
      lookup: {
        lookup: async () => {
          asked++;
          return { found: true, address: PAULISTA };
        },
      },
      now: () => clock,
    });
    const log = { warn: vi.fn() };
    expect(await service.find('01310100', log)).toEqual({ kind: 'found', address: PAULISTA });
    expect(asked).toBe(1);
    await ctx.database.db.delete(cepLookups);
    clock += KEPT_IN_MEMORY_MS - 1000;
    expect((await service.find('01310100', log)).kind).toBe('found');
    expect(asked).toBe(1); // its copy
    clock += 2000;
    expect((await service.find('01310100', log)).kind).toBe('found');
    expect(asked).toBe(2); // the copy expired: the table (emptied) was read, ViaCEP asked

    // A "not found" read from the table a minute before its day ends is kept a minute only.
    await ctx.database.db.insert(cepLookups).values({
      cep: '99999999',
      found: false,
      fetchedAt: new Date(clock - NOT_FOUND_TTL_MS + 60_000),
    });
    expect(await service.find('99999999', log)).toEqual({ kind: 'not-found' });
    expect(asked).toBe(2);
    clock += 61_000;
    expect(await service.find('99999999', log)).toEqual({ kind: 'found', address: PAULISTA });
    expect(asked).toBe(3);
  });

  it('logs an outside failure at warn with its reason; the caller only learns "failed"', async () => {
    const service = createPostalCodeService({
      db: ctx.database.db,
      lookup: createViaCepLookup({ baseUrl: fake.url, timeoutMs: TIMEOUT_MS }),
    });
    const log = { warn: vi.fn() };
    fake.mode = 'error';
    expect(await service.find('01310100', log)).toEqual({ kind: 'failed' });
    expect(log.warn).toHaveBeenCalledWith(
      { cep: '01310100', reason: 'status 500', servedStale: false },
      expect.any(String),
    );
    fake.mode = 'hang';
    expect(await service.find('01310100', log)).toEqual({ kind: 'failed' });
    expect(log.warn).toHaveBeenLastCalledWith(
      expect.objectContaining({ reason: 'timeout' }),
      expect.any(String),
    );
  });
});

describe('the ViaCEP adapter', () => {
  it('reads found answers, and both spellings of erro', () => {
    expect(
      parseViaCepAnswer({
        cep: '01310-100',
        logradouro: ' Avenida Paulista ',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
        ibge: '3550308',
      }),
    ).toEqual({ found: true, address: PAULISTA });
    expect(parseViaCepAnswer({ localidade: 'Piumhi', uf: 'MG' })).toEqual({
      found: true,
      address: { logradouro: '', bairro: '', cidade: 'Piumhi', estado: 'MG' },
    });
    expect(parseViaCepAnswer({ erro: true })).toEqual({ found: false });
    expect(parseViaCepAnswer({ erro: 'true' })).toEqual({ found: false });
  });

  it.each([
    ['null', null],
    ['a list', []],
    ['erro false without an address', { erro: false }],
    ['no city', { logradouro: 'Rua A', bairro: 'B', uf: 'SP' }],
    ['an empty city', { localidade: ' ', uf: 'SP' }],
    ['a bad state', { localidade: 'São Paulo', uf: 'São Paulo' }],
    ['a city too long', { localidade: 'x'.repeat(201), uf: 'SP' }],
  ])('refuses %s as a failure', (_name, data) => {
    expect(() => parseViaCepAnswer(data)).toThrow(CepLookupFailure);
  });

  it('calls GET {base}/ws/{cep}/json/ and fails fast on a refused connection', async () => {
    const seen: string[] = [];
    const stub: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ erro: 'true' }), { status: 200 });
    };
    const viaCep = createViaCepLookup({
      baseUrl: 'https://viacep.test',
      timeoutMs: 1000,
      fetch: stub,
    });
    expect(await viaCep.lookup('12345678')).toEqual({ found: false });
    expect(seen).toEqual(['https://viacep.test/ws/12345678/json/']);
    await expect(viaCep.lookup('1234')).rejects.toThrow(RangeError);

    const closed = createViaCepLookup({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    const started = Date.now();
    await expect(closed.lookup('01310100')).rejects.toMatchObject({
      name: 'CepLookupFailure',
      reason: expect.stringMatching(/^network error/),
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses a non-2xx status and an oversized answer', async () => {
    const answer =
      (body: string, status = 200): typeof fetch =>
      async () =>
        new Response(body, { status });
    const at = (f: typeof fetch) =>
      createViaCepLookup({ baseUrl: 'https://viacep.test', timeoutMs: 1000, fetch: f });
    await expect(at(answer('{}', 400)).lookup('01310100')).rejects.toMatchObject({
      reason: 'status 400',
    });
    await expect(
      at(answer(JSON.stringify({ localidade: 'x'.repeat(20_000), uf: 'SP' }))).lookup('01310100'),
    ).rejects.toMatchObject({ reason: 'answer too large' });
  });
});

describe('POST /api/validar-cep/ rate limit (per client IP)', () => {
  const limited = useTestApp({
    ...settings,
    get viaCepUrl() {
      return settings.viaCepUrl;
    },
    rateLimits: { ...DEFAULT_RATE_LIMITS, cepLookupPerIp: { max: 3, windowSeconds: 3600 } },
  } as Partial<Config>);

  const from = (ip: string, cep: unknown) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/validar-cep/',
      payload: { cep },
      remoteAddress: ip,
    });

  it('answers 429 past the limit of calls to ViaCEP', async () => {
    expect((await from('10.0.0.1', '01310100')).statusCode).toBe(200);
    expect((await from('10.0.0.1', '99999999')).statusCode).toBe(404);
    expect((await from('10.0.0.1', '20040020')).statusCode).toBe(200);
    const res = await from('10.0.0.1', '40010000');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, error: TOO_MANY_ATTEMPTS });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted apart.
    expect((await from('10.0.0.2', '40010000')).statusCode).toBe(200);
    expect(fake.requests).toBe(4);
  });

  it('a crowd asking for one new CEP at once makes one call to ViaCEP, counted once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => from('10.0.0.4', '90010000')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(fake.requestsFor('90010000')).toBe(1);
  });

  it('never refuses what is known already, nor a malformed CEP (no call to ViaCEP)', async () => {
    // A crowd behind one mobile carrier's address: 200 shoppers, the store's known CEPs.
    await from('10.0.0.3', '70040010');
    const calls = fake.requests;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => from('10.0.0.3', i % 2 ? '70040010' : '01310100')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
    expect((await from('10.0.0.3', '123')).statusCode).toBe(400);
    expect(fake.requests).toBe(calls);
  });
});
