/**
 * 'Cotações de frete (Melhor Envio)' on the health page (issue 35): green while the table quotes
 * by choice (no token), green when Melhor Envio answers, red with what to do when it refuses the
 * token or does not answer (the quotes then come from the table), yellow when 'Frete' misses its
 * origin CEP. Against the fake Melhor Envio; on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeMelhorEnvio } from '../../../test/fake-melhor-envio.js';
import { testConfig, useTestApp } from '../../../test/helpers.js';
import { createShippingSettingsService } from '../shipping-settings/index.js';
import { HEALTH_CHECKS, type HealthSources } from './checks.js';

const fake = await startFakeMelhorEnvio();
afterAll(() => fake.stop());

const ctx = useTestApp({
  melhorEnvio: { apiUrl: fake.url, token: fake.token, fromCep: '01310100' },
});

function frete(shippingSettings: HealthSources['shippingSettings']) {
  return HEALTH_CHECKS.frete({ shippingSettings } as HealthSources, new Date());
}

describe("the health page's carriers' quotes", () => {
  it('is green when Melhor Envio answers, red with what to do when it does not', async () => {
    expect(await frete(ctx.app.shippingSettings)).toMatchObject({
      estado: 'verde',
      detalhe: 'O Melhor Envio respondeu: as clientes escolhem entre as opções de entrega.',
    });
    fake.mode = 'error';
    try {
      const down = await frete(ctx.app.shippingSettings);
      expect(down).toMatchObject({
        estado: 'vermelho',
        detalhe: 'A loja não conseguiu falar com o Melhor Envio.',
      });
      expect(down.o_que_fazer).toContain('tabela da loja');
    } finally {
      fake.mode = 'ok';
    }
  });

  it('is red when the token is refused', async () => {
    const wrongToken = createShippingSettingsService({
      db: ctx.database.db,
      config: testConfig({
        melhorEnvio: { apiUrl: fake.url, token: 'token-errado', fromCep: '01310100' },
      }),
    });
    const verdict = await frete(wrongToken);
    expect(verdict).toMatchObject({
      estado: 'vermelho',
      detalhe: 'O Melhor Envio recusou o token da loja (inválido ou vencido).',
    });
    expect(verdict.o_que_fazer).toContain('página Frete');
  });

  it('is green without a token (the table quotes), yellow without an origin CEP', async () => {
    const settingsWith = (melhorEnvio: { token?: string; fromCep?: string }) =>
      createShippingSettingsService({
        db: ctx.database.db,
        config: testConfig({
          melhorEnvio: { apiUrl: fake.url, token: melhorEnvio.token, fromCep: melhorEnvio.fromCep },
        }),
      });
    expect(await frete(settingsWith({ fromCep: '01310100' }))).toMatchObject({
      estado: 'verde',
      o_que_fazer: '',
    });
    expect(await frete(settingsWith({ token: fake.token }))).toMatchObject({
      estado: 'amarelo',
      detalhe: 'Falta o CEP de origem (de onde as encomendas saem) na página Frete.',
    });
  });
});
