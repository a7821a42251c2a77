// The back office: its API under /api/admin/, the owners' guard, and who is an owner.
export { adminRoutes } from './routes.js';
export { environmentNotices } from './environment/notices.js';
export { createOwnerGuard, requireOwner, secondFactorRequiredError } from './guard.js';
export { applyOwnerRole, syncOwnerRoles } from './roles.js';
