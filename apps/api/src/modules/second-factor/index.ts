// The owners' second factor (docs/second-factor.md) and the browsers they log in from.
export { secondFactorRoutes } from './routes.js';
export { deviceIdFrom, noteOwnerLogin } from './devices.js';
export { secondFactorResetEmail } from './emails.js';
export { hasSecondFactor, removeSecondFactor } from './service.js';
