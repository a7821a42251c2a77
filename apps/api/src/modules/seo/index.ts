// For search engines: /sitemap.xml and /robots.txt at the site's root.
export { seoRoutes } from './routes.js';
