import { defineConfig } from 'vitest/config';

// One runner for every unit and API test of the workspaces; end-to-end tests run under Playwright.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web', 'scripts'],
  },
});
