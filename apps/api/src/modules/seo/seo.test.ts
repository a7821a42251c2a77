/** GET /sitemap.xml and GET /robots.txt at the site's root, from the real app and catalog. */
import { brotliDecompressSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_PAGE_SIZE } from '@semijoias/domain/catalog';
import { products } from '../../db/schema.js';
import { useTestApp } from '../../../test/helpers.js';
import { sitemapXml, type SitemapProduct } from './routes.js';

const ctx = useTestApp({ publicUrl: 'https://loja.example.com.br' });
const BASE = 'https://loja.example.com.br';

/** Every <url> of a sitemap as { loc, lastmod }. */
function urlsOf(xml: string): { loc: string; lastmod?: string }[] {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
    ([, loc, lastmod]) => ({ loc: loc!, ...(lastmod ? { lastmod } : {}) }),
  );
}

const secondOf = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

async function catalogRows() {
  return ctx.database.db
    .select({ id: products.id, category: products.category, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id));
}

describe('GET /sitemap.xml', () => {
  it('lists the home, about, every category and every product, with absolute URLs', async () => {
    const res = await ctx.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
    );
    expect(res.body.trimEnd()).toMatch(/<\/urlset>$/);

    const rows = await catalogRows();
    const urls = urlsOf(res.body);
    const locs = urls.map((u) => u.loc);
    expect(locs.slice(0, 2)).toEqual([`${BASE}/`, `${BASE}/sobre-nos`]);
    for (const c of CATEGORIES) expect(locs).toContain(`${BASE}/${c.slug}`);
    // The seed fits each category on one page.
    expect(locs.some((l) => l.includes('?pagina='))).toBe(false);
    expect(urls).toContainEqual({
      loc: `${BASE}/produto/${rows[0]!.id}`,
      lastmod: secondOf(rows[0]!.updatedAt),
    });
    expect(locs.filter((l) => l.includes('/produto/'))).toEqual(
      rows.map((r) => `${BASE}/produto/${r.id}`),
    );
    expect(urls).toHaveLength(2 + CATEGORIES.length + rows.length);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('a product changed is listed with its new date, at once', async () => {
    const [first] = await catalogRows();
    await ctx.app.inject('/sitemap.xml');
    const before = ctx.app.catalogCache.version;
    const when = new Date('2030-01-02T03:04:05Z');
    await ctx.database.db
      .update(products)
      .set({ updatedAt: when })
      .where(eq(products.id, first!.id));
    // PostgreSQL's notification arrives a moment after the commit; PGlite's with it.
    for (let i = 0; i < 400 && ctx.app.catalogCache.version === before; i++) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const urls = urlsOf((await ctx.app.inject('/sitemap.xml')).body);
    expect(urls).toContainEqual({ loc: `${BASE}/produto/${first!.id}`, lastmod: secondOf(when) });
    // Its category's pages changed with it.
    const category = CATEGORIES.find((c) => c.name === first!.category)!;
    expect(urls).toContainEqual({ loc: `${BASE}/${category.slug}`, lastmod: secondOf(when) });
  });

  it('revalidates with its ETag and comes compressed', async () => {
    const res = await ctx.app.inject({
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/<urlset/);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const again = await ctx.app.inject({
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'br', 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a category longer than a page lists its further pages as the web app links them', () => {
    const many: SitemapProduct[] = Array.from({ length: CATEGORY_PAGE_SIZE * 2 + 1 }, (_, i) => ({
      id: i + 1,
      category: 'Brinco',
      updatedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    }));
    const locs = urlsOf(sitemapXml('https://a.test', many)).map((u) => u.loc);
    expect(locs.filter((l) => l.startsWith('https://a.test/brincos'))).toEqual([
      'https://a.test/brincos',
      'https://a.test/brincos?pagina=2',
      'https://a.test/brincos?pagina=3',
    ]);
    expect(locs).toContain('https://a.test/aneis');
    expect(locs).toContain(`https://a.test/produto/${many.length}`);
  });

  it('escapes what XML reserves', () => {
    expect(sitemapXml('https://a.test/?x=1&y=<2>', [])).toContain(
      '<loc>https://a.test/?x=1&amp;y=&lt;2&gt;/</loc>',
    );
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers in, keeps the private pages and the API out, and names the sitemap', async () => {
    const res = await ctx.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /checkout',
        'Disallow: /usuario',
        'Disallow: /carrinho',
        'Disallow: /popup',
        'Disallow: /pedido/',
        'Disallow: /cadastro',
        'Disallow: /verificar-email',
        'Disallow: /reenviar-verificacao',
        'Disallow: /esqueci-senha',
        'Disallow: /redefinir-senha',
        'Disallow: /sandbox/',
        'Disallow: /api/',
        '',
        `Sitemap: ${BASE}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});
