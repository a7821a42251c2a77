/**
 * GET /api/admin/saude/ (docs/admin/health.md): owners only; a fresh store's page is
 * checked on first read; forged payment notifications piling up turn it red at the next sweep
 * with one e-mail to the owners, and green again (one more) once they are a day old.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HEALTH_ITEM_KEYS, HEALTH_ITEM_TITLES } from '@semijoias/domain/store-health';
import { refusedPaymentNotifications } from '../../../db/schema.js';
import { SANDBOX_SIGNATURE_HEADER } from '../../../integrations/payments/sandbox.js';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { sentMail, testConfig, useTestApp } from '../../../../test/helpers.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

const STORE_EMAIL = 'donas@semijoias.test';
const mailer = memoryMailer();
const ctx = useTestApp(
  {
    adminEmails: [...OWNER_EMAILS],
    storeEmail: STORE_EMAIL,
    // A backups folder of its own that no test writes to (none on a schedule either).
    backups: { dir: join(tmpdir(), `semijoias-saude-${randomUUID()}`), everyHours: 0, keep: 14 },
  },
  { mailer },
);

interface HealthAnswer {
  itens: {
    chave: string;
    titulo: string;
    estado: string;
    detalhe: string;
    o_que_fazer: string;
    desde: string;
    verificado_em: string;
  }[];
  versao: string;
}

async function healthPage(token: string): Promise<HealthAnswer> {
  const res = await adminCall(ctx.app, token, 'GET', '/api/admin/saude/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HealthAnswer;
}

/** The owners' health e-mails delivered so far. */
async function ownersMail() {
  return (await sentMail(ctx.app, mailer))
    .filter((m) => m.to === STORE_EMAIL)
    .map((m) => m.subject);
}

describe('GET /api/admin/saude/', () => {
  it('401 without a session, 403 for a customer', async () => {
    const anonymous = await adminCall(ctx.app, undefined, 'GET', '/api/admin/saude/');
    expect(anonymous.statusCode).toBe(401);
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const forbidden = await adminCall(ctx.app, customer.token, 'GET', '/api/admin/saude/');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({
      error: 'Acesso restrito às administradoras da loja.',
    });
    expect(forbidden.body).not.toContain('Saúde');
  });

  it('a fresh store: every item checked at the first read, in order, with the version', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const res = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/saude/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json() as HealthAnswer;
    expect(page.versao).toBe(testConfig().storeVersion);
    expect(page.itens.map((i) => [i.chave, i.titulo])).toEqual(
      HEALTH_ITEM_KEYS.map((k) => [k, HEALTH_ITEM_TITLES[k]]),
    );
    for (const item of page.itens) {
      expect(['verde', 'amarelo', 'vermelho']).toContain(item.estado);
      expect(item.detalhe.length).toBeGreaterThan(10);
      if (item.estado !== 'verde') expect(item.o_que_fazer.length).toBeGreaterThan(10);
      expect(new Date(item.verificado_em).getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    // The test settings: no backup schedule and none made (red: nothing to come back to); the
    // sandbox.
    const byKey = Object.fromEntries(page.itens.map((i) => [i.chave, i]));
    expect(byKey.backup!.estado).toBe('vermelho');
    expect(byKey.backup!.detalhe).toContain('desligados');
    expect(byKey.provedor_pagamento!.estado).toBe('verde');
    expect(byKey.notificacoes_recusadas!.estado).toBe('verde');
  });

  it('forged notifications pile up: red at the next sweep with one e-mail; green a day later with one more', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    await healthPage(owner.token);
    const before = (await ownersMail()).length;

    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox/',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: `sha256=${'0'.repeat(64)}`,
        },
        payload: JSON.stringify({ event_id: `forjado-${i}`, reference: '1', status: 'paid' }),
      });
      expect(res.statusCode).toBe(401);
    }
    await ctx.app.sweeper.runOnce();
    const red = (await healthPage(owner.token)).itens.find(
      (i) => i.chave === 'notificacoes_recusadas',
    )!;
    expect(red).toMatchObject({ estado: 'vermelho', titulo: 'Avisos de pagamento recusados' });
    expect(red.detalhe).toContain('10 avisos de pagamento foram recusados nas últimas 24 horas');
    expect(red.o_que_fazer).toContain('confira no painel do provedor de pagamento');
    await ctx.app.sweeper.runOnce();
    expect((await ownersMail()).slice(before)).toEqual([
      'Problema na loja: Avisos de pagamento recusados - Duas Irmãs Semijoias',
    ]);

    // A day passes: the refusals leave the 24-hour window.
    await ctx.database.db
      .update(refusedPaymentNotifications)
      .set({ receivedAt: sql`now() - interval '25 hours'` });
    await ctx.app.sweeper.runOnce();
    const green = (await healthPage(owner.token)).itens.find(
      (i) => i.chave === 'notificacoes_recusadas',
    )!;
    expect(green).toMatchObject({ estado: 'verde', o_que_fazer: '' });
    await ctx.app.sweeper.runOnce();
    expect((await ownersMail()).slice(before)).toEqual([
      'Problema na loja: Avisos de pagamento recusados - Duas Irmãs Semijoias',
      'Resolvido: Avisos de pagamento recusados - Duas Irmãs Semijoias',
    ]);
  });
});
