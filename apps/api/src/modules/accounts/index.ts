// Accounts: sign-up, e-mail verification and the customer's own data (docs/auth-contract.md).
export { accountsRoutes } from './routes.js';
export { VERIFICATION_TOKEN_TTL_MS } from './service.js';
