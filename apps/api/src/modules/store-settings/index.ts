// GET /api/loja/: the store's settings the shop window states to shoppers.
export { storeSettingsRoutes } from './routes.js';
