import { fileURLToPath } from 'node:url';

/** The e2e store's DATA_DIR (PGlite, JWT secret, mail outbox); git-ignored under test-results. */
export const E2E_DATA_DIR = fileURLToPath(new URL('../test-results/e2e-data', import.meta.url));
