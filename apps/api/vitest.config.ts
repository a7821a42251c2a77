import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // An outside call a test did not arrange fails that test.
    setupFiles: ['test/outside-calls.ts'],
    // PGlite boots a WASM Postgres per test file: give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
