/**
 * The owners' freight settings (docs/shipping-settings-contract.md): the environment's defaults,
 * saved values winning over them, the token sealed and never answered, logged or audited, the
 * form's 400s, the audit, and 'Testar conexão' against the fake Melhor Envio (ok, 401).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHIPPING_CONNECTION_OK,
  SHIPPING_SETTINGS_CEP_INVALID,
  SHIPPING_SETTINGS_DOCUMENT_INVALID,
  SHIPPING_SETTINGS_INVALID,
  SHIPPING_SETTINGS_REQUIRED,
  SHIPPING_SETTINGS_SERVICE_UNKNOWN,
  SHIPPING_SETTINGS_UF_INVALID,
} from '@semijoias/domain/messages';
import { buildApp } from '../../../app.js';
import { auditLog, shippingSettings } from '../../../db/schema.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { startFakeMelhorEnvio, type FakeMelhorEnvio } from '../../../../test/fake-melhor-envio.js';
import { testConfig, useTestDatabase } from '../../../../test/helpers.js';
import { captureLogs } from '../../../../test/logs.js';

const logs = captureLogs();
const testDb = useTestDatabase();
let fake: FakeMelhorEnvio;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await startFakeMelhorEnvio();
  const config = testConfig({
    logLevel: 'trace',
    adminEmails: [...OWNER_EMAILS],
    // The deployment's defaults: the fake with its token, an origin CEP.
    melhorEnvio: { apiUrl: fake.url, token: fake.token, fromCep: '01310100' },
  });
  app = await buildApp({
    config,
    database: testDb.database,
    logger: logs.logger(config),
    mailer: memoryMailer(),
    background: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await fake?.stop();
});

const SENDER = {
  nome: 'Duas Irmãs Semijoias',
  telefone: '(11) 98765-4321',
  email: 'envios@duasirmas.test',
  documento: '529.982.247-25',
  inscricao_estadual: '',
  rua: 'Avenida Paulista',
  numero: '1000',
  complemento: 'sala 12',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'sp',
  cep: '01310-100',
};

const VALID = {
  ativo: true,
  ambiente: null,
  email_tecnico: 'ti@duasirmas.test',
  remetente: SENDER,
  servicos: [
    { id: 1, margem: '0', dias_extras: 0 },
    { id: 17, margem: '2,50', dias_extras: 1 },
  ],
  embalagens: { aneis: { largura: 8, altura: 4, comprimento: 8, peso_gramas: 50 } },
};

type Frete = {
  ativo: boolean | null;
  cotando: boolean;
  token: { salvo: boolean; origem: string | null; final: string | null };
  remetente: Record<string, string>;
  servicos: { id: number; margem: string; dias_extras: number }[];
  embalagens: Record<string, Record<string, number>>;
  ultimo_teste: { resultado: string } | null;
};

async function owner() {
  return loggedInOwner(app, testDb.database);
}

describe('/api/admin/frete/', () => {
  it('is for owners only', async () => {
    const anonymous = await adminCall(app, undefined, 'GET', '/api/admin/frete/');
    expect(anonymous.statusCode).toBe(401);
    const customer = await loggedInCustomer(app, testDb.database);
    const refused = await adminCall(app, customer.token, 'PUT', '/api/admin/frete/', VALID);
    expect(refused.statusCode).toBe(403);
    const test = await adminCall(app, customer.token, 'POST', '/api/admin/frete/testar/');
    expect(test.statusCode).toBe(403);
  });

  it('before any save, answers the environment: its token (last 4 only), its CEP, SPEC §9 boxes', async () => {
    const { token } = await owner();
    const res = await adminCall(app, token, 'GET', '/api/admin/frete/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain(fake.token);
    const frete = res.json<{ frete: Frete }>().frete;
    expect(frete).toMatchObject({
      ativo: null,
      cotando: true,
      token: { salvo: true, origem: 'ambiente', final: fake.token.slice(-4) },
      remetente: { cep: '01310100' },
      servicos: [{ id: 1 }, { id: 2 }, { id: 17 }],
    });
    expect(frete.embalagens.colares).toEqual({
      largura: 15,
      altura: 5,
      comprimento: 20,
      peso_gramas: 200,
    });
    const settings = await app.shippingSettings.settings();
    expect(settings.apiUrl).toBe(fake.url);
    expect(await app.shippingSettings.client()).not.toBeNull();
  });

  it("'Testar conexão' with the environment's token asks the balance: ok", async () => {
    const { token } = await owner();
    const before = fake.requests.length;
    const res = await adminCall(app, token, 'POST', '/api/admin/frete/testar/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      teste: { resultado: 'ok', ok: true, mensagem: SHIPPING_CONNECTION_OK },
    });
    const call = fake.requests.at(-1)!;
    expect(fake.requests.length).toBe(before + 1);
    expect(call.path).toBe('/api/v2/me/balance');
    expect(call.userAgent).toContain('(contato@');
  });

  it('refuses a bad form with each field under errors, saving nothing', async () => {
    const { token } = await owner();
    const res = await adminCall(app, token, 'PUT', '/api/admin/frete/', {
      ...VALID,
      remetente: { ...SENDER, documento: '111.111.111-11', uf: 'XX', cep: '0131', bairro: '' },
      servicos: [{ id: 99 }],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; errors: Record<string, string[]> }>();
    expect(body.error).toBe(SHIPPING_SETTINGS_INVALID);
    expect(body.errors).toEqual({
      'remetente.documento': [SHIPPING_SETTINGS_DOCUMENT_INVALID],
      'remetente.uf': [SHIPPING_SETTINGS_UF_INVALID],
      'remetente.cep': [SHIPPING_SETTINGS_CEP_INVALID],
      'remetente.bairro': [SHIPPING_SETTINGS_REQUIRED],
      'servicos.0.id': [SHIPPING_SETTINGS_SERVICE_UNKNOWN],
    });
    const short = await adminCall(app, token, 'PUT', '/api/admin/frete/', {
      ...VALID,
      token: 'curto',
    });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json<{ errors: object }>().errors)).toEqual(['token']);
    const unknown = await adminCall(app, token, 'PUT', '/api/admin/frete/', {
      ...VALID,
      outro: 1,
    });
    expect(unknown.statusCode).toBe(400);
    // Only the last test's answer is kept so far.
    const [row] = await testDb.database.db.select().from(shippingSettings);
    expect(row).toMatchObject({ sender: null, services: null, tokenSealed: null });
  });

  it('saves: the saved token wins, sealed, never answered, audited or logged; a wrong one fails the test with 401', async () => {
    const { token, email } = await owner();
    logs.text = '';
    const wrong = 'token-errado-1234567890-abcdefWXYZ';
    const res = await adminCall(app, token, 'PUT', '/api/admin/frete/', { ...VALID, token: wrong });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(wrong);
    const frete = res.json<{ frete: Frete }>().frete;
    expect(frete).toMatchObject({
      ativo: true,
      cotando: true,
      token: { salvo: true, origem: 'painel', final: 'WXYZ' },
      remetente: { documento: '52998224725', uf: 'SP', cep: '01310100', telefone: '11987654321' },
      servicos: [
        { id: 1, margem: '0.00', dias_extras: 0 },
        { id: 17, margem: '2.50', dias_extras: 1 },
      ],
    });
    expect(frete.embalagens.aneis).toEqual({
      largura: 8,
      altura: 4,
      comprimento: 8,
      peso_gramas: 50,
    });
    expect(frete.embalagens.brincos).toEqual({
      largura: 15,
      altura: 5,
      comprimento: 20,
      peso_gramas: 200,
    });

    const [row] = await testDb.database.db.select().from(shippingSettings);
    expect(row?.tokenSealed).toMatch(/^v1\./);
    expect(row?.tokenSealed).not.toContain(wrong);
    expect(row?.tokenLast4).toBe('WXYZ');
    const [entry] = await testDb.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'shipping_settings'),
          eq(auditLog.action, 'shipping_settings.update'),
        ),
      );
    expect(entry).toMatchObject({ actorEmail: email, entityId: 'frete' });
    expect(entry?.summary).toBe(
      'Frete: Melhor Envio ligado (padrão), token novo (final WXYZ); serviços: Correios PAC, Correios Mini Envios',
    );
    expect(JSON.stringify(entry)).not.toContain(wrong);

    const again = await adminCall(app, token, 'GET', '/api/admin/frete/');
    expect(again.json<{ frete: Frete }>().frete).toEqual(frete);

    const test = await adminCall(app, token, 'POST', '/api/admin/frete/testar/');
    expect(test.json()).toMatchObject({ teste: { resultado: 'token-invalido', ok: false } });
    expect(test.json<{ teste: { mensagem: string } }>().teste.mensagem).toContain('token inválido');
    expect(fake.requests.at(-1)?.authorization).toBe(`Bearer ${wrong}`);
    const kept = await adminCall(app, token, 'GET', '/api/admin/frete/');
    expect(kept.json<{ frete: Frete }>().frete.ultimo_teste?.resultado).toBe('token-invalido');

    expect(logs.text).toContain('/api/admin/frete/');
    expect(logs.text).toContain('token-invalido');
    expect(logs.text).not.toContain(wrong);
    expect(logs.text).not.toContain(fake.token);
  });

  it('a good token saved tests ok; keeping it needs no token in the body; removing falls back to the environment', async () => {
    const { token } = await owner();
    const saved = await adminCall(app, token, 'PUT', '/api/admin/frete/', {
      ...VALID,
      token: fake.token,
    });
    expect(saved.statusCode).toBe(200);
    const test = await adminCall(app, token, 'POST', '/api/admin/frete/testar/');
    expect(test.json()).toMatchObject({ teste: { resultado: 'ok', ok: true } });

    // A save without a token keeps the sealed one.
    const kept = await adminCall(app, token, 'PUT', '/api/admin/frete/', {
      ...VALID,
      ambiente: 'sandbox',
    });
    expect(kept.json<{ frete: Frete }>().frete.token).toMatchObject({ origem: 'painel' });
    expect((await app.shippingSettings.settings()).apiUrl).toBe(
      'https://sandbox.melhorenvio.com.br',
    );

    const removed = await adminCall(app, token, 'PUT', '/api/admin/frete/', {
      ...VALID,
      remover_token: true,
    });
    expect(removed.json<{ frete: Frete }>().frete.token).toMatchObject({
      salvo: true,
      origem: 'ambiente',
    });

    // Off: no client for the quotes, whatever the token.
    const off = await adminCall(app, token, 'PUT', '/api/admin/frete/', {
      ...VALID,
      ativo: false,
      remetente: { cep: '01310100' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ frete: Frete }>().frete.cotando).toBe(false);
    expect(await app.shippingSettings.client()).toBeNull();
  });
});
