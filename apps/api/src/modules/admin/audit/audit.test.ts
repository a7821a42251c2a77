/**
 * GET /api/admin/auditoria/: the owners' changes, newest first, by entity and action, a page at
 * a time; 401/403 to anyone but an owner; bad filters refused field by field in Portuguese.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE } from '@semijoias/domain/admin';
import {
  ADMIN_PAGE_INVALID,
  AUDIT_ACTION_INVALID,
  AUDIT_ENTITY_INVALID,
  AUDIT_ID_WITHOUT_ENTITY,
} from '@semijoias/domain/messages';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { useTestApp } from '../../../../test/helpers.js';
import { insertOrder } from '../../../../test/orders.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';
import { writeAudit } from '../audit.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });

interface Listing {
  itens: {
    id: number;
    action: string;
    entity_type: string;
    entity_id: string;
    order_reference: string | null;
    actor_email: string;
    summary: string;
    before: unknown;
    after: unknown;
    created_at: string;
  }[];
  pagina: number;
  por_pagina: number;
  total: number;
}

describe('GET /api/admin/auditoria/', () => {
  it('answers 401 without a session and 403 to a customer', async () => {
    expect((await adminCall(ctx.app, undefined, 'GET', '/api/admin/auditoria/')).statusCode).toBe(
      401,
    );
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const res = await adminCall(ctx.app, customer.token, 'GET', '/api/admin/auditoria/');
    expect(res.statusCode).toBe(403);
  });

  it("lists an entity's history newest first, with who, what and before/after", async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const who = { id: owner.userId, email: owner.email, name: 'Ana Souza' };
    const db = ctx.database.db;
    await writeAudit(db, who, {
      action: 'product.update',
      entityType: 'product',
      entityId: 9001,
      summary: 'Preço de Anel Aurora: R$ 10,00 → R$ 12,00',
      before: { preco: 1000, nome: 'Anel Aurora' },
      after: { preco: 1200, nome: 'Anel Aurora' },
    });
    await writeAudit(db, who, {
      action: 'stock.adjust',
      entityType: 'product',
      entityId: 9001,
      summary: 'Estoque de Anel Aurora: 3 → 10',
      before: { estoque: 3 },
      after: { estoque: 10 },
    });
    await writeAudit(db, who, {
      action: 'stock.adjust',
      entityType: 'product',
      entityId: 9002,
      summary: 'Estoque de Brinco Lua: 1 → 2',
    });

    const res = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      '/api/admin/auditoria/?entidade=product&id=9001',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Listing>();
    expect(body.total).toBe(2);
    expect(body.itens.map((e) => e.action)).toEqual(['stock.adjust', 'product.update']);
    expect(body.itens[0]).toMatchObject({
      actor_email: owner.email,
      entity_type: 'product',
      entity_id: '9001',
      order_reference: null,
      summary: 'Estoque de Anel Aurora: 3 → 10',
      before: { estoque: 3 },
      after: { estoque: 10 },
    });
    expect(Number.isNaN(Date.parse(body.itens[0]!.created_at))).toBe(false);

    const byAction = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      '/api/admin/auditoria/?acao=stock.adjust',
    );
    const actions = byAction.json<Listing>().itens;
    expect(actions.length).toBe(2);
    expect(actions.every((e) => e.action === 'stock.adjust')).toBe(true);
  });

  it("finds an order's reference whether it was audited by id or by reference", async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const who = { id: owner.userId, email: owner.email, name: 'Ana Souza' };
    const { order } = await insertOrder(ctx.database, { status: 'paid' });
    await writeAudit(ctx.database.db, who, {
      action: 'order.progress',
      entityType: 'order',
      entityId: order.id,
      summary: `Pedido ${order.reference}: em andamento`,
    });
    await writeAudit(ctx.database.db, who, {
      action: 'order.ship',
      entityType: 'order',
      entityId: order.reference,
      summary: `Pedido ${order.reference}: enviado`,
    });
    const res = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      '/api/admin/auditoria/?entidade=order',
    );
    const entries = res.json<Listing>().itens;
    expect(entries.length).toBe(2);
    expect(entries.map((e) => e.order_reference)).toEqual([order.reference, order.reference]);
  });

  it('answers a page at a time', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const who = { id: owner.userId, email: owner.email, name: 'Ana Souza' };
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) {
      await writeAudit(ctx.database.db, who, {
        action: 'coupon.update',
        entityType: 'coupon',
        entityId: 77,
        summary: `Cupom VERAO: mudança ${i}`,
      });
    }
    const url = '/api/admin/auditoria/?entidade=coupon&id=77';
    const first = (await adminCall(ctx.app, owner.token, 'GET', url)).json<Listing>();
    expect(first).toMatchObject({
      pagina: 1,
      por_pagina: ADMIN_PAGE_SIZE,
      total: ADMIN_PAGE_SIZE + 2,
    });
    expect(first.itens.length).toBe(ADMIN_PAGE_SIZE);
    expect(first.itens[0]!.summary).toBe(`Cupom VERAO: mudança ${ADMIN_PAGE_SIZE + 1}`);
    const second = (
      await adminCall(ctx.app, owner.token, 'GET', `${url}&pagina=2`)
    ).json<Listing>();
    expect(second.pagina).toBe(2);
    expect(second.itens.map((e) => e.summary)).toEqual([
      'Cupom VERAO: mudança 1',
      'Cupom VERAO: mudança 0',
    ]);
  });

  it('refuses bad filters field by field, in Portuguese', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const cases: [string, string, string][] = [
      ['entidade=pedido', 'entidade', AUDIT_ENTITY_INVALID],
      ['id=12', 'id', AUDIT_ID_WITHOUT_ENTITY],
      ['acao=DROP%20TABLE', 'acao', AUDIT_ACTION_INVALID],
      ['pagina=0', 'pagina', ADMIN_PAGE_INVALID],
      ['pagina=abc', 'pagina', ADMIN_PAGE_INVALID],
    ];
    for (const [query, field, message] of cases) {
      const res = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/auditoria/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    }
    const unknown = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/auditoria/?x=1');
    expect(unknown.statusCode).toBe(400);
  });
});
