import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// The web app's unit tests, in a browser-like document (happy-dom), with React as the app is
// built (vite.config.ts): '@' is src, JSX compiles for React's automatic runtime. Two projects of
// the root vitest.config.ts: 'web', whose files share their worker's document and modules, and
// 'web-app', the whole app rendered on the server and hydrated, each file in its own.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

/** The files that boot the whole app: they need a document no earlier file has touched. */
const WHOLE_APP_TESTS = ['src/app/**/*.test.tsx'];

export function webProject(name: 'web' | 'web-app') {
  return defineConfig({
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
      name,
      environment: 'happy-dom',
      setupFiles: ['test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      ...(name === 'web'
        ? {
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: [...configDefaults.exclude, ...WHOLE_APP_TESTS],
            // A file does not need a document and modules of its own (test/setup.ts empties the
            // storage and puts the address back after each test): the project's 71 files ran in
            // 12 s instead of 44 s, most of which was making happy-dom and importing React again.
            isolate: false,
          }
        : {
            // The app's router, query cache and Radix's layers are made once per document: a
            // server page hydrated after other files' dialogs and links found their leftovers.
            include: WHOLE_APP_TESTS,
          }),
    },
  });
}

export default webProject('web');
