// The back office: its API under /api/admin/ (its guard and who is an owner: modules/owner-access).
export { adminRoutes } from './routes.js';
export { environmentNotices } from './environment/notices.js';
export { shippingLabelsAdminDeps } from './shipping-labels-deps.js';
