import { defineConfig } from 'vitest/config';

// The API suite. The root vitest.config.ts runs it as two projects: on PGlite, and on the
// PostgreSQL of TEST_DATABASE_URL when that is set.
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The migrated and seeded database, made once a run; every test file starts from a copy.
    globalSetup: ['test/global-setup.ts'],
    // An outside call a test did not arrange fails that test.
    setupFiles: ['test/outside-calls.ts'],
    // No file mocks a module or leaves globals behind (the outside-call guard installs itself
    // once per worker and starts each file clean), so files share their worker's modules: the
    // app's import graph is loaded once per worker, not once per file.
    isolate: false,
    // Whole purchases and concurrency rounds on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
