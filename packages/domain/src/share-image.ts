/**
 * Pictures for shared links. WhatsApp, Facebook and most link previewers show no SVG in
 * `og:image`, and every picture of this store is one, so the API answers a 1200×630 JPEG of any
 * picture under /media/ at /media/compartilhar/<the picture's path without extension>.jpg. The
 * page heads (web) map a picture's URL with {@link shareImageUrl}; the API accepts exactly the
 * names {@link isShareImageName} accepts.
 */

/** The frame link previewers expect (Open Graph's recommended 1.91:1). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export const MEDIA_PREFIX = '/media/';
export const SHARE_IMAGE_PREFIX = '/media/compartilhar/';

/** Source pictures a JPEG is made from, in the order the API looks for them. */
export const SHARE_IMAGE_SOURCE_EXTENSIONS = ['svg', 'png', 'jpg', 'webp'] as const;

/** Longest name accepted: far above any picture's path, far below a path the server chokes on. */
const MAX_NAME_LENGTH = 200;

/** Lower-case words and dashes, folders separated by single slashes: no dot, so no `..`. */
const NAME = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

/** `produtos/anel-aparador-cravejado`: a picture's path under /media/ without its extension. */
export function isShareImageName(name: string): boolean {
  return name.length <= MAX_NAME_LENGTH && NAME.test(name);
}

const SOURCE_URL = new RegExp(
  `^(https?://[^/?#]+)?${MEDIA_PREFIX}([^?#]+)\\.(?:${SHARE_IMAGE_SOURCE_EXTENSIONS.join('|')})$`,
);

/**
 * The shareable JPEG of a picture served by this store: `/media/produtos/x.svg` (or
 * `https://loja.example/media/produtos/x.svg`) becomes `/media/compartilhar/produtos/x.jpg` (on
 * the same origin). Anything else (a picture on a CDN, one already shareable, a name the API
 * would refuse) comes back unchanged.
 */
export function shareImageUrl(imageUrl: string): string {
  const match = SOURCE_URL.exec(imageUrl);
  if (!match) return imageUrl;
  const origin = match[1] ?? '';
  const name = match[2]!;
  if (!isShareImageName(name) || name.startsWith('compartilhar/')) return imageUrl;
  return `${origin}${SHARE_IMAGE_PREFIX}${name}.jpg`;
}
