/**
 * The guard of test/outside-calls.ts: an outside call a test did not arrange fails that test,
 * even when the app swallows the error; an arranged fake is left alone.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { CEP_LOOKUP_ERROR } from '@semijoias/domain/messages';
import { smtpMailer } from '../src/integrations/mail/mailer.js';
import { createPagBankProvider } from '../src/integrations/payments/pagbank.js';
import { createViaCepLookup } from '../src/integrations/postal-codes/viacep.js';
import { startFakeViaCep, type FakeViaCep } from './fake-viacep.js';
import { useTestApp } from './helpers.js';
import { takeOutsideCalls } from './outside-calls.js';
import { UNARRANGED_URLS } from './outside-services.js';

const GUARD = 'Chamada externa não preparada no teste:';
const UNARRANGED_LOOKUP = `${UNARRANGED_URLS.viacep}/ws/01310100/json/`;

// testConfig(): ViaCEP is not arranged.
const ctx = useTestApp();

function lookUpCep() {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/validar-cep/',
    payload: { cep: '01310-100' },
  });
}

describe('an unarranged ViaCEP lookup through the app', () => {
  it('is recorded and refused at once; the app answers its fixed text', async () => {
    expect(takeOutsideCalls()).toEqual([]);
    const started = Date.now();
    const res = await lookUpCep();
    expect(Date.now() - started).toBeLessThan(2000);
    // The app swallows the failure: alone, this answer would pass for a ViaCEP outage.
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ success: false, error: CEP_LOOKUP_ERROR });
    // Taken here, so this test does not fail: the next ones show what happens when it is not.
    expect(takeOutsideCalls()).toEqual([{ service: 'ViaCEP', url: UNARRANGED_LOOKUP }]);
  });

  let failedWith: string[] | undefined;

  // Passes only when the test fails; what failed it is checked by the next test.
  it.fails('fails the test that made it, through afterEach', async () => {
    onTestFailed(({ task }) => {
      failedWith = (task.result?.errors ?? []).map((e) => e.message ?? String(e));
    });
    const res = await lookUpCep();
    expect(res.statusCode, res.body).toBe(503);
  });

  it('... and only the guard failed it, naming the service and the address', () => {
    expect(failedWith).toEqual([`${GUARD} ViaCEP ${UNARRANGED_LOOKUP}`]);
    expect(takeOutsideCalls()).toEqual([]);
  });
});

describe('every door is watched', () => {
  it('the adapters, SMTP and a plain socket to another machine are refused and recorded', async () => {
    const viacep = createViaCepLookup({ baseUrl: 'https://viacep.com.br', timeoutMs: 5000 });
    await expect(viacep.lookup('01310100')).rejects.toThrow('network error (ECONNREFUSED)');

    const pagbank = createPagBankProvider({ token: 't', apiUrl: UNARRANGED_URLS.pagbank });
    expect(await pagbank.checkReachability!()).toBe('unreachable');

    const mail = smtpMailer('smtp://mail.exemplo.com.br:587', 'Loja <loja@semijoias.test>');
    await expect(mail.verify!()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await mail.close();

    const socketError = await new Promise<NodeJS.ErrnoException>((resolve) => {
      http.get('http://example.com/', () => resolve(new Error('answered'))).on('error', resolve);
    });
    expect(socketError.code).toBe('ECONNREFUSED');

    expect(takeOutsideCalls()).toEqual([
      { service: 'ViaCEP', url: 'https://viacep.com.br/ws/01310100/json/' },
      { service: 'PagBank', url: `${UNARRANGED_URLS.pagbank}/public-keys/card` },
      { service: 'SMTP', url: 'smtp://mail.exemplo.com.br:587' },
      { service: 'example.com', url: 'tcp://example.com:80' },
    ]);
  });
});

describe('an arranged fake', () => {
  let fake: FakeViaCep;
  beforeAll(async () => {
    fake = await startFakeViaCep();
  });
  afterAll(() => fake?.stop());

  it('is called for real and records nothing', async () => {
    const viacep = createViaCepLookup({ baseUrl: fake.url, timeoutMs: 5000 });
    expect(await viacep.lookup('01310100')).toMatchObject({
      found: true,
      address: { cidade: 'São Paulo', estado: 'SP' },
    });
    expect(fake.requests).toBe(1);
    expect(takeOutsideCalls()).toEqual([]);
  });
});
