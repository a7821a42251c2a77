// Her favourites, favoritos (docs/favourites-contract.md).
export { favouritesRoutes } from './routes.js';
