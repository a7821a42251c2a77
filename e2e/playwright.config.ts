import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { DESKTOP, PHONE } from './fixtures/sizes';

// End-to-end tests drive Debian's Chromium (Playwright's own download does not work here) against
// the built store, started the way `npm start` starts it, on a fresh embedded database. Its
// headless shell (package chromium-headless-shell), as Playwright's own headless runs use: the
// same Blink and V8 without the browser's shell, ~20 % less CPU and time for the same journeys
// than the whole browser in its headless mode (measured on this 2-core machine). The whole browser
// (package chromium) when only it is there; scripts/ensure-chromium.mjs chooses the same way.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

// Each journey runs at the size its people use: shoppers on their phones, the owners on a
// computer. A journey runs at both sizes only when what it proves differs between them.
const spec = (...names: string[]) => names.map((name) => `**/${name}.spec.ts`);
const BOTH_SIZES = spec(
  // Axe on every shopper screen, drawers and dialogs open: the proof that each is usable at both
  // sizes, whatever size the journeys through it run at.
  'a11y',
  // Focus order and focus return depend on what the layout shows: the phone's menu, the
  // desktop's header links.
  'keyboard',
  // The price lines must fit each size's grid of cards, search rows and cart.
  'price-lines',
  // Axe on every section of the back office: its one walk at the phone's size.
  'admin-access',
  // Hydration moves nothing on the screen: the layouts differ, so may their shifts.
  'hydration',
  // The filters sit beside the grid on a desktop and in a sheet on a phone.
  'filters',
  // The carriers' services: in the cart drawer and the checkout's summary at each size.
  'carriers-checkout',
);
const BACK_OFFICE = spec(
  'admin-coupons',
  'admin-dashboard',
  'admin-orders',
  'admin-payments',
  'admin-products',
  'admin-sales-channels',
  'admin-shipping',
  'carriers-labels',
  'admin-stock',
  'admin-variations',
  'owners-safety',
);
// The journeys that wait on the store's clock (order-expiry, order-reminder and the forgotten
// cart of marketing-consent) run once, each with a phone page and a desktop page side by side
// (fixtures/test.ts `bothSizes`). The two that wait minutes for an order's deadline have a lane
// of their own (the `clock` project below), so their waits overlap the other journeys' work
// instead of holding one of the two cores' workers idle.
const WAITING_MINUTES = spec('order-expiry', 'order-reminder');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two workers for the journeys that keep the 2 cores busy, and a third that the `clock`
  // project's waits hold (it takes other journeys once they are done).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // Whole purchases (sign-up, cart, checkout, the provider's page, the return) on 2 busy cores.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recorded when a failed test runs again (CI retries once): a first run records nothing.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    // First, so the waits start at once; one worker, so they never take two of the three.
    {
      name: 'clock',
      use: { ...PHONE, browserName: 'chromium' },
      testMatch: WAITING_MINUTES,
      workers: 1,
    },
    {
      name: 'phone',
      use: { ...PHONE, browserName: 'chromium' },
      testIgnore: [...BACK_OFFICE, ...WAITING_MINUTES],
    },
    {
      name: 'desktop',
      use: { ...DESKTOP, browserName: 'chromium' },
      testMatch: [...BOTH_SIZES, ...BACK_OFFICE],
    },
  ],
  webServer: {
    command: `node e2e/start-store.mjs`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health/`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
