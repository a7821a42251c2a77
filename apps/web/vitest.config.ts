import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';

// The web app's unit tests, in a browser-like document (happy-dom). As in vite.config.ts: '@' is
// src, JSX compiles for Preact, and react/react-dom resolve to preact/compat (the preset's
// aliases). Hot reload and the devtools bridge are off: there is no dev server to talk to.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false })],
  resolve: {
    alias: {
      '@': decodeURIComponent(new URL('./src', import.meta.url).pathname),
      // The tests' helpers (a fake of the API at fetch, the providers, fixtures): outside src/,
      // so the app never ships them.
      '@test': decodeURIComponent(new URL('./test', import.meta.url).pathname),
    },
    // The browser's package entries, as the app is built with (Vitest would pick Node's, and
    // react-router's Node entry is CommonJS, which the aliases above never see).
    conditions: ['module', 'browser', 'development|production'],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    server: {
      deps: {
        // Libraries that import 'react' go through Vite, so the alias makes them use Preact too
        // (left to Node, they would load the real React installed for the Radix packages).
        inline: ['@tanstack/react-query', 'react-router', 'react-hook-form', /@radix-ui\//],
      },
    },
  },
});
