// The web app as the API serves it: its built files, and its pages rendered on the server.
export { HASHED_ASSETS_PREFIX, registerWebApp } from './web-app.js';
