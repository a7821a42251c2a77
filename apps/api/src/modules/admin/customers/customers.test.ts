/**
 * The back office's customers: the list with search, orders and money spent; her page; the LGPD
 * export (her data, no secret) and the anonymisation (her data gone, her sessions ended, her
 * orders kept, owners refused). Every call refused to a guest (401) and a customer (403).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maskCpf } from '@semijoias/domain/cpf';
import {
  ANONYMIZE_ALREADY_DONE,
  ANONYMIZE_CONFIRMATION_REQUIRED,
  ANONYMIZE_OWNER_REFUSED,
} from '@semijoias/domain/messages';
import {
  addressProfiles,
  auditLog,
  cartItems,
  orders,
  refreshTokens,
  users,
} from '../../../db/schema.js';
import { GOOD_PASSWORD, loggedInCustomer, login, post } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { redeemedCoupon } from '../../../../test/factories.js';
import { useTestApp } from '../../../../test/helpers.js';
import { insertOrder } from '../../../../test/orders.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import { addToCart } from '../../../../test/checkout.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });

const ADDRESS = {
  nome_perfil: 'Casa',
  nome_completo: 'Ana Souza',
  email: 'ana.casa@exemplo.com.br',
  cep: '01310-100',
  endereco: 'Avenida Paulista',
  numero: '1000',
  complemento: 'ap 12',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estado: 'SP',
  telefone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  is_default: true,
};

/** A customer with an address, a cart line, a paid order with a coupon and an unpaid order. */
async function customerWithHistory() {
  const customer = await loggedInCustomer(ctx.app, ctx.database);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, customer.userId));
  const saved = await adminCall(ctx.app, customer.token, 'POST', '/api/perfis-endereco/', ADDRESS);
  expect(saved.statusCode, saved.body).toBe(201);
  await addToCart(ctx.app, customer.token, 6, 1);
  const paid = await insertOrder(ctx.database, {
    userId: customer.userId,
    status: 'paid',
    discountCents: 500,
  });
  const unpaid = await insertOrder(ctx.database, { userId: customer.userId, products: 1 });
  const coupon = await redeemedCoupon(ctx.database, {
    code: `LGPD${customer.userId}`,
    userId: customer.userId,
    orderId: paid.order.id,
  });
  return { ...customer, user: user!, paid, unpaid, coupon };
}

