/**
 * The items both shopping feeds list (docs/product-feeds.md), built once from the catalog: every
 * visible piece the owners did not leave out, one item per size for a piece sold by size (grouped
 * by `item_group_id`, each with its own link opening that size). The two formats (google.ts,
 * meta.ts) only write these out.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { productPagePath } from '@semijoias/domain/catalog';
import { STORE_INFO } from '@semijoias/domain/store-info';
import {
  DEFAULT_FEED_GENDER,
  FEED_ADDITIONAL_IMAGES_MAX,
  FEED_DESCRIPTION_MAX,
  FEED_TITLE_MAX,
  feedColor,
  feedGender,
  feedMaterial,
  feedPrices,
  feedShipping,
  feedText,
  GOOGLE_PRODUCT_CATEGORY,
  type FeedGender,
  type FeedShipping,
} from '@semijoias/domain/product-feeds';
import { isShareImageName, SHARE_IMAGE_PREFIX } from '@semijoias/domain/share-image';
import type { Db } from '../../db/client.js';
import { productVariations, products, salesChannelSettings } from '../../db/schema.js';

export interface FeedItem {
  /** '12' for a piece, '12-34' for its size 34: unique, stable while the piece and size live. */
  id: string;
  /** The piece's id, for each of its sizes; absent for a piece without sizes. */
  itemGroupId?: string;
  title: string;
  description: string;
  /** Absolute: the piece's page, with its size chosen for a size. */
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  priceCents: number;
  /** On a PROMOÇÃO: what she pays (`priceCents` is then the struck 'de' price). */
  salePriceCents: number | null;
  brand: string;
  googleProductCategory: number;
  /** The size's name ('16', '45 cm'); absent for a piece without sizes. */
  size?: string;
  color: string | null;
  gender: FeedGender;
  material: string | null;
  shipping: FeedShipping[];
}

export interface FeedCatalog {
  items: FeedItem[];
  /** The brand the feeds name: the owners' 'Marca', else the store's name. */
  brand: string;
  /** Visible pieces listed (a piece with sizes counts once). */
  pieces: number;
  /** Visible pieces left out: by the owners' 'Não enviar aos catálogos', or without a picture. */
  leftOut: number;
}

export interface FeedOptions {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** IMAGE_BASE_URL ('/media/' or a CDN), ending in '/'. */
  imageBaseUrl: string;
}

const SOURCE_EXTENSION = /\.([a-z0-9]+)$/i;

/**
 * A picture as the platforms take it, absolute. JPEG and PNG go as they are; an SVG (the seed's
 * drawings, refused by Google and Meta) or a WebP (the owners' uploads, which Meta does not list)
 * becomes the store's JPEG of it (modules/share-images, made from the same media). Null when no
 * accepted picture can be named.
 */
