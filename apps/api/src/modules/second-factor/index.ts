// The owners' second factor (docs/second-factor.md): TOTP, recovery codes, the reset.
export { secondFactorRoutes } from './routes.js';
export { secondFactorResetEmail } from './emails.js';
export { hasSecondFactor, removeSecondFactor } from './service.js';
