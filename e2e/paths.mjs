import { fileURLToPath } from 'node:url';

/**
 * The e2e store's DATA_DIR (PGlite, JWT secret, mail outbox); git-ignored under test-results.
 * E2E_DATA_DIR moves it, so two runs on one machine (with their own E2E_PORT) never share it.
 */
export const E2E_DATA_DIR =
  process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../test-results/e2e-data', import.meta.url));
