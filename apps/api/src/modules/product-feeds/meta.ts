/**
 * GET /feeds/meta.csv's body: the items as a Meta (Facebook and Instagram) catalog data feed, a
 * CSV with Meta's column names (docs/product-feeds.md, Meta's catalog fields). RFC 4180: a header,
 * CRLF records, a field quoted when it holds a comma, a quote or a line break (descriptions keep
 * their paragraphs). UTF-8 without a byte order mark.
 */
import { csvRecord, feedPrice } from '@semijoias/domain/product-feeds';
import type { FeedCatalog, FeedItem } from './items.js';

export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'google_product_category',
  'item_group_id',
  'size',
  'color',
  'gender',
  'age_group',
  'material',
] as const;

type MetaColumn = (typeof META_COLUMNS)[number];

function row(item: FeedItem): Record<MetaColumn, string> {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: item.inStock ? 'in stock' : 'out of stock',
    condition: 'new',
    price: feedPrice(item.priceCents),
    sale_price: item.salePriceCents === null ? '' : feedPrice(item.salePriceCents),
    link: item.link,
    image_link: item.imageLink,
    // Meta's list of URLs, separated by commas (the field is then quoted).
    additional_image_link: item.additionalImageLinks.join(','),
    brand: item.brand,
    google_product_category: String(item.googleProductCategory),
    item_group_id: item.itemGroupId ?? '',
    size: item.size ?? '',
    color: item.color ?? '',
    gender: item.gender,
    age_group: 'adult',
    material: item.material ?? '',
  };
}

export function metaFeedCsv(catalog: FeedCatalog): string {
  return (
    csvRecord(META_COLUMNS) +
    catalog.items
      .map((item) => {
        const values = row(item);
        return csvRecord(META_COLUMNS.map((column) => values[column]));
      })
      .join('')
  );
}
