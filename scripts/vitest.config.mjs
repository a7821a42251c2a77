import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests of the repository's own scripts (scripts/*.test.mjs), run from any folder.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { name: 'scripts', include: ['*.test.mjs'] },
});
