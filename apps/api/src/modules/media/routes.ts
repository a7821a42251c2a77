/**
 * GET /media/produtos/enviadas/<name>: the owners' uploaded pictures, from the database
 * (store.ts). Registered on the root before the /media/ static files: the router prefers this
 * longer static prefix to their wildcard. A picture's content never changes under its name, so
 * it is cached for a year by browsers and CDNs, and kept in this instance's memory (the most
 * recently used, up to a budget) without ever being stale.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOT_FOUND_MESSAGE } from '@semijoias/domain/messages';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { readMediaFile, UPLOADED_MEDIA_DIR, type MediaFile } from './store.js';

export interface MediaRoutesOptions {
  db: Db;
  /** Memory for pictures already read; the least recently used go first. */
  maxCachedBytes?: number;
}

export const UPLOADED_MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const DEFAULT_MAX_CACHED_BYTES = 32 * 1024 * 1024;
/** What storeProductImage names a file: letters, digits, dashes, one extension. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,150}\.(webp|jpe?g|png|avif)$/;

export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, opts) => {
  const maxBytes = opts.maxCachedBytes ?? DEFAULT_MAX_CACHED_BYTES;
  // Map order is use order: a hit moves to the end, eviction takes from the front.
  const cached = new Map<string, MediaFile>();
  let cachedBytes = 0;

  function remember(file: MediaFile): void {
    if (file.content.length > maxBytes) return;
    cached.set(file.path, file);
    cachedBytes += file.content.length;
    for (const [path, old] of cached) {
      if (cachedBytes <= maxBytes) break;
      cached.delete(path);
      cachedBytes -= old.content.length;
    }
  }

  async function find(path: string): Promise<MediaFile | undefined> {
    const hit = cached.get(path);
    if (hit) {
      cached.delete(path);
      cached.set(path, hit);
      return hit;
    }
    const file = await readMediaFile(opts.db, path);
    if (file) remember(file);
    return file;
  }

  app.get(
    `/media/${UPLOADED_MEDIA_DIR}/:name`,
    { schema: { params: z.object({ name: z.string() }) } },
    async (req, reply) => {
      const { name } = req.params;
      const file = FILE_NAME.test(name) ? await find(`${UPLOADED_MEDIA_DIR}/${name}`) : undefined;
      if (!file) throw new NotFoundError(NOT_FOUND_MESSAGE);
      const etag = `"${file.sha256.slice(0, 32)}"`;
      reply
        .header('cache-control', UPLOADED_MEDIA_CACHE_CONTROL)
        .header('etag', etag)
        .header('last-modified', file.createdAt.toUTCString());
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(file.contentType).send(file.content);
    },
  );
};
