// Sessions and password recovery: login, refresh tokens, forgot and reset password.
export { authRoutes } from './routes.js';
export { RESET_TOKEN_TTL_MS } from './service.js';
export { openSession, type TokenPair } from './tokens.js';
