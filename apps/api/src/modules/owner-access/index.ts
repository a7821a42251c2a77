// Who is an owner and how her session gets in: the back office's guard (every /api/admin/ call
// and the second factor's own calls), the owner role kept in step with ADMIN_EMAILS, and the
// browsers she logs in from. Below admin, auth and second-factor, which all use it.
export { createOwnerGuard, requireOwner, secondFactorRequiredError, type Owner } from './guard.js';
export { applyOwnerRole, syncOwnerRoles } from './roles.js';
export { deviceIdFrom, noteOwnerLogin } from './devices.js';
export { forgotPasswordLink } from './new-browser-email.js';
