// The catalog (SPEC §7): products, categories and search, answered from memory until it changes.
export { catalogRoutes } from './routes.js';
export {
  createCatalogCache,
  GATHER_HEADER,
  sendCached,
  type CachedAnswer,
  type CatalogCache,
} from './cache.js';
export { createChangeFeed, shareChangeFeed, type ChangeFeed } from './change-feed.js';
export { productIdParams, productListSchema } from './schemas.js';
export { imageUrlFrom, serializeProduct, type ImageUrl } from './serializers.js';
export {
  createCatalogService,
  productColumns,
  wordStartPattern,
  type ProductWithCompositions,
} from './service.js';