describe('the customers calls', () => {
  it('every call: 401 without a session, 403 to a customer, 200 to an owner', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const target = await loggedInCustomer(ctx.app, ctx.database);
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/admin/clientes/?busca=ana&pagina=1'],
      ['GET', `/api/admin/clientes/${target.userId}/`],
      ['GET', `/api/admin/clientes/${target.userId}/exportar/`],
      ['POST', `/api/admin/clientes/${target.userId}/anonimizar/`, { confirmacao: 'ANONIMIZAR' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await adminCall(ctx.app, undefined, method, url, payload)).statusCode, url).toBe(401);
      expect((await adminCall(ctx.app, customer.token, method, url, payload)).statusCode, url).toBe(
        403,
      );
      const ok = await adminCall(ctx.app, owner.token, method, url, payload);
      expect(ok.statusCode, `${url} ${ok.body}`).toBe(200);
      expect(ok.headers['cache-control']).toBe('no-store');
    }
  });

  it('lists with orders and money spent (paid orders only); searches name, e-mail and CPF', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const her = await customerWithHistory();
    type Row = { id: number; pedidos: number; total_gasto: string; email: string; cpf: string };
    const find = async (busca: string) => {
      const res = await adminCall(
        ctx.app,
        owner.token,
        'GET',
        `/api/admin/clientes/?busca=${encodeURIComponent(busca)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ clientes: Row[]; total: number; paginas: number }>();
    };
    const byEmail = await find(her.user.email.toUpperCase());
    expect(byEmail.clientes).toHaveLength(1);
    expect(byEmail.clientes[0]).toMatchObject({
      id: her.userId,
      pedidos: 2,
      total_gasto: (her.paid.order.totalCents / 100).toFixed(2),
      cpf: maskCpf(her.user.cpf),
    });
    const byCpf = await find(maskCpf(her.user.cpf));
    expect(byCpf.clientes.map((c) => c.id)).toEqual([her.userId]);
    const byName = await find('ana souza');
    expect(byName.clientes.map((c) => c.id)).toContain(her.userId);
    expect((await find('%')).total).toBe(0);
    // Accents ignored both ways: 'Conceição' is found as 'conceicao' and 'CONCEIÇÃO'.
    await ctx.database.db
      .update(users)
      .set({ lastName: 'Conceição' })
      .where(eq(users.id, her.userId));
    for (const typed of ['ana conceicao', 'CONCEIÇÃO', 'Conceicão'])
      expect(
        (await find(typed)).clientes.map((c) => c.id),
        typed,
      ).toContain(her.userId);
    const bad = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/clientes/?pagina=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: { pagina: ['A página deve ser um número inteiro a partir de 1.'] },
    });
  });

  it('her page: account, addresses, orders with status and totals', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const her = await customerWithHistory();
    const res = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/clientes/${her.userId}/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      cliente: Record<string, unknown>;
      enderecos: { nome_perfil: string }[];
      pedidos: { referencia: string; status: string; total: string }[];
    }>();
    expect(body.cliente).toMatchObject({ email: her.user.email, anonimizada: false, pedidos: 2 });
    expect(body.enderecos.map((a) => a.nome_perfil)).toEqual(['Casa']);
    expect(body.pedidos.map((o) => [o.referencia, o.status])).toEqual([
      [her.unpaid.order.reference, 'Aguardando Pagamento'],
      [her.paid.order.reference, 'Pedido Pago'],
    ]);
    const missing = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/clientes/99999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Cliente não encontrada.' });
  });

  it('exports her data as a JSON download, with no password hash, token or link secret', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const her = await customerWithHistory();
    const { refresh } = await login(ctx.app, her.user.email);
    const res = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      `/api/admin/clientes/${her.userId}/exportar/`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename=cliente-${her.userId}.json`,
    );
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = res.json<Record<string, unknown>>();
    expect(data).toMatchObject({
      conta: { id: her.userId, email: her.user.email, cpf: her.user.cpf, nome: 'Ana' },
      enderecos: [expect.objectContaining({ nome_perfil: 'Casa', endereco: 'Avenida Paulista' })],
      usos_de_cupom: [
        {
          cupom: her.coupon.code,
          pedido: her.paid.order.reference,
          desconto: '5.00',
          data: expect.any(String),
        },
      ],
      carrinho: [expect.objectContaining({ produto_id: 6, quantidade: 1 })],
    });
    const exportedOrders = data.pedidos as {
      referencia: string;
      itens: unknown[];
      entrega: { cidade: string };
    }[];
    expect(exportedOrders.map((o) => o.referencia)).toEqual([
      her.paid.order.reference,
      her.unpaid.order.reference,
    ]);
    expect(exportedOrders[0]!.itens).toHaveLength(her.paid.lines.length);
    expect(exportedOrders[0]!.entrega.cidade).toBe('São Paulo');
    const [secrets] = await ctx.database.db.select().from(users).where(eq(users.id, her.userId));
    for (const secret of [
      secrets!.passwordHash,
      her.paid.order.accessKeyHash,
      her.paid.chave,
      refresh,
      GOOD_PASSWORD,
    ])
      expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/password|senha|token|hash|chave/i);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'customer.export'), eq(auditLog.entityId, String(her.userId))),
      );
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain(her.user.email);
  });

  it('anonymises: her data gone, sessions ended, orders kept, audit without her data', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const her = await customerWithHistory();
    const { refresh } = await login(ctx.app, her.user.email);
    const url = `/api/admin/clientes/${her.userId}/anonimizar/`;

    for (const body of [{}, { confirmacao: 'anonimizar' }, { confirmacao: 'SIM' }]) {
      const refused = await adminCall(ctx.app, owner.token, 'POST', url, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ errors: Record<string, string[]> }>().errors.confirmacao).toEqual([
        ANONYMIZE_CONFIRMATION_REQUIRED,
      ]);
    }
    // She is still there after the refusals.
    expect((await adminCall(ctx.app, her.token, 'GET', '/api/infos/')).statusCode).toBe(200);
    // Her cart's CEP (where she lives) is remembered by her quote, and goes with the rest.
    const quoted = await post(
      ctx.app,
      '/api/calcular-frete/',
      { cep_destino: '01310-100', valor_total: '10.00', quantidade_itens: 1 },
      her.token,
    );
    expect(quoted.statusCode, quoted.body).toBe(200);

    const res = await adminCall(ctx.app, owner.token, 'POST', url, { confirmacao: 'ANONIMIZAR' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      cliente: {
        nome: 'Cliente anonimizada',
        email: `anonimizada-${her.userId}@anonimo.invalid`,
        cpf: '',
        telefone: '',
        anonimizada: true,
      },
      enderecos: [],
    });

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, her.userId));
    expect(row).toMatchObject({
      firstName: 'Cliente',
      lastName: 'anonimizada',
      birthdate: '1900-01-01',
    });
    expect(row!.cpf).not.toBe(her.user.cpf);
    expect(row!.anonymizedAt).not.toBeNull();
    expect(row!.cartCep).toBeNull();
    // Her old token, her refresh token and her password no longer open anything.
    expect((await adminCall(ctx.app, her.token, 'GET', '/api/infos/')).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/token/refresh/', { refresh })).statusCode).toBe(401);
    expect(
      (await post(ctx.app, '/api/token/', { username: her.user.email, password: GOOD_PASSWORD }))
        .statusCode,
    ).toBe(401);
    expect(
      await ctx.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, her.userId)),
    ).toEqual([]);
    expect(
      await ctx.database.db
        .select()
        .from(addressProfiles)
        .where(eq(addressProfiles.userId, her.userId)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, her.userId)),
    ).toEqual([]);
    // Her orders stay, as sold.
    const kept = await ctx.database.db.select().from(orders).where(eq(orders.userId, her.userId));
    expect(kept.map((o) => o.reference).sort()).toEqual(
      [her.paid.order.reference, her.unpaid.order.reference].sort(),
    );
    expect(kept.find((o) => o.id === her.paid.order.id)!.totalCents).toBe(
      her.paid.order.totalCents,
    );

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'customer.anonymize'), eq(auditLog.entityId, String(her.userId))),
      );
    expect(entry).toMatchObject({ entityType: 'customer', entityId: String(her.userId) });
    expect(entry!.after).toMatchObject({
      id: her.userId,
      enderecos: 1,
      itens_carrinho: 1,
      pedidos_mantidos: 2,
    });
    const text = JSON.stringify(entry);
    for (const personal of [her.user.email, her.user.cpf, her.user.phone, 'Souza'])
      expect(text).not.toContain(personal);

    const again = await adminCall(ctx.app, owner.token, 'POST', url, { confirmacao: 'ANONIMIZAR' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ANONYMIZE_ALREADY_DONE });
  });

  it('two anonymised accounts keep distinct placeholders', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const a = await loggedInCustomer(ctx.app, ctx.database);
    const b = await loggedInCustomer(ctx.app, ctx.database);
    for (const c of [a, b]) {
      const res = await adminCall(
        ctx.app,
        owner.token,
        'POST',
        `/api/admin/clientes/${c.userId}/anonimizar/`,
        {
          confirmacao: 'ANONIMIZAR',
        },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it("refuses an owner's account", async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[0]);
    const other = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[1]);
    const res = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      `/api/admin/clientes/${other.userId}/anonimizar/`,
      {
        confirmacao: 'ANONIMIZAR',
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ANONYMIZE_OWNER_REFUSED });
    expect((await adminCall(ctx.app, other.token, 'GET', '/api/admin/sessao/')).statusCode).toBe(
      200,
    );
  });
});
