/** The environment's defaults for Melhor Envio, checked at boot, and saved values winning. */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config.js';
import type { ShippingSettingsRow } from '../../db/schema.js';
import { testConfig } from '../../../test/helpers.js';
import { effectiveShippingSettings, sealShippingToken } from './service.js';

describe('MELHORENVIO_* and SHIP_FROM_CEP', () => {
  it('default to production, no token, no CEP', () => {
    const config = parseEnv({});
    expect(config.melhorEnvio).toEqual({
      apiUrl: 'https://melhorenvio.com.br',
      token: undefined,
      fromCep: undefined,
    });
    const effective = effectiveShippingSettings(
      undefined,
      testConfig({ melhorEnvio: config.melhorEnvio }),
    );
    expect(effective).toMatchObject({ active: false, tokenSource: null, fromCep: undefined });
  });

  it('read a sandbox URL, a token and a CEP with or without its dash', () => {
    const config = parseEnv({
      MELHORENVIO_API_URL: 'https://sandbox.melhorenvio.com.br/',
      MELHORENVIO_TOKEN: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.abc-def_ghi',
      SHIP_FROM_CEP: '01310-100',
    });
    expect(config.melhorEnvio).toEqual({
      apiUrl: 'https://sandbox.melhorenvio.com.br',
      token: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.abc-def_ghi',
      fromCep: '01310100',
    });
  });

  it('stop the server with one Portuguese line per bad value, never echoing the token', () => {
    const secret = 'um token com espaços que não serve';
    let error: unknown;
    try {
      parseEnv({ MELHORENVIO_API_URL: 'ftp://x', MELHORENVIO_TOKEN: secret, SHIP_FROM_CEP: '123' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as ConfigError).problems;
    expect(lines).toEqual([
      'MELHORENVIO_API_URL: deve ser uma URL http(s)',
      'MELHORENVIO_TOKEN: deve ser o token inteiro do painel do Melhor Envio (sem espaços)',
      'SHIP_FROM_CEP: deve ser um CEP de 8 dígitos (ex.: 01310-100)',
    ]);
    expect((error as Error).message).not.toContain(secret);
  });

  it("saved values win over the environment's; a token sealed under another key is not used", () => {
    const config = testConfig({
      melhorEnvio: {
        apiUrl: 'http://127.0.0.1:9/x',
        token: 'ambiente-token-0000000000-AAAA',
        fromCep: '01310100',
      },
    });
    const row = {
      id: 1,
      enabled: true,
      environment: 'producao',
      tokenSealed: sealShippingToken(config, 'painel-token-1111111111-BBBB'),
      tokenLast4: 'BBBB',
      technicalEmail: 'ti@loja.test',
      sender: { cep: '20040002' },
      services: [{ id: 2, marginCents: 150, extraDays: 2 }],
      packages: { aneis: { widthCm: 8, heightCm: 4, lengthCm: 8, weightGrams: 50 } },
      lastTestResult: null,
      lastTestAt: null,
      updatedAt: new Date(),
    } as unknown as ShippingSettingsRow;
    const effective = effectiveShippingSettings(row, config);
    expect(effective).toMatchObject({
      active: true,
      apiUrl: 'https://melhorenvio.com.br',
      token: 'painel-token-1111111111-BBBB',
      tokenSource: 'painel',
      fromCep: '20040002',
      userAgent: 'Duas Irmas Semijoias (ti@loja.test)',
      services: [{ id: 2, marginCents: 150, extraDays: 2 }],
    });
    expect(effective.packages.aneis).toEqual({
      widthCm: 8,
      heightCm: 4,
      lengthCm: 8,
      weightGrams: 50,
    });
    expect(effective.packages.colares).toEqual({
      widthCm: 15,
      heightCm: 5,
      lengthCm: 20,
      weightGrams: 200,
    });

    const otherKey = { ...config, secondFactorKey: 'another-key-another-key-another-key-0' };
    const unreadable = effectiveShippingSettings(row, otherKey);
    expect(unreadable).toMatchObject({
      tokenUnreadable: true,
      tokenSource: 'ambiente',
      token: 'ambiente-token-0000000000-AAAA',
    });
  });
});
