/**
 * GET /media/compartilhar/<picture>.jpg: the 1200×630 JPEG of the picture /media/<picture>.svg
 * (or .png, .jpg, .webp), for `og:image` and `twitter:image` — link previewers (WhatsApp,
 * Facebook) show no SVG. Registered on the root before the /media/ static files: the router
 * prefers this longer static prefix to their wildcard. Anything that is not such a picture is the
 * API's JSON 404.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOT_FOUND_MESSAGE } from '@semijoias/domain/messages';
import { SHARE_IMAGE_PREFIX } from '@semijoias/domain/share-image';
import { NotFoundError } from '../../lib/errors.js';
import {
  createShareImageStore,
  shareImageCacheDir,
  type ShareImageStoreOptions,
} from './service.js';

export interface ShareImageRoutesOptions {
  /** The media folders served under /media/, in their order (see ShareImageStoreOptions). */
  mediaRoots: readonly string[];
  /** The owners' uploaded pictures (from the database). */
  uploaded?: ShareImageStoreOptions['uploaded'];
  /** DATA_DIR: the JPEGs are kept in its cache/compartilhar folder. */
  dataDir: string;
  /** The renderer; tests wrap it to count renders. */
  render?: ShareImageStoreOptions['render'];
}

/** Like every /media/ file: a picture's name is stable, so its JPEG never changes. */
export const SHARE_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const JPEG_SUFFIX = '.jpg';

export const shareImageRoutes: FastifyPluginAsyncZod<ShareImageRoutesOptions> = async (
  app,
  { mediaRoots, uploaded, dataDir, render },
) => {
  const store = createShareImageStore({
    mediaRoots,
    uploaded,
    cacheDir: shareImageCacheDir(dataDir),
    log: app.log,
    render,
  });

  app.get(
    `${SHARE_IMAGE_PREFIX}*`,
    { schema: { params: z.object({ '*': z.string() }) } },
    async (req, reply) => {
      const path = req.params['*'];
      const image = path.endsWith(JPEG_SUFFIX)
        ? await store.get(path.slice(0, -JPEG_SUFFIX.length))
        : undefined;
      if (!image) throw new NotFoundError(NOT_FOUND_MESSAGE);
      return reply
        .header('cache-control', SHARE_IMAGE_CACHE_CONTROL)
        .type('image/jpeg')
        .send(image);
    },
  );
};
