/**
 * GET /feeds/google.xml's body: the items as Google Merchant Center's RSS 2.0 feed, each
 * attribute in the `g:` namespace (docs/product-feeds.md, Google's product data specification).
 * No element is written empty: an attribute without a value is left out.
 */
import { feedPrice, xmlEscape } from '@semijoias/domain/product-feeds';
import type { FeedCatalog, FeedItem } from './items.js';

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

function element(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `<g:${name}>${xmlEscape(String(value))}</g:${name}>`;
}

function itemXml(item: FeedItem): string {
  const parts = [
    element('id', item.id),
    element('title', item.title),
    element('description', item.description),
    element('link', item.link),
    element('image_link', item.imageLink),
    ...item.additionalImageLinks.map((url) => element('additional_image_link', url)),
    element('availability', item.inStock ? 'in_stock' : 'out_of_stock'),
    element('price', feedPrice(item.priceCents)),
    element('sale_price', item.salePriceCents === null ? null : feedPrice(item.salePriceCents)),
    element('brand', item.brand),
    element('condition', 'new'),
    // Handmade-like pieces without GTIN or MPN.
    element('identifier_exists', 'no'),
    element('google_product_category', item.googleProductCategory),
    element('item_group_id', item.itemGroupId),
    element('size', item.size),
    element('color', item.color),
    element('gender', item.gender),
    element('age_group', 'adult'),
    element('material', item.material),
    ...item.shipping.map(
      (s) =>
        '<g:shipping>' +
        element('country', s.country) +
        element('region', s.region) +
        element('price', feedPrice(s.priceCents)) +
        element('min_transit_time', s.minTransitDays) +
        element('max_transit_time', s.maxTransitDays) +
        '</g:shipping>',
    ),
  ];
  return `<item>\n${parts.filter(Boolean).join('\n')}\n</item>`;
}

export function googleFeedXml(catalog: FeedCatalog, publicUrl: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">\n<channel>\n` +
    `<title>${xmlEscape(catalog.brand)}</title>\n` +
    `<link>${xmlEscape(`${publicUrl}/`)}</link>\n` +
    `<description>${xmlEscape(`Catálogo de ${catalog.brand}`)}</description>\n` +
    catalog.items.map((item) => `${itemXml(item)}\n`).join('') +
    '</channel>\n</rss>\n'
  );
}
