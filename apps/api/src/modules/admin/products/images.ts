/**
 * The owners' uploaded pictures. A file is judged by its content, never by its name or its
 * Content-Type: sharp reads its header and only JPEG, PNG, WebP and AVIF pass (an SVG or a text
 * named .png is refused). It is then turned by EXIF, cut to the size the storefront shows it
 * (900×900 squares on the cards and the product page, 1600×900 in the home's carousel), saved
 * as WebP without its metadata (no camera or GPS data leaves the shop) into the database
 * (modules/media: every instance serves it, and the database's backup holds it), served under
 * /media/produtos/enviadas/ beside the repository's pictures.
 *
 * The file name carries a hash of its content, so a replaced picture gets a new URL and the
 * year-long cache of /media/ stays right; the old file stays for the pages that still name it.
 */
import { createHash } from 'node:crypto';
import { PRODUCT_IMAGE_MESSAGES, type ProductImageField } from '@semijoias/domain/product-form';
import type { Db } from '../../../db/client.js';
import { ValidationError } from '../../../lib/errors.js';
import { loadSharp } from '../../../lib/on-first-use.js';
import { saveMediaFile, UPLOADED_MEDIA_DIR } from '../../media/index.js';

const SIZES: Record<ProductImageField, { width: number; height: number }> = {
  image: { width: 900, height: 900 },
  img_pessoa: { width: 900, height: 900 },
  image_carrossel: { width: 1600, height: 900 },
  composicao_img_1: { width: 900, height: 900 },
  composicao_img_2: { width: 900, height: 900 },
  composicao_img_3: { width: 900, height: 900 },
};

/** A phone's photo is ~12-50 Mpx; far above means a decompression bomb, not a photo. */
const MAX_INPUT_PIXELS = 80_000_000;

function notAnImage(): ValidationError {
  return new ValidationError(PRODUCT_IMAGE_MESSAGES.notImage, {
    arquivo: [PRODUCT_IMAGE_MESSAGES.notImage],
  });
}

/** The content's format when it is one the store accepts, else a 400. */
async function acceptedFormat(input: Buffer): Promise<string> {
  // Loaded outside the try: a store that cannot load sharp answers 500, not 'not an image'.
  const sharp = await loadSharp();
  let format: string | undefined;
  let compression: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    compression = meta.compression;
  } catch {
    throw notAnImage();
  }
  if (format === 'jpeg' || format === 'png' || format === 'webp') return format;
  // AVIF is read as HEIF with AV1 compression; HEIC (HEVC) is not accepted by every browser.
  if (format === 'heif' && compression === 'av1') return 'avif';
  throw notAnImage();
}

/** The WebP the storefront shows for `campo`, from an uploaded file (400 if it is not one). */
export async function renderProductImage(input: Buffer, campo: ProductImageField): Promise<Buffer> {
  if (input.length === 0) {
    throw new ValidationError(PRODUCT_IMAGE_MESSAGES.empty, {
      arquivo: [PRODUCT_IMAGE_MESSAGES.empty],
    });
  }
  await acceptedFormat(input);
  const { width, height } = SIZES[campo];
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that reads but a body that does not decode (a truncated file).
    throw notAnImage();
  }
}

/**
 * Saves the picture in the database and answers its path relative to the media root (what
 * products' image columns hold). One row, written whole or not at all: /media/ never serves half.
 */
export async function storeProductImage(
  db: Db,
  slug: string,
  campo: ProductImageField,
  webp: Buffer,
): Promise<string> {
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 12);
  const path = `${UPLOADED_MEDIA_DIR}/${slug}-${campo.replaceAll('_', '-')}-${hash}.webp`;
  await saveMediaFile(db, { path, contentType: 'image/webp', content: webp });
  return path;
}
