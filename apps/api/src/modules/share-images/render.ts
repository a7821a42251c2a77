/**
 * Turns one of the store's pictures into the JPEG a link previewer shows: 1200×630, the picture
 * whole on the store's ivory (never cropped), or covering the frame when it was drawn for it
 * (site/og). sharp works on its own threads, so a render never holds the event loop.
 */
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@semijoias/domain/share-image';
import { loadSharp } from '../../lib/on-first-use.js';

/** The store's background (the web app's `--color-ivory`). */
export const IVORY = '#fbf8f3';

const FRAME_RATIO = SHARE_IMAGE_WIDTH / SHARE_IMAGE_HEIGHT;
/** A picture within 2 % of the frame's shape fills it: cover then trims at most a hairline. */
const SAME_SHAPE_TOLERANCE = 0.02;
/** An SVG's width and height are CSS pixels at 72 dpi for librsvg. */
const SVG_BASE_DENSITY = 72;
/** Bounds of the rasterizing scale: a tiny icon stays sharp, a huge drawing stays cheap. */
const MIN_SCALE = 1 / 16;
const MAX_SCALE = 16;

export const JPEG_OPTIONS = { quality: 82, progressive: true, mozjpeg: true } as const;

/**
 * Renders a picture (an .svg, .png, .jpg or .webp file, or an uploaded picture's bytes) as the
 * 1200×630 shareable JPEG.
 */
export async function renderShareImage(source: string | Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height, format } = await sharp(source).metadata();
  if (!width || !height) throw new Error('Imagem sem dimensões');

  const fillsFrame = Math.abs(width / height / FRAME_RATIO - 1) <= SAME_SHAPE_TOLERANCE;
  const fit = fillsFrame ? 'cover' : 'contain';
  // A vector is drawn straight at the size it will have in the frame, not drawn small and
  // stretched; the resize below then only settles the last pixel.
  const scaleX = SHARE_IMAGE_WIDTH / width;
  const scaleY = SHARE_IMAGE_HEIGHT / height;
  const scale = fit === 'cover' ? Math.max(scaleX, scaleY) : Math.min(scaleX, scaleY);
  const density =
    format === 'svg'
      ? SVG_BASE_DENSITY * Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale))
      : undefined;

  return sharp(source, density ? { density } : {})
    .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit, background: IVORY })
    .flatten({ background: IVORY }) // transparent parts of the picture on ivory, not black
    .jpeg(JPEG_OPTIONS)
    .toBuffer();
}
