/**
 * The owners' payment settings (docs/admin/payments.md): read, changed with the domain's form rule
 * (each field's message), audited, and seen at once by the storefront's GET /api/loja/.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_SETTINGS_FREE_INVALID,
  PAYMENT_SETTINGS_INVALID,
  PAYMENT_SETTINGS_PIX_INVALID,
} from '@semijoias/domain/messages';
import { auditLog, paymentSettings } from '../../../db/schema.js';
import { useTestApp } from '../../../../test/helpers.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

const ctx = useTestApp({ adminEmails: OWNER_EMAILS }, { mailer: memoryMailer() });

const SEEDED = {
  parcelas_max: 6,
  parcelas_sem_juros: 6,
  parcela_minima: '20.00',
  desconto_pix_percentual: '5.0',
};

async function storefront() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/loja/' });
  return res.json<{ pagamentos: typeof SEEDED }>().pagamentos;
}

describe('/api/admin/pagamentos/', () => {
  it('starts with what the migration seeds: 6x without interest of at least R$ 20,00, 5 % by PIX', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const res = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/pagamentos/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ pagamentos: SEEDED });
    expect(await storefront()).toEqual(SEEDED);
  });

  it('a change is saved, audited, and read by the storefront at once', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/loja/' });
    const changed = {
      parcelas_max: 10,
      parcelas_sem_juros: 3,
      parcela_minima: '25,50',
      desconto_pix_percentual: '7,5',
    };
    const res = await adminCall(ctx.app, owner.token, 'PUT', '/api/admin/pagamentos/', changed);
    expect(res.statusCode).toBe(200);
    const saved = {
      parcelas_max: 10,
      parcelas_sem_juros: 3,
      parcela_minima: '25.50',
      desconto_pix_percentual: '7.5',
    };
    expect(res.json()).toEqual({ pagamentos: saved });
    const [row] = await ctx.database.db.select().from(paymentSettings);
    expect(row).toMatchObject({
      maxInstallments: 10,
      interestFreeInstallments: 3,
      minInstallmentCents: 2550,
      pixDiscountTenths: 75,
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'payment_settings'),
          eq(auditLog.action, 'payment_settings.update'),
        ),
      );
    expect(entry).toMatchObject({ actorEmail: owner.email, after: saved });
    expect(entry?.summary).toBe(
      'Pagamentos: até 10x, 3x sem juros, parcela mínima R$ 25,50, 7,5 % no PIX',
    );
    // The storefront's answer changed, and a browser holding the old one is told so.
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/loja/',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().pagamentos).toEqual(saved);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/loja/',
      headers: { 'if-none-match': after.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // The audit log lists it under its own entity.
    const audit = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      '/api/admin/auditoria/?entidade=payment_settings',
    );
    expect(audit.statusCode).toBe(200);
    expect(audit.json().itens[0]).toMatchObject({
      entity_type: 'payment_settings',
      action: 'payment_settings.update',
      after: saved,
    });
    await adminCall(ctx.app, owner.token, 'PUT', '/api/admin/pagamentos/', SEEDED);
  });

  it('refuses bad settings field by field and keeps the old ones', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const res = await adminCall(ctx.app, owner.token, 'PUT', '/api/admin/pagamentos/', {
      parcelas_max: 4,
      parcelas_sem_juros: 5,
      parcela_minima: '20.00',
      desconto_pix_percentual: '5.3',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: PAYMENT_SETTINGS_INVALID,
      errors: {
        parcelas_sem_juros: [PAYMENT_SETTINGS_FREE_INVALID],
        desconto_pix_percentual: [PAYMENT_SETTINGS_PIX_INVALID],
      },
    });
    expect(await storefront()).toEqual(SEEDED);
    const unknownField = await adminCall(ctx.app, owner.token, 'PUT', '/api/admin/pagamentos/', {
      ...SEEDED,
      juros: '1.99',
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('is for owners only', async () => {
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    for (const [method, token, status] of [
      ['GET', undefined, 401],
      ['PUT', undefined, 401],
      ['GET', customer.token, 403],
      ['PUT', customer.token, 403],
    ] as const) {
      const res = await adminCall(ctx.app, token, method, '/api/admin/pagamentos/', SEEDED);
      expect(res.statusCode, `${method} ${status}`).toBe(status);
    }
    expect(await storefront()).toEqual(SEEDED);
  });
});
