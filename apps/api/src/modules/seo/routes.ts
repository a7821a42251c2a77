/**
 * GET /sitemap.xml and GET /robots.txt, at the site's root (search engines look there, not under
 * /api/). The sitemap lists every public page with absolute URLs from PUBLIC_URL: the home, the
 * about page, each category and its further pages (?pagina=n, CATEGORY_PAGE_SIZE a page, as the
 * web app paginates), and every product at its shareable URL /produto/<id> with the time it last
 * changed. It is kept in the catalog cache, so it is rebuilt only after the catalog changes.
 * robots.txt keeps crawlers out of the private pages (cart, checkout, account, order, sign-up and
 * password pages, the payment sandbox) and of the API.
 */
import { asc, isNull } from 'drizzle-orm';
import { escapeHtml } from '@semijoias/domain/html';
import type { FastifyPluginAsync } from 'fastify';
import {
  CATEGORIES,
  CATEGORY_PAGE_SIZE,
  productPagePath,
  type CategoryName,
} from '@semijoias/domain/catalog';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { sendCached, type CatalogCache } from '../catalog/index.js';

export interface SeoRoutesOptions {
  db: Db;
  cache: CatalogCache;
  /** PUBLIC_URL without a trailing slash: every URL in the sitemap starts with it. */
  publicUrl: string;
}

/** Pages a search engine has no business with: private, per shopper, or not pages at all. */
export const DISALLOWED_PATHS = [
  '/admin',
  '/checkout',
  '/usuario',
  '/carrinho',
  '/popup',
  '/pedido/',
  '/cadastro',
  '/verificar-email',
  '/reenviar-verificacao',
  '/esqueci-senha',
  '/redefinir-senha',
  '/sandbox/',
  '/api/',
];

/** The product page's shareable path (the domain's productPagePath). */
export const productPath = (id: number) => productPagePath(id);

/** The web app's ?pagina=n of a category page (its pageSearch): page 1 has no query. */
export const categoryPagePath = (slug: string, page: number) =>
  page <= 1 ? `/${slug}` : `/${slug}?pagina=${page}`;

const XML_TYPE = 'application/xml; charset=utf-8';

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** W3C datetime to the second: what sitemaps.org asks for. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface SitemapProduct {
  id: number;
  category: CategoryName;
  updatedAt: Date;
}

export function sitemapXml(publicUrl: string, items: readonly SitemapProduct[]): string {
  const urls: string[] = [];
  const add = (path: string, lastmod?: Date) =>
    urls.push(
      `<url><loc>${escapeHtml(publicUrl + path)}</loc>` +
        (lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : '') +
        '</url>',
    );

  add('/');
  add('/sobre-nos');
  for (const category of CATEGORIES) {
    const inCategory = items.filter((p) => p.category === category.name);
    // A category page changes when one of its products does.
    const newest = inCategory.reduce<Date | undefined>(
      (latest, p) => (latest && latest >= p.updatedAt ? latest : p.updatedAt),
      undefined,
    );
    const pages = Math.max(1, Math.ceil(inCategory.length / CATEGORY_PAGE_SIZE));
    for (let page = 1; page <= pages; page++) add(categoryPagePath(category.slug, page), newest);
  }
  for (const p of items) add(productPath(p.id), p.updatedAt);

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, opts) => {
  const { cache, publicUrl } = opts;
  const everyProduct = opts.db
    .select({ id: products.id, category: products.category, updatedAt: products.updatedAt })
    .from(products)
    // A product hidden by the owners has no public page.
    .where(isNull(products.hiddenAt))
    .orderBy(asc(products.id))
    .prepare('seo_sitemap_products');

  app.get('/sitemap.xml', async (req, reply) => {
    const answer = await cache.memo('seo:sitemap', async () =>
      sitemapXml(publicUrl, await everyProduct.execute()),
    );
    return sendCached(req, reply, answer, XML_TYPE);
  });

  // Changes only with PUBLIC_URL, i.e. with a restart.
  const robots = robotsTxt(publicUrl);
  app.get('/robots.txt', async (_req, reply) =>
    reply
      .header('cache-control', 'public, max-age=86400')
      .type('text/plain; charset=utf-8')
      .send(robots),
  );
};
