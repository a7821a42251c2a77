/**
 * The back office's coupons: every call refused to a guest (401) and a customer (403); create,
 * edit, pause and activate with their field errors and audit entries; a paused coupon refused at
 * the checkout; the uses of a coupon.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COUPON_FORM_MESSAGES as M } from '@semijoias/domain/coupon-form';
import { auditLog, coupons } from '../../../db/schema.js';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { newCouponCode } from '../../../../test/factories.js';
import { useTestApp } from '../../../../test/helpers.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import { addToCart, call, setProduct, shopper } from '../../../../test/checkout.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });

const body = (overrides: Record<string, unknown> = {}) => ({
  codigo: newCouponCode('ADM').toLowerCase(),
  descricao: 'Dez por cento',
  tipo: 'percentual',
  percentual: '10',
  ...overrides,
});

async function create(token: string, overrides: Record<string, unknown> = {}) {
  const res = await adminCall(ctx.app, token, 'POST', '/api/admin/cupons/', body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ cupom: { id: number; codigo: string } & Record<string, unknown> }>().cupom;
}

describe('the coupons calls', () => {
  it('every call: 401 without a session, 403 to a customer, 200 to an owner', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const coupon = await create(owner.token);
    const calls: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', '/api/admin/cupons/'],
      ['GET', `/api/admin/cupons/${coupon.id}/`],
      ['POST', '/api/admin/cupons/', body()],
      ['PUT', `/api/admin/cupons/${coupon.id}/`, body({ codigo: coupon.codigo })],
      ['POST', `/api/admin/cupons/${coupon.id}/pausar/`],
      ['POST', `/api/admin/cupons/${coupon.id}/ativar/`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await adminCall(ctx.app, undefined, method, url, payload)).statusCode, url).toBe(401);
      const refused = await adminCall(ctx.app, customer.token, method, url, payload);
      expect(refused.statusCode, url).toBe(403);
      const ok = await adminCall(ctx.app, owner.token, method, url, payload);
      expect(ok.statusCode, `${method} ${url} ${ok.body}`).toBe(
        method === 'POST' && url.endsWith('cupons/') ? 201 : 200,
      );
    }
  });

  it('creates a coupon: code upper-cased, the status, the audit entry', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const res = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/cupons/', {
      codigo: ' natal-x1 ',
      tipo: 'valor_fixo',
      valor: '15,00',
      pedido_minimo: '100,00',
      valido_ate: '2099-12-31T23:59:00-03:00',
      limite_uso: 5,
      uma_vez_por_cliente: true,
      primeira_compra: true,
      cliente_email: (await ctx.database.db.query.users.findFirst({
        where: (u, { eq }) => eq(u.id, customer.userId),
      }))!.email.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const cupom = res.json<{ cupom: Record<string, unknown> }>().cupom;
    expect(cupom).toMatchObject({
      codigo: 'NATAL-X1',
      tipo: 'valor_fixo',
      percentual: null,
      valor: '15.00',
      pedido_minimo: '100.00',
      valido_de: null,
      valido_ate: '2100-01-01T02:59:00.000Z',
      limite_uso: 5,
      vezes_usado: 0,
      uma_vez_por_cliente: true,
      primeira_compra: true,
      ativo: true,
      status: 'Ativo',
    });
    expect(cupom.cliente_email).toMatch(/@exemplo\.com\.br$/);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'coupon'), eq(auditLog.entityId, String(cupom.id))));
    expect(entry).toMatchObject({
      action: 'coupon.create',
      actorEmail: owner.email,
      summary: 'Cupom NATAL-X1 criado (R$ 15,00)',
      after: cupom,
    });
  });

  it('refuses bad input with each field in Portuguese; a duplicate code is a 409', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const bad = await adminCall(ctx.app, owner.token, 'POST', '/api/admin/cupons/', {
      codigo: '',
      tipo: 'percentual',
      percentual: '150',
      valido_de: '2026-11-02T00:00:00Z',
      valido_ate: '2026-11-01T00:00:00Z',
      limite_uso: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: M.codeRequired,
      errors: {
        codigo: [M.codeRequired],
        percentual: [M.percentInvalid],
        valido_ate: [M.untilBeforeFrom],
        limite_uso: [M.limitInvalid],
      },
    });
    const fixed = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      '/api/admin/cupons/',
      body({ tipo: 'valor_fixo', valor: '0' }),
    );
    expect(fixed.json()).toMatchObject({ errors: { valor: [M.amountInvalid] } });
    const nobody = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      '/api/admin/cupons/',
      body({ cliente_email: 'ninguem@exemplo.com.br' }),
    );
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ errors: { cliente_email: [M.customerNotFound] } });

    const first = await create(owner.token);
    const again = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      '/api/admin/cupons/',
      body({ codigo: first.codigo.toLowerCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: M.codeTaken, errors: { codigo: [M.codeTaken] } });
    const other = await create(owner.token);
    const renamed = await adminCall(
      ctx.app,
      owner.token,
      'PUT',
      `/api/admin/cupons/${other.id}/`,
      body({ codigo: first.codigo }),
    );
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ errors: { codigo: [M.codeTaken] } });
    const boasvindas = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      '/api/admin/cupons/',
      body({ codigo: 'boasvindas' }),
    );
    expect(boasvindas.statusCode).toBe(409);

    const missing = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/cupons/99999999/');
    expect(missing.statusCode).toBe(404);
    const notId = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/cupons/abc/');
    expect(notId.statusCode).toBe(400);
    expect(notId.body).not.toMatch(/zod|expected/i);
  });

  it('edits every column; the limit cannot go below the uses made', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const coupon = await create(owner.token);
    await ctx.database.db.update(coupons).set({ timesUsed: 3 }).where(eq(coupons.id, coupon.id));
    const below = await adminCall(
      ctx.app,
      owner.token,
      'PUT',
      `/api/admin/cupons/${coupon.id}/`,
      body({ codigo: coupon.codigo, limite_uso: 2 }),
    );
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ errors: { limite_uso: [M.limitBelowUses(3)] } });

    const res = await adminCall(ctx.app, owner.token, 'PUT', `/api/admin/cupons/${coupon.id}/`, {
      codigo: coupon.codigo,
      descricao: 'Agora fixo',
      tipo: 'valor_fixo',
      valor: '20.00',
      valido_de: '2099-01-01T00:00:00Z',
      limite_uso: 3,
      ativo: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ cupom: unknown }>().cupom).toMatchObject({
      descricao: 'Agora fixo',
      tipo: 'valor_fixo',
      percentual: null,
      valor: '20.00',
      limite_uso: 3,
      vezes_usado: 3,
      status: 'Agendado',
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.update'), eq(auditLog.entityId, String(coupon.id))));
    expect(entry!.before).toMatchObject({ tipo: 'percentual', percentual: 10 });
    expect(entry!.after).toMatchObject({ tipo: 'valor_fixo', valor: '20.00' });
  });

  it('pauses and activates (audited once each); a paused coupon is refused at checkout', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const coupon = await create(owner.token);
    const me = await shopper(ctx.app, ctx.database);
    await setProduct(ctx.database, 3, { priceCents: 10000, stock: 100 });
    await addToCart(ctx.app, me.token, 3, 1);

    const paused = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      `/api/admin/cupons/${coupon.id}/pausar/`,
    );
    expect(paused.json()).toMatchObject({ cupom: { ativo: false, status: 'Pausado' } });
    await adminCall(ctx.app, owner.token, 'POST', `/api/admin/cupons/${coupon.id}/pausar/`);
    const validate = await call(
      ctx.app,
      '/api/validar-cupom/',
      { codigo_cupom: coupon.codigo },
      { token: me.token },
    );
    expect(validate.statusCode).toBe(400);
    expect(validate.json()).toMatchObject({ success: false, message: 'Cupom inválido.' });
    const pay = await call(
      ctx.app,
      '/api/pay/',
      { cep: '01310100', cupom: coupon.codigo },
      { token: me.token, key: `p-${coupon.id}` },
    );
    expect(pay.statusCode).toBe(400);
    expect(pay.json()).toMatchObject({ error: 'Cupom inválido.' });

    const active = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      `/api/admin/cupons/${coupon.id}/ativar/`,
    );
    expect(active.json()).toMatchObject({ cupom: { ativo: true, status: 'Ativo' } });
    const ok = await call(
      ctx.app,
      '/api/validar-cupom/',
      { codigo_cupom: coupon.codigo },
      { token: me.token },
    );
    expect(ok.json()).toMatchObject({ success: true, desconto: '10.00' });
    const paid = await call(
      ctx.app,
      '/api/pay/',
      { cep: '01310100', cupom: coupon.codigo },
      { token: me.token, key: `q-${coupon.id}` },
    );
    expect(paid.statusCode, paid.body).toBe(201);

    const actions = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(coupon.id)))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'coupon.create',
      'coupon.pause',
      'coupon.activate',
    ]);

    // The use shows on the coupon's page and in the list.
    const detail = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/cupons/${coupon.id}/`);
    const { cupom, usos } = detail.json<{
      cupom: { vezes_usado: number };
      usos: { desconto: string; cliente: string; pedido: string }[];
    }>();
    expect(cupom.vezes_usado).toBe(1);
    expect(usos).toEqual([
      expect.objectContaining({
        desconto: '10.00',
        cliente: 'Ana Souza',
        pedido: expect.stringMatching(/^\d+$/),
      }),
    ]);
    const list = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/cupons/');
    const row = list
      .json<{ cupons: { id: number; vezes_usado: number }[] }>()
      .cupons.find((c) => c.id === coupon.id);
    expect(row!.vezes_usado).toBe(1);
  });
});
