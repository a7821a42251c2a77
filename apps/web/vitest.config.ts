import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The web app's unit tests, in a browser-like document (happy-dom), with React as the app is
// built (vite.config.ts): '@' is src, JSX compiles for React's automatic runtime.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: {
      '@': decodeURIComponent(new URL('./src', import.meta.url).pathname),
      // The tests' helpers (a fake of the API at fetch, the providers, fixtures): outside src/,
      // so the app never ships them.
      '@test': decodeURIComponent(new URL('./test', import.meta.url).pathname),
    },
    // The browser's package entries, as the app is built with.
    conditions: ['module', 'browser', 'development|production'],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
