/**
 * 'Canais de venda' (docs/admin/sales-channels.md): GET and PUT /api/admin/canais/ — the owners
 * only, the form's messages, one row upserted, the audit, the WhatsApp in use (the owners', the
 * environment's, none) and the feeds' addresses and counts.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SALES_CHANNELS_MESSAGES } from '@semijoias/domain/product-feeds';
import { STORE_INFO } from '@semijoias/domain/store-info';
import { WHATSAPP_NUMBER_INVALID } from '@semijoias/domain/whatsapp';
import { auditLog, products, salesChannelSettings } from '../../../db/schema.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { useTestApp } from '../../../../test/helpers.js';
import { passwordResetEmail } from '../../mail/index.js';

const BASE = 'https://loja.example.com.br';
const ctx = useTestApp({
  publicUrl: BASE,
  adminEmails: [...OWNER_EMAILS],
  whatsappNumber: '11974523180',
});

interface Canais {
  marca: string | null;
  marca_padrao: string;
  marca_em_uso: string;
  whatsapp: string | null;
  whatsapp_padrao: string | null;
  whatsapp_em_uso: string | null;
  whatsapp_origem: string;
  feeds: { canal: string; nome: string; url: string }[];
  pecas_nos_catalogos: number;
  itens_nos_catalogos: number;
  pecas_fora: number;
  atualizado_em: string | null;
}

async function owner() {
  return loggedInOwner(ctx.app, ctx.database);
}

describe('/api/admin/canais/', () => {
  it('is for owners only', async () => {
    expect((await adminCall(ctx.app, undefined, 'GET', '/api/admin/canais/')).statusCode).toBe(401);
    const customer = await loggedInCustomer(ctx.app, ctx.database);
    const get = await adminCall(ctx.app, customer.token, 'GET', '/api/admin/canais/');
    expect(get.statusCode).toBe(403);
    const put = await adminCall(ctx.app, customer.token, 'PUT', '/api/admin/canais/', {
      marca: 'Invasora',
      whatsapp: '',
    });
    expect(put.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(salesChannelSettings)).toEqual([]);
  });

  it('before any save: the store’s name, the environment’s WhatsApp, the feeds and what they list', async () => {
    const { token } = await owner();
    const res = await adminCall(ctx.app, token, 'GET', '/api/admin/canais/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const canais = res.json<{ canais: Canais }>().canais;
    const visible = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.feedExcluded, false));
    expect(canais).toMatchObject({
      marca: null,
      marca_padrao: STORE_INFO.name,
      marca_em_uso: STORE_INFO.name,
      whatsapp: null,
      whatsapp_padrao: '11974523180',
      whatsapp_em_uso: '11974523180',
      whatsapp_origem: 'ambiente',
      feeds: [
        { canal: 'google', nome: 'Google Merchant Center', url: `${BASE}/feeds/google.xml` },
        { canal: 'meta', nome: 'Meta (Facebook e Instagram)', url: `${BASE}/feeds/meta.csv` },
      ],
      pecas_fora: 0,
      atualizado_em: null,
    });
    // Every seeded piece is visible; the items count each size.
    expect(canais.pecas_nos_catalogos).toBe(visible.length);
    const feed = await ctx.app.inject('/feeds/meta.csv');
    expect(canais.itens_nos_catalogos).toBe(feed.body.trimEnd().split('\r\n').length - 1);
  });

  it('refuses a bad form with each field’s message, saving nothing', async () => {
    const { token } = await owner();
    const res = await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', {
      marca: 'x'.repeat(71),
      whatsapp: '(11) 1234',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: SALES_CHANNELS_MESSAGES.invalido,
      errors: { marca: [SALES_CHANNELS_MESSAGES.marca], whatsapp: [WHATSAPP_NUMBER_INVALID] },
    });
    const unknown = await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', { outro: 1 });
    expect(unknown.statusCode).toBe(400);
    const wrongType = await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', {
      whatsapp: 11974523180,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ errors: { whatsapp: [WHATSAPP_NUMBER_INVALID] } });
    expect(await ctx.database.db.select().from(salesChannelSettings)).toEqual([]);
  });

  it('saves the brand and the number as one row, audited, answered with what is in use', async () => {
    const { token, email } = await owner();
    const res = await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', {
      marca: '  Ateliê   Duas Irmãs ',
      whatsapp: '+55 (21) 98765-4321',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ canais: Canais }>().canais).toMatchObject({
      marca: 'Ateliê Duas Irmãs',
      marca_em_uso: 'Ateliê Duas Irmãs',
      whatsapp: '21987654321',
      whatsapp_em_uso: '21987654321',
      whatsapp_origem: 'painel',
    });
    const rows = await ctx.database.db.select().from(salesChannelSettings);
    expect(rows).toMatchObject([
      { id: 1, brand: 'Ateliê Duas Irmãs', whatsappNumber: '21987654321' },
    ]);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'sales_channels'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorEmail: email,
      action: 'sales_channels.update',
      entityId: 'canais',
      summary:
        'Canais de venda: marca o nome da loja → "Ateliê Duas Irmãs"; WhatsApp o padrão do servidor → (21) 98765-4321',
      before: { marca: null, whatsapp: null },
      after: { marca: 'Ateliê Duas Irmãs', whatsapp: '21987654321' },
    });
    // The store's settings every page reads follow it (the other helper's GET /api/loja/).
    const feed = await ctx.app.inject('/feeds/google.xml');
    expect(feed.body).toContain('<g:brand>Ateliê Duas Irmãs</g:brand>');
  });

  it('turns WhatsApp off with an empty number, and back to the server’s default with null', async () => {
    const { token } = await owner();
    const off = await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', {
      marca: '',
      whatsapp: '',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ canais: Canais }>().canais).toMatchObject({
      marca: null,
      marca_em_uso: STORE_INFO.name,
      whatsapp: '',
      whatsapp_em_uso: null,
      whatsapp_origem: 'desligado',
    });
    const [row] = await ctx.database.db.select().from(salesChannelSettings);
    expect(row).toMatchObject({ brand: null, whatsappNumber: '' });

    const back = await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', {
      marca: null,
      whatsapp: null,
    });
    expect(back.json<{ canais: Canais }>().canais).toMatchObject({
      whatsapp: null,
      whatsapp_em_uso: '11974523180',
      whatsapp_origem: 'ambiente',
    });
    const entries = await ctx.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'sales_channels'))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(entries.map((e) => e.summary)).toEqual([
      'Canais de venda: WhatsApp desligado → o padrão do servidor',
      'Canais de venda: marca "Ateliê Duas Irmãs" → o nome da loja; WhatsApp (21) 98765-4321 → desligado',
    ]);
  });

  it('the e-mails name the WhatsApp in use: the saved number at once, none when turned off', async () => {
    const { token } = await owner();
    const footer = () =>
      passwordResetEmail({
        to: 'cliente@exemplo.com.br',
        firstName: 'Ana',
        publicUrl: BASE,
        token: 't',
      }).text;
    await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', { marca: null, whatsapp: null });
    await vi.waitFor(() => expect(footer()).toContain('WhatsApp (11) 97452-3180'));

    await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', {
      marca: null,
      whatsapp: '(21) 98765-4321',
    });
    await vi.waitFor(() => expect(footer()).toContain('WhatsApp (21) 98765-4321'));
    const html = passwordResetEmail({
      to: 'cliente@exemplo.com.br',
      firstName: 'Ana',
      publicUrl: BASE,
      token: 't',
    }).html;
    expect(html).toContain('https://wa.me/5521987654321');
    expect(html).not.toContain('5511974523180');

    await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', { marca: null, whatsapp: '' });
    await vi.waitFor(() => expect(footer()).not.toContain('WhatsApp'));
    expect(footer()).toContain(STORE_INFO.email);

    await adminCall(ctx.app, token, 'PUT', '/api/admin/canais/', { marca: null, whatsapp: null });
    await vi.waitFor(() => expect(footer()).toContain('WhatsApp (11) 97452-3180'));
  });

  it('counts a piece the owners left out', async () => {
    const { token } = await owner();
    const before = (await adminCall(ctx.app, token, 'GET', '/api/admin/canais/')).json<{
      canais: Canais;
    }>().canais;
    const [first] = await ctx.database.db.select({ id: products.id }).from(products).limit(1);
    await ctx.database.db
      .update(products)
      .set({ feedExcluded: true })
      .where(eq(products.id, first!.id));
    const after = (await adminCall(ctx.app, token, 'GET', '/api/admin/canais/')).json<{
      canais: Canais;
    }>().canais;
    expect(after.pecas_fora).toBe(before.pecas_fora + 1);
    expect(after.pecas_nos_catalogos).toBe(before.pecas_nos_catalogos - 1);
  });
});
