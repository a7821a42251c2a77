// Postal codes (CEP): POST /api/validar-cep/, answered from its cache or ViaCEP.
export { postalCodeRoutes } from './routes.js';
export {
  createPostalCodeService,
  FOUND_TTL_MS,
  NOT_FOUND_TTL_MS,
  type PostalCodeService,
} from './service.js';
