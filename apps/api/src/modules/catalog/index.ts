// The catalog (SPEC §7): products, categories and search, answered from memory until it changes.
export { catalogRoutes } from './routes.js';
export { createCatalogCache, sendCached, type CachedAnswer, type CatalogCache } from './cache.js';
export { createChangeFeed } from './change-feed.js';
export { productIdParams } from './schemas.js';
export { imageUrlFrom, type ImageUrl } from './serializers.js';
export { wordStartPattern } from './service.js';
