// Postal codes (CEP): POST /api/validar-cep/, answered from its cache or ViaCEP.
export { postalCodeRoutes } from './routes.js';
export { FOUND_TTL_MS, NOT_FOUND_TTL_MS } from './service.js';
