/**
 * The perfis-endereco calls (docs/addresses-contract.md): shapes, the domain's texts, the one
 * default, the unique name, and that each customer sees and changes only her own profiles.
 * Concurrent changes run on PGlite and, with TEST_DATABASE_URL, on several PostgreSQL connections
 * at once. PGlite runs one transaction at a time on its single connection, so only PostgreSQL can
 * show the race the lock on her row prevents: without that lock, 'round after round' and
 * 'definir-padrao' fail there on every run (checked by hand), while PGlite passes either way.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  MAX_ADDRESS_PROFILES,
  validateAddressProfilePayload,
} from '@semijoias/domain/address';
import {
  ADDRESS_COMPLEMENTO_INVALID,
  ADDRESS_IS_DEFAULT_INVALID,
  ADDRESS_PROFILE_ID_INVALID,
  ADDRESS_PROFILE_NAME_TAKEN,
  ADDRESS_PROFILE_NOT_FOUND,
} from '@semijoias/domain/messages';
import {
  apiCall,
  loggedInCustomer,
  makeCpf,
  maskedCpf,
  type Method,
} from '../../../test/accounts.js';
import { useTestApp } from '../../../test/helpers.js';
import { addressProfiles } from '../../db/schema.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import type { AddressProfileJson } from './schemas.js';
import { createAddressService } from './service.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });

const customer = () => loggedInCustomer(ctx.app, ctx.database);

const call = (token: string | undefined, method: Method, url: string, payload?: unknown) =>
  apiCall(ctx.app, token, method, url, payload);

function profile(overrides: Record<string, unknown> = {}) {
  return {
    nome_perfil: 'Casa',
    nome_completo: 'Ana Souza',
    email: 'Ana.Souza@Exemplo.com.br',
    cep: '01310-100',
    endereco: 'Avenida Paulista',
    numero: '1000',
    complemento: 'ap 12',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    estado: 'sp',
    telefone: '(11) 98765-4321',
    cpf: maskedCpf(makeCpf(123456789)),
    is_default: false,
    ...overrides,
  };
}

async function list(token: string): Promise<AddressProfileJson[]> {
  const res = await call(token, 'GET', '/api/perfis-endereco/');
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ success: boolean; perfis: AddressProfileJson[] }>();
  expect(body.success).toBe(true);
  return body.perfis;
}

async function create(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', '/api/perfis-endereco/', profile(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ success: true; perfil: AddressProfileJson }>().perfil;
}

const defaults = (perfis: AddressProfileJson[]) => perfis.filter((p) => p.is_default);

describe('perfis-endereco', () => {
  it('needs a valid bearer on every call, before reading the body', async () => {
    for (const [method, url] of [
      ['GET', '/api/perfis-endereco/'],
      ['POST', '/api/perfis-endereco/'],
      ['PUT', '/api/perfis-endereco/1/'],
      ['DELETE', '/api/perfis-endereco/1/'],
      ['PUT', '/api/perfis-endereco/1/definir-padrao/'],
    ] as const) {
      const anonymous = await call(undefined, method, url, profile());
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const forged = await call('not-a-token', method, url, profile());
      expect(forged.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates a profile, normalized, and answers it in SPEC §3 shape; the first is the default', async () => {
    const { token } = await customer();
    expect(await list(token)).toEqual([]);
    const perfil = await create(token, { is_default: false });
    expect(perfil).toEqual({
      id: expect.any(Number),
      nome_perfil: 'Casa',
      nome_completo: 'Ana Souza',
      email: 'ana.souza@exemplo.com.br',
      cpf: maskedCpf(makeCpf(123456789)),
      telefone: '(11) 98765-4321',
      cep: '01310-100',
      endereco: 'Avenida Paulista',
      numero: '1000',
      complemento: 'ap 12',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      estado: 'SP',
      is_default: true,
    });
    const [stored] = await ctx.database.db
      .select()
      .from(addressProfiles)
      .where(eq(addressProfiles.id, perfil.id));
    expect(stored).toMatchObject({
      cpf: makeCpf(123456789),
      telefone: '11987654321',
      cep: '01310100',
    });
    expect(await list(token)).toEqual([perfil]);
  });

  it('a second profile is not the default unless asked; asking moves the default', async () => {
    const { token } = await customer();
    const casa = await create(token, { nome_perfil: 'Casa' });
    const trabalho = await create(token, { nome_perfil: 'Trabalho' });
    expect(trabalho.is_default).toBe(false);
    const mae = await create(token, { nome_perfil: 'Mãe', is_default: true });
    expect(mae.is_default).toBe(true);
    const perfis = await list(token);
    expect(defaults(perfis).map((p) => p.id)).toEqual([mae.id]);
    // The default comes first, then the oldest.
    expect(perfis.map((p) => p.id)).toEqual([mae.id, casa.id, trabalho.id]);
  });

  it('answers every missing field with SPEC §5 texts (account wording) as errors: {field: [..]}', async () => {
    const { token } = await customer();
    const res = await call(token, 'POST', '/api/perfis-endereco/', {
      nome_perfil: ' ',
      nome_completo: '',
      email: '',
      cep: '',
      endereco: '',
      numero: '',
      bairro: '',
      cidade: '',
      estado: '',
      telefone: '',
      cpf: '',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ success: boolean; errors: Record<string, string[]> }>();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual({
      nome_perfil: [ADDRESS_MESSAGES.nome_perfil],
      nome_completo: [ADDRESS_MESSAGES.nome_completo],
      email: [ADDRESS_MESSAGES.emailRequired.account],
      cpf: [ADDRESS_MESSAGES.cpf],
      telefone: [ADDRESS_MESSAGES.telefone],
      cep: [ADDRESS_MESSAGES.cep],
      endereco: [ADDRESS_MESSAGES.endereco],
      numero: [ADDRESS_MESSAGES.numero],
      bairro: [ADDRESS_MESSAGES.bairro],
      cidade: [ADDRESS_MESSAGES.cidade],
      estado: [ADDRESS_MESSAGES.estado],
    });
    expect(await list(token)).toEqual([]);
  });

  it.each([
    [{ email: 'ana@' }, 'email', 'E-mail inválido'],
    [{ cpf: '111.111.111-11' }, 'cpf', 'CPF inválido'],
    [{ telefone: '(11) 9876' }, 'telefone', 'Telefone inválido'],
    [{ cep: '0131' }, 'cep', 'CEP inválido'],
    [{ estado: 'XX' }, 'estado', 'Estado inválido'],
    [{ nome_perfil: 'x'.repeat(51) }, 'nome_perfil', 'Texto muito longo'],
    [{ endereco: 'x'.repeat(201) }, 'endereco', 'Texto muito longo'],
    [{ numero: 42 }, 'numero', ADDRESS_MESSAGES.numero],
    [{ is_default: 'sim' }, 'is_default', ADDRESS_IS_DEFAULT_INVALID],
    [{ complemento: 7 }, 'complemento', ADDRESS_COMPLEMENTO_INVALID],
    [{ complemento: 'x'.repeat(201) }, 'complemento', 'Texto muito longo'],
  ])('refuses %o with its field message', async (change, field, message) => {
    const { token } = await customer();
    const res = await call(token, 'POST', '/api/perfis-endereco/', profile(change));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    expect(await list(token)).toEqual([]);
  });

  it("ignores keys the profile does not have: a body's user_id or id never moves a profile", async () => {
    const ana = await customer();
    const bia = await customer();
    const biaCasa = await create(bia.token, { nome_perfil: 'Casa' });
    const res = await call(
      ana.token,
      'POST',
      '/api/perfis-endereco/',
      profile({ id: biaCasa.id, user_id: bia.userId, usuario: bia.userId, preco: '0.01' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const perfil = res.json<{ perfil: AddressProfileJson }>().perfil;
    expect(perfil.id).not.toBe(biaCasa.id);
    expect(perfil).not.toHaveProperty('user_id');
    expect((await list(ana.token)).map((p) => p.id)).toEqual([perfil.id]);
    expect(await list(bia.token)).toEqual([biaCasa]);

    const put = await call(
      ana.token,
      'PUT',
      `/api/perfis-endereco/${perfil.id}/`,
      profile({ nome_perfil: 'Casa 2', user_id: bia.userId }),
    );
    expect(put.statusCode).toBe(200);
    expect((await list(bia.token)).map((p) => p.nome_perfil)).toEqual(['Casa']);
  });

  it('a bad body answers 400 with success false, error, message and errors; nothing internal', async () => {
    const { token } = await customer();
    const res = await call(token, 'POST', '/api/perfis-endereco/', profile({ email: 'ana@' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'E-mail inválido',
      message: 'E-mail inválido',
      errors: { email: ['E-mail inválido'] },
    });
    const bad = await call(token, 'PUT', '/api/perfis-endereco/abc/', profile());
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toMatch(/select|insert|stack|zod|at \w+ \(/i);
  });

  it('refuses a body that is not an object', async () => {
    const { token } = await customer();
    for (const payload of [[], 'casa', 42]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/perfis-endereco/',
        payload: JSON.stringify(payload),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
  });

  it('a profile name is unique per customer whatever its case, with SPEC §8 text', async () => {
    const { token } = await customer();
    await create(token, { nome_perfil: 'Casa' });
    const res = await call(
      token,
      'POST',
      '/api/perfis-endereco/',
      profile({ nome_perfil: 'CASA' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: ADDRESS_PROFILE_NAME_TAKEN,
      errors: { nome_perfil: [ADDRESS_PROFILE_NAME_TAKEN] },
    });
    // Another customer may use the same name.
    const other = await customer();
    await create(other.token, { nome_perfil: 'Casa' });
  });

  it('updates every field; renaming onto another profile name is refused', async () => {
    const { token } = await customer();
    const casa = await create(token, { nome_perfil: 'Casa' });
    await create(token, { nome_perfil: 'Trabalho' });
    const res = await call(
      token,
      'PUT',
      `/api/perfis-endereco/${casa.id}/`,
      profile({ nome_perfil: 'Casa nova', numero: '12', complemento: '', estado: 'RJ' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ perfil: AddressProfileJson }>().perfil).toMatchObject({
      id: casa.id,
      nome_perfil: 'Casa nova',
      numero: '12',
      complemento: '',
      estado: 'RJ',
      is_default: true,
    });
    const clash = await call(
      token,
      'PUT',
      `/api/perfis-endereco/${casa.id}/`,
      profile({ nome_perfil: 'trabalho' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ message: string }>().message).toBe(ADDRESS_PROFILE_NAME_TAKEN);
  });

  it('is_default false on the default keeps it (she is never left without one)', async () => {
    const { token } = await customer();
    const casa = await create(token, { nome_perfil: 'Casa' });
    await create(token, { nome_perfil: 'Trabalho' });
    await call(token, 'PUT', `/api/perfis-endereco/${casa.id}/`, profile({ is_default: false }));
    expect(defaults(await list(token)).map((p) => p.id)).toEqual([casa.id]);
  });

  it('definir-padrao moves the default; deleting the default promotes the oldest remaining', async () => {
    const { token } = await customer();
    const a = await create(token, { nome_perfil: 'A' });
    const b = await create(token, { nome_perfil: 'B' });
    const c = await create(token, { nome_perfil: 'C' });
    const res = await call(token, 'PUT', `/api/perfis-endereco/${c.id}/definir-padrao/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(defaults(await list(token)).map((p) => p.id)).toEqual([c.id]);

    const del = await call(token, 'DELETE', `/api/perfis-endereco/${c.id}/`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true });
    const left = await list(token);
    expect(left.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(defaults(left).map((p) => p.id)).toEqual([a.id]);

    // Deleting a profile that is not the default leaves the default alone.
    await call(token, 'DELETE', `/api/perfis-endereco/${b.id}/`);
    expect(defaults(await list(token)).map((p) => p.id)).toEqual([a.id]);
    await call(token, 'DELETE', `/api/perfis-endereco/${a.id}/`);
    expect(await list(token)).toEqual([]);
  });

  it("never shows or changes another customer's profile: 404 as for an unknown id", async () => {
    const ana = await customer();
    const bia = await customer();
    const casa = await create(ana.token, { nome_perfil: 'Casa' });
    expect(await list(bia.token)).toEqual([]);
    for (const [method, url, body] of [
      ['PUT', `/api/perfis-endereco/${casa.id}/`, profile({ nome_perfil: 'Roubado' })],
      ['DELETE', `/api/perfis-endereco/${casa.id}/`, undefined],
      ['PUT', `/api/perfis-endereco/${casa.id}/definir-padrao/`, undefined],
      ['PUT', '/api/perfis-endereco/999999/', profile()],
      ['DELETE', '/api/perfis-endereco/999999/', undefined],
    ] as const) {
      const res = await call(bia.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: ADDRESS_PROFILE_NOT_FOUND });
    }
    expect(await list(ana.token)).toEqual([casa]);
  });

  it('refuses a bad id in the path with 400', async () => {
    const { token } = await customer();
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const res = await call(token, 'DELETE', `/api/perfis-endereco/${id}/`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toMatchObject({
        error: `Parâmetros inválidos: ${ADDRESS_PROFILE_ID_INVALID}`,
        errors: { id: [ADDRESS_PROFILE_ID_INVALID] },
      });
    }
    const put = await call(token, 'PUT', '/api/perfis-endereco/0/definir-padrao/');
    expect(put.statusCode).toBe(400);
  });

  it(`keeps at most ${MAX_ADDRESS_PROFILES} profiles`, async () => {
    const { token, userId } = await customer();
    await ctx.database.db.insert(addressProfiles).values(
      Array.from({ length: MAX_ADDRESS_PROFILES }, (_, i) => ({
        userId,
        nomePerfil: `Perfil ${i}`,
        nomeCompleto: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        cpf: makeCpf(123456789),
        telefone: '11987654321',
        cep: '01310100',
        endereco: 'Rua A',
        numero: '1',
        bairro: 'Centro',
        cidade: 'São Paulo',
        estado: 'SP',
        isDefault: i === 0,
      })),
    );
    const res = await call(
      token,
      'POST',
      '/api/perfis-endereco/',
      profile({ nome_perfil: 'Mais um' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/até 20 perfis/);
  });

  it('answers no-store', async () => {
    const { token } = await customer();
    const res = await call(token, 'GET', '/api/perfis-endereco/');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('concurrent profile changes keep exactly one default', () => {
  const N = 8;

  it(`${N} concurrent first profiles: all saved, one default`, async () => {
    const { token, userId } = await customer();
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        call(token, 'POST', '/api/perfis-endereco/', profile({ nome_perfil: `Perfil ${i}` })),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(N).fill(201));
    const rows = await ctx.database.db
      .select({ id: addressProfiles.id })
      .from(addressProfiles)
      .where(and(eq(addressProfiles.userId, userId), eq(addressProfiles.isDefault, true)));
    expect(rows).toHaveLength(1);
  });

  it('first profiles created at once by the service, round after round: always one default', async () => {
    // Straight to the service (no HTTP in between), so the transactions really overlap: without
    // the lock on her row two of them both count no default and both insert one (on PostgreSQL
    // the one-default index then refuses the second with a 500).
    const service = createAddressService(ctx.database.db);
    const parsed = validateAddressProfilePayload(profile());
    if (!parsed.ok) throw new Error('fixture profile is invalid');
    for (let round = 0; round < 4; round++) {
      const { userId } = await customer();
      const outcomes = await Promise.allSettled(
        Array.from({ length: N }, (_, i) =>
          service.create(userId, { ...parsed.value, nome_perfil: `R${round} P${i}` }),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual(Array(N).fill('fulfilled'));
      const rows = await ctx.database.db
        .select({ isDefault: addressProfiles.isDefault })
        .from(addressProfiles)
        .where(eq(addressProfiles.userId, userId));
      expect(rows).toHaveLength(N);
      expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    }
  });

  it(`${N} concurrent creates of one name: one 201, the others 409 with SPEC §8 text`, async () => {
    const { token } = await customer();
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        call(
          token,
          'POST',
          '/api/perfis-endereco/',
          profile({ nome_perfil: i % 2 ? 'Casa' : 'CASA' }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(N - 1).fill(409)]);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({
        success: false,
        errors: { nome_perfil: [ADDRESS_PROFILE_NAME_TAKEN] },
      });
    }
    const perfis = await list(token);
    expect(perfis).toHaveLength(1);
    expect(perfis[0]!.is_default).toBe(true);
  });

  it(`${N} concurrent definir-padrao: one default, the last to run`, async () => {
    const { token } = await customer();
    const created: AddressProfileJson[] = [];
    for (let i = 0; i < N; i++) created.push(await create(token, { nome_perfil: `P${i}` }));
    const answers = await Promise.all(
      created.map((p) => call(token, 'PUT', `/api/perfis-endereco/${p.id}/definir-padrao/`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect(defaults(await list(token))).toHaveLength(1);
  });

  it('concurrent deletes of the default and the others leave one default or none at all', async () => {
    const { token } = await customer();
    const created: AddressProfileJson[] = [];
    for (let i = 0; i < 4; i++) created.push(await create(token, { nome_perfil: `D${i}` }));
    await Promise.all(
      created.slice(0, 3).map((p) => call(token, 'DELETE', `/api/perfis-endereco/${p.id}/`)),
    );
    const left = await list(token);
    expect(left.map((p) => p.id)).toEqual([created[3]!.id]);
    expect(left[0]!.is_default).toBe(true);
  });
});
