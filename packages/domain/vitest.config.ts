import { defineConfig } from 'vitest/config';

// Pure rules and texts: no module mocks, no globals, so files share their worker's modules.
export default defineConfig({
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', isolate: false },
});
