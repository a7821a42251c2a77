// The JPEGs link previewers show (og:image), made once from the store's pictures.
export { shareImageRoutes } from './routes.js';
