// An instance's health: liveness and readiness probes, and its life up to a graceful shutdown.
export { healthRoutes } from './routes.js';
export { registerLifecycle, shutDownGracefully, shutdownTimings } from './lifecycle.js';
