import { defineConfig } from 'vitest/config';

// One Vitest run for every unit and API test of the workspaces (end-to-end tests run under
// Playwright). The API suite runs on the embedded PGlite and, when TEST_DATABASE_URL names a
// PostgreSQL server (a role that may create databases), once more against it, in the same run.
const postgresUrl = process.env.TEST_DATABASE_URL?.trim();

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on this 2-core machine,
    // while a worker spends much of its time waiting on PGlite, PostgreSQL or a socket. Three keep
    // both cores busy while one of them waits (two left them ~10% idle; measured on this 2-core
    // machine: ~370 s with two, ~300 s with three, no better with four).
    maxWorkers: 3,
    projects: [
      'packages/domain',
      {
        extends: './apps/api/vitest.config.ts',
        root: './apps/api',
        test: { name: 'api', env: { TEST_DATABASE_URL: '' } },
      },
      ...(postgresUrl
        ? [
            {
              extends: './apps/api/vitest.config.ts',
              root: './apps/api',
              test: { name: 'api-postgres', env: { TEST_DATABASE_URL: postgresUrl } },
            },
          ]
        : []),
      'apps/web/vitest.config.ts',
      'apps/web/vitest.app.config.ts',
      'scripts',
    ],
  },
});
