// Her favourites, favoritos (issue 24 §3, docs/favourites-contract.md).
export { favouritesRoutes } from './routes.js';
