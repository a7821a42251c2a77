/**
 * The server-rendered pages carry every price's payment lines ('em até 6x de R$ …
 * sem juros', '… no PIX') from the owners' settings as they are at that moment, with the web
 * app's real server entry (built here from apps/web/src/entry-server.tsx, a few seconds) on a
 * seeded store. A page the same for every visitor is kept once rendered, and dropped the moment
 * the catalog or the settings change, so a change in the back office shows in the very next page
 * (on this instance at once, on the others by the database's notification); the product's JSON-LD
 * keeps the price itself as its offer.
 */
import { execFile } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { formatBRL, toCents } from '@semijoias/domain/money';
import {
  installmentsLine,
  pixLine,
  pixPercentTenths,
  type PaymentSettings,
} from '@semijoias/domain/payment-terms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../test/admin.js';
import { testConfig, useTestApp } from '../../../test/helpers.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';

const paths = testConfig().paths;
const webRoot = join(paths.repoRoot, 'apps', 'web');
const root = mkdtempSync(join(tmpdir(), 'semijoias-payment-lines-'));
const webDist = join(root, 'dist');
const webServerEntry = join(root, 'dist-server', 'entry-server.js');

// Registered before useTestApp's: the app finds the built entry when it is built.
beforeAll(async () => {
  mkdirSync(webDist, { recursive: true });
  copyFileSync(join(webRoot, 'index.html'), join(webDist, 'index.html'));
  await promisify(execFile)(
    process.execPath,
    [
      join(paths.repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      join(root, 'dist-server'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    // A production build, as `npm run build` makes it: under Vitest's NODE_ENV=test the JSX
    // would compile for React's development runtime, which the server build does not carry.
    { cwd: webRoot, timeout: 120_000, env: { ...process.env, NODE_ENV: 'production' } },
  );
}, 150_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const ctx = useTestApp(
  {
    adminEmails: OWNER_EMAILS,
    publicUrl: 'https://loja.example',
    paths: { ...paths, webDist, webServerEntry },
  },
  { mailer: memoryMailer() },
);

const SEEDED = {
  parcelas_max: 6,
  parcelas_sem_juros: 6,
  parcela_minima: '20.00',
  desconto_pix_percentual: '5.0',
};

function settingsOf(wire: typeof SEEDED): PaymentSettings {
  return {
    maxInstallments: wire.parcelas_max,
    interestFreeInstallments: wire.parcelas_sem_juros,
    minInstallmentCents: toCents(wire.parcela_minima)!,
    pixDiscountTenths: pixPercentTenths(wire.desconto_pix_percentual)!,
  };
}

/** The page's visible text: #root's HTML without its tags (an amount is kept whole in a span). */
async function pageText(url: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const rendered = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(
    res.body,
  );
  expect(rendered, 'the page is rendered on the server').not.toBeNull();
  return rendered![1]!.replace(/<[^>]+>/g, '');
}

async function productPrice(id: number): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/produtos/detalhes/${id}/` });
  return toCents(res.json<{ price: string }>().price)!;
}

async function putSettings(wire: typeof SEEDED) {
  const owner = await loggedInOwner(ctx.app, ctx.database);
  const res = await adminCall(ctx.app, owner.token, 'PUT', '/api/admin/pagamentos/', wire);
  expect(res.statusCode).toBe(200);
}

describe("the server-rendered product page's payment lines", () => {
  it('read the seeded settings: 6x without interest, 5 % off by PIX', async () => {
    const cents = await productPrice(1);
    // The seed's first piece is dear enough for six installments of at least R$ 20,00.
    expect(cents).toBeGreaterThanOrEqual(6 * 2000);
    const text = await pageText('/produto/1');
    const installments = installmentsLine(cents, settingsOf(SEEDED))!;
    const pix = pixLine(cents, 50)!;
    expect(installments).toMatch(/^em até 6x de R\$ \d+,\d{2} sem juros$/);
    expect(pix).toMatch(/^R\$ [\d.]+,\d{2} no PIX$/);
    expect(text).toContain(installments);
    expect(text).toContain(pix);
  });

  it('carry the settings in the page state the browser hydrates with', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/produto/1' });
    const state = /<script type="application\/json" id="estado-inicial">([^<]*)<\/script>/.exec(
      res.body,
    );
    const queries = (
      JSON.parse(state![1]!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
    ).queries;
    const settings = queries.find((q) => q.queryKey[0] === 'store-settings');
    expect(settings?.state.data).toMatchObject({ payments: settingsOf(SEEDED) });
  });

  it('follow a change in the back office on the very next page, cards included; the offer keeps the price', async () => {
    const cents = await productPrice(1);
    const changed = {
      parcelas_max: 10,
      parcelas_sem_juros: 3,
      parcela_minima: '20.00',
      desconto_pix_percentual: '7.5',
    };
    await putSettings(changed);
    try {
      const text = await pageText('/produto/1');
      expect(text).toContain(installmentsLine(cents, settingsOf(changed))!);
      expect(text).toContain(`em até 3x de`);
      expect(text).toContain(pixLine(cents, 75)!);
      expect(text).not.toContain(installmentsLine(cents, settingsOf(SEEDED))!);
      expect(text).not.toContain(pixLine(cents, 50)!);

      // The JSON-LD offer is the price itself, never the PIX price.
      const res = await ctx.app.inject({ method: 'GET', url: '/produto/1' });
      const ld = [
        ...res.body.matchAll(/<script data-head type="application\/ld\+json">([^<]*)<\/script>/g),
      ]
        .map((m) => JSON.parse(m[1]!) as { '@type'?: string; offers?: { price?: string } })
        .find((block) => block['@type'] === 'Product');
      const detail = await ctx.app.inject({ method: 'GET', url: '/api/produtos/detalhes/1/' });
      expect(ld?.offers?.price).toBe(detail.json<{ price: string }>().price);

      // A category page's cards follow too: no '6x' left, the new PIX price under each.
      const category = await pageText('/aneis');
      expect(category).toContain('sem juros');
      expect(category).not.toContain('em até 6x');
      expect(category).toMatch(/R\$ [\d.]+,\d{2} no PIX/);
    } finally {
      await putSettings(SEEDED);
    }
  });

  it('leave the lines out when the owners offer neither', async () => {
    await putSettings({
      parcelas_max: 1,
      parcelas_sem_juros: 1,
      parcela_minima: '20.00',
      desconto_pix_percentual: '0.0',
    });
    try {
      const text = await pageText('/produto/1');
      expect(text).not.toContain('sem juros');
      expect(text).not.toContain('no PIX');
    } finally {
      await putSettings(SEEDED);
    }
    expect(await pageText('/produto/1')).toContain('em até 6x de');
  });
});

describe('pages the same for every visitor, kept until the catalog or the settings change', () => {
  it('answer a product page from memory: one ETag, and 304 to a browser that holds it', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/produto/2' });
    const second = await ctx.app.inject({ method: 'GET', url: '/produto/2' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(second.body).toBe(first.body);
    const held = await ctx.app.inject({
      method: 'GET',
      url: '/produto/2',
      headers: { 'if-none-match': String(first.headers['etag']) },
    });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
  });

  it('show a new price on the next page after the catalog changes', async () => {
    const before = await productPrice(3);
    expect(await pageText('/produto/3')).toContain(formatBRL(before));
    const after = before + 1234;
    await ctx.database.db.execute(sql`update products set price_cents = ${after} where id = 3`);
    try {
      // On PostgreSQL the notification reaches this instance's listener just after the commit.
      await expect
        .poll(() => pageText('/produto/3'), { timeout: 2000 })
        .toContain(formatBRL(after));
    } finally {
      await ctx.database.db.execute(sql`update products set price_cents = ${before} where id = 3`);
    }
  });

  it('follow settings changed by another instance (the database notifies them)', async () => {
    const cents = await productPrice(1);
    expect(await pageText('/produto/1')).toContain(pixLine(cents, 50)!);
    // Written as another instance would: nothing in this process drops its pages but the
    // notification of migration 0010's trigger.
    await ctx.database.db.execute(sql`update payment_settings set pix_discount_tenths = 100`);
    try {
      await expect
        .poll(() => pageText('/produto/1'), { timeout: 2000 })
        .toContain(pixLine(cents, 100)!);
    } finally {
      await ctx.database.db.execute(sql`update payment_settings set pix_discount_tenths = 50`);
    }
  });

  it('keep neither a missing product nor a URL with parameters of its own (a campaign’s tracking is none)', async () => {
    // A kept page is answered with its ETag (sendCached); one rendered afresh has none. (Counting
    // the cache's entries would race a notification still on its way on PostgreSQL.)
    const kept = await ctx.app.inject({ method: 'GET', url: '/produto/1' });
    expect(kept.headers['etag']).toBeDefined();
    for (let i = 0; i < 3; i++) {
      const missing = await ctx.app.inject({ method: 'GET', url: '/produto/999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['etag']).toBeUndefined();
      const own = await ctx.app.inject({ method: 'GET', url: '/produto/1?cupom=x' });
      expect(own.statusCode).toBe(200);
      expect(own.headers['etag']).toBeUndefined();
    }
    // A campaign's tracking is no parameter of the page: the kept page answers it.
    const tagged = await ctx.app.inject({
      method: 'GET',
      url: '/produto/1?utm_source=instagram&fbclid=abc',
    });
    expect(tagged.statusCode).toBe(200);
    expect(tagged.headers['etag']).toBeDefined();
  });
});

describe("a piece sold by size in the server-rendered page's JSON-LD", () => {
  it('is a ProductGroup varying by size, each size with its own offer and availability', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/listar_produtos/' });
    const sized = list
      .json<{ id: number; tem_variacoes: boolean }[]>()
      .find((p) => p.tem_variacoes)!;
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/produtos/detalhes/${sized.id}/`,
    });
    const { variacoes, price } = detail.json<{
      price: string;
      variacoes: { id: number; nome: string; disponivel: boolean }[];
    }>();
    const res = await ctx.app.inject({ method: 'GET', url: `/produto/${sized.id}` });
    const group = [
      ...res.body.matchAll(/<script data-head type="application\/ld\+json">([^<]*)<\/script>/g),
    ]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((block) => block['@type'] === 'ProductGroup') as {
      productGroupID: string;
      variesBy: string[];
      hasVariant: { size: string; offers: { price: string; availability: string; url: string } }[];
    };
    expect(group.productGroupID).toBe(String(sized.id));
    expect(group.variesBy).toEqual(['https://schema.org/size']);
    expect(group.hasVariant.map((v) => [v.size, v.offers.availability])).toEqual(
      variacoes.map((v) => [
        v.nome,
        v.disponivel ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ]),
    );
    expect(group.hasVariant[0]!.offers.price).toBe(price);
    expect(group.hasVariant[0]!.offers.url).toBe(
      `https://loja.example/produto/${sized.id}?variacao=${variacoes[0]!.id}`,
    );
  });
});