export function feedImageUrl(path: string, options: FeedOptions): string | null {
  if (!path) return null;
  const extension = SOURCE_EXTENSION.exec(path)?.[1]?.toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg' || extension === 'png') {
    const url = options.imageBaseUrl + path;
    return /^https?:\/\//.test(url)
      ? url
      : `${options.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
  }
  const name = path.replace(SOURCE_EXTENSION, '');
  return isShareImageName(name) ? `${options.publicUrl}${SHARE_IMAGE_PREFIX}${name}.jpg` : null;
}

export function productLink(publicUrl: string, productId: number, variationId?: number): string {
  return `${publicUrl}${productPagePath(productId, variationId)}`;
}

/** The brand the owners saved, else the store's name. */
export async function readFeedBrand(db: Db): Promise<string> {
  const [row] = await db
    .select({ brand: salesChannelSettings.brand })
    .from(salesChannelSettings)
    .where(eq(salesChannelSettings.id, 1));
  return row?.brand || STORE_INFO.name;
}

/** Every item of the feeds, from the database (the routes keep the written feeds in memory). */
export async function readFeedCatalog(db: Db, options: FeedOptions): Promise<FeedCatalog> {
  const [brand, pieces, sizes] = await Promise.all([
    readFeedBrand(db),
    db
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        priceCents: products.priceCents,
        originalPriceCents: products.originalPriceCents,
        description: products.description,
        image: products.image,
        imgPessoa: products.imgPessoa,
        composicaoImg1: products.composicaoImg1,
        composicaoImg2: products.composicaoImg2,
        composicaoImg3: products.composicaoImg3,
        stock: products.stock,
        variationAxis: products.variationAxis,
        plating: products.plating,
        feedExcluded: products.feedExcluded,
        feedColor: products.feedColor,
        feedGender: products.feedGender,
      })
      .from(products)
      .where(isNull(products.hiddenAt))
      .orderBy(asc(products.id)),
    db
      .select({
        id: productVariations.id,
        productId: productVariations.productId,
        name: productVariations.name,
        stock: productVariations.stock,
      })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(and(isNull(productVariations.archivedAt), isNull(products.hiddenAt)))
      .orderBy(asc(productVariations.productId), asc(productVariations.position)),
  ]);

  const sizesOf = new Map<number, typeof sizes>();
  for (const size of sizes) {
    const list = sizesOf.get(size.productId) ?? [];
    list.push(size);
    sizesOf.set(size.productId, list);
  }

  const items: FeedItem[] = [];
  let listed = 0;
  let leftOut = 0;
  for (const p of pieces) {
    const imageLink = feedImageUrl(p.image, options);
    if (p.feedExcluded || !imageLink || p.priceCents <= 0) {
      leftOut++;
      continue;
    }
    const additional = [p.imgPessoa, p.composicaoImg1, p.composicaoImg2, p.composicaoImg3 ?? '']
      .map((path) => feedImageUrl(path, options))
      .filter((url): url is string => url !== null && url !== imageLink);
    const name = feedText(p.name, FEED_TITLE_MAX, { singleLine: true });
    const { price, salePrice } = feedPrices(p.priceCents, p.originalPriceCents);
    const base = {
      description:
        feedText(p.description, FEED_DESCRIPTION_MAX) ||
        feedText(`${p.name}. ${STORE_INFO.tagline}.`, FEED_DESCRIPTION_MAX),
      imageLink,
      additionalImageLinks: [...new Set(additional)].slice(0, FEED_ADDITIONAL_IMAGES_MAX),
      priceCents: price,
      salePriceCents: salePrice,
      brand,
      googleProductCategory: GOOGLE_PRODUCT_CATEGORY[p.category],
      color: feedColor(p.feedColor, p.plating),
      gender: p.feedGender ? feedGender(p.feedGender) : DEFAULT_FEED_GENDER,
      material: feedMaterial(p.plating),
      // Freight follows what she pays for the unit.
      shipping: feedShipping(p.priceCents),
    };
    const pieceSizes = p.variationAxis === null ? [] : (sizesOf.get(p.id) ?? []);
    // A piece sold by size whose sizes are all gone is not for sale: nothing to list.
    if (p.variationAxis !== null && pieceSizes.length === 0) {
      leftOut++;
      continue;
    }
    listed++;
    if (pieceSizes.length === 0) {
      items.push({
        id: String(p.id),
        title: name,
        link: productLink(options.publicUrl, p.id),
        inStock: p.stock > 0,
        ...base,
      });
      continue;
    }
    for (const size of pieceSizes) {
      // The size in the title, as Google asks of variants; the piece's name gives way to it.
      const suffix = feedText(` - ${p.variationAxis} ${size.name}`, 60, { singleLine: true });
      items.push({
        id: `${p.id}-${size.id}`,
        itemGroupId: String(p.id),
        title: `${feedText(p.name, FEED_TITLE_MAX - 1 - Array.from(suffix).length, { singleLine: true })} ${suffix}`,
        link: productLink(options.publicUrl, p.id, size.id),
        inStock: size.stock > 0,
        size: feedText(size.name, 100, { singleLine: true }),
        ...base,
      });
    }
  }
  return { items, brand, pieces: listed, leftOut };
}
