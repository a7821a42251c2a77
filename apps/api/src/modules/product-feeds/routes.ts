/**
 * GET /feeds/google.xml and GET /feeds/meta.csv (issue 37, docs/product-feeds.md), at the site's
 * root like /sitemap.xml: the shopping catalogs Google Merchant Center and Meta's Commerce
 * Manager fetch on their schedule. Each is written once and kept in the catalog cache: it lists
 * every piece's stock, so any change of the catalog (a price, a stock, a hidden piece, a piece's
 * feed fields, the brand) drops it and the next fetch reads it anew.
 */
import type { FastifyPluginAsync } from 'fastify';
import { GOOGLE_FEED_PATH, META_FEED_PATH } from '@semijoias/domain/product-feeds';
import type { Db } from '../../db/client.js';
import { sendCached, type CatalogCache } from '../catalog/index.js';
import { googleFeedXml } from './google.js';
import { readFeedCatalog, type FeedOptions } from './items.js';
import { metaFeedCsv } from './meta.js';

export interface ProductFeedRoutesOptions extends FeedOptions {
  db: Db;
  cache: CatalogCache;
}

/**
 * The platforms fetch a feed once a day or so; a proxy or CDN may keep it 15 minutes (the
 * catalog's own `no-cache` would send every fetch to the server, which answers from memory
 * anyway). The ETag still lets a fetcher ask whether it changed.
 */
export const FEED_CACHE_CONTROL = 'public, max-age=900';

export const productFeedRoutes: FastifyPluginAsync<ProductFeedRoutesOptions> = async (
  app,
  { db, cache, publicUrl, imageBaseUrl },
) => {
  const options = { publicUrl, imageBaseUrl };
  // This plugin's routes only: sendCached writes the catalog's Cache-Control first.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 200 || reply.statusCode === 304) {
      reply.header('cache-control', FEED_CACHE_CONTROL);
    }
    return payload;
  });

  app.get(GOOGLE_FEED_PATH, async (req, reply) => {
    const answer = await cache.memo('feeds:google', async () =>
      googleFeedXml(await readFeedCatalog(db, options), publicUrl),
    );
    return sendCached(req, reply, answer, 'application/xml; charset=utf-8');
  });

  app.get(META_FEED_PATH, async (req, reply) => {
    const answer = await cache.memo('feeds:meta', async () =>
      metaFeedCsv(await readFeedCatalog(db, options)),
    );
    return sendCached(req, reply, answer, 'text/csv; charset=utf-8');
  });
};
