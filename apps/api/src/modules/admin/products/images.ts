/**
 * The owners' uploaded pictures. A file is judged by its content, never by its name or its
 * Content-Type: sharp reads its header and only JPEG, PNG, WebP and AVIF pass (an SVG or a text
 * named .png is refused). It is then turned by EXIF, cut to the size the storefront shows it
 * (900×900 squares on the cards and the product page, 1600×900 in the home's carousel), saved
 * as WebP without its metadata (no camera or GPS data leaves the shop) under
 * `DATA_DIR/media/produtos/enviadas/`, served by /media/ beside the repository's pictures.
 *
 * The file name carries a hash of its content, so a replaced picture gets a new URL and the
 * year-long cache of /media/ stays right; the old file stays for the pages that still name it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { PRODUCT_IMAGE_MESSAGES, type ProductImageField } from '@semijoias/domain/product-form';
import { ValidationError } from '../../../lib/errors.js';

/** Under the media root (and DATA_DIR/media): where the uploads live. */
export const UPLOADED_PRODUCT_IMAGE_DIR = 'produtos/enviadas';

/** Where uploaded media is stored: the second root of /media/. */
export function uploadedMediaRoot(dataDir: string): string {
  return resolve(dataDir, 'media');
}

/**
 * The uploads' root, made if missing when DATA_DIR exists (the static files' plugin wants its
 * roots to exist); a DATA_DIR that does not exist (the tests' default) is not created here.
 */
export function ensureUploadedMediaRoot(dataDir: string): string {
  const root = uploadedMediaRoot(dataDir);
  if (existsSync(dataDir)) mkdirSync(root, { recursive: true });
  return root;
}

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
 * Writes the picture under `DATA_DIR/media/produtos/enviadas/` and answers its path relative to
 * the media root (what products' image columns hold). Written aside and renamed, so /media/ never
 * serves half a file.
 */
export async function storeProductImage(
  dataDir: string,
  slug: string,
  campo: ProductImageField,
  webp: Buffer,
): Promise<string> {
  const hash = createHash('sha256').update(webp).digest('hex').slice(0, 12);
  const relative = `${UPLOADED_PRODUCT_IMAGE_DIR}/${slug}-${campo.replaceAll('_', '-')}-${hash}.webp`;
  const file = join(uploadedMediaRoot(dataDir), relative);
  const aside = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  await mkdir(join(uploadedMediaRoot(dataDir), UPLOADED_PRODUCT_IMAGE_DIR), { recursive: true });
  try {
    await writeFile(aside, webp);
    await rename(aside, file);
  } catch (err) {
    await rm(aside, { force: true }).catch(() => undefined);
    throw err;
  }
  return relative;
}
