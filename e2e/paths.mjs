import { fileURLToPath } from 'node:url';

/**
 * The e2e store's DATA_DIR (PGlite, JWT secret, mail outbox); git-ignored under test-results.
 * E2E_DATA_DIR moves it, so two runs on one machine (with their own E2E_PORT) never share it.
 */
export const E2E_DATA_DIR =
  process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../test-results/e2e-data', import.meta.url));

/**
 * The data folder prepared once per run (migrations, seed, the e2e catalog and shoppers), which
 * every store of the run copies into its own DATA_DIR before it starts (start-store.mjs).
 */
export const E2E_TEMPLATE_DIR = process.env.E2E_TEMPLATE_DIR ?? `${E2E_DATA_DIR}-template`;
