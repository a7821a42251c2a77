// The shopping catalogs (issue 37): /feeds/google.xml and /feeds/meta.csv, and what they list
// for the back office's 'Canais de venda'.
export { productFeedRoutes, FEED_CACHE_CONTROL } from './routes.js';
export { readFeedBrand, readFeedCatalog, type FeedCatalog, type FeedItem } from './items.js';
