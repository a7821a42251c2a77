// A customer's delivery address profiles, perfis-endereco (docs/addresses-contract.md).
export { addressRoutes } from './routes.js';
export { addressProfileJson } from './schemas.js';
export { serializeAddressProfile } from './serializers.js';
