import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

// In development the API runs on :3000 (npm run dev); the browser only ever talks to its own
// origin, so /api and /media are proxied there. In production the API serves apps/web/dist.
const apiTarget = 'http://localhost:3000';

/** cx, the line icons' frame and React's JSX runtime: tiny, and used by the shell of every page. */
const EVERY_PAGE_SMALL_MODULES =
  /\/src\/ui\/cx\.ts$|\/src\/ui\/icon-set\/line\.tsx$|\/react\/jsx-runtime\.js$|react-jsx-runtime\.production\.js$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), preloadReactDom(), intlOnFirstUse()],
  resolve: {
    // URL and import.meta keep this file free of Node typings (tsconfig types: vite/client only).
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The server reads it to hint each server-rendered page's own chunks (modulepreload).
    manifest: true,
    rolldownOptions: {
      // The browser's build: the shell's three smallest modules, which every page loads, in one
      // file instead of three (each was a request and a gzip frame of its own; the home's budget
      // of 120 KB, e2e/server-rendering.spec.ts, counts every byte).
      output: isSsrBuild
        ? {}
        : { codeSplitting: { groups: [{ name: 'base', test: EVERY_PAGE_SMALL_MODULES }] } },
      // Tailwind's plugin writes the CSS without a source map: the warning says only that the
      // CSS has none (JavaScript's maps are whole), and looked like a failure to a first build.
      onLog(level, log, handler) {
        if (log.code === 'SOURCEMAP_BROKEN' && log.plugin?.startsWith('@tailwindcss/vite')) return;
        handler(level, log);
      },
    },
  },
  // The server build (vite build --ssr src/entry-server.tsx) is one self-contained file with
  // the framework's production code compiled in: the API process may run with any NODE_ENV
  // (test, unset), and a development build renders slower and warns on every page.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
}));

/**
 * main.tsx loads React DOM with import(), so that running its code is a task of its own, apart
 * from the app's; its file must still be fetched from the start, with the entry. Vite hints only
 * an entry's static imports in index.html: this adds a modulepreload for React DOM's chunk, and
 * for what it imports. (On a server-rendered page the API fetches them
 * at low priority, as it does the entry.)
 */
function preloadReactDom(): Plugin {
  return {
    name: 'preload-react-dom',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const found = bundle[fileName];
          if (files.has(fileName) || !found || found.type !== 'chunk') return;
          files.add(fileName);
          found.imports.forEach(visit);
        };
        for (const fileName of chunk.dynamicImports) {
          const found = bundle[fileName];
          if (found?.type === 'chunk' && found.facadeModuleId?.endsWith('/react-dom/client.js')) {
            visit(fileName);
          }
        }
        if (files.size === 0) throw new Error('preload-react-dom: no chunk of react-dom/client');
        const tags: HtmlTagDescriptor[] = [...files]
          .map((fileName) => `/${fileName}`)
          .filter((href) => !html.includes(`"${href}"`))
          .map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
}

const DOMAIN_MODULE = /[\\/]packages[\\/]domain[\\/]src[\\/][^\\/]+\.ts$/;
const LAZY_INTL = decodeURIComponent(new URL('./src/lib/lazy-intl.ts', import.meta.url).pathname);
/** A formatter the shared rules make as their module loads: `const name = new Intl.Kind(…);`. */
const INTL_AT_LOAD =
  /^const (\w+) = new Intl\.(NumberFormat|DateTimeFormat|Collator)\(([\s\S]*?)\);$/gm;

/**
 * In the browser build, the shared rules' Intl formatters are made on first use, and prices are
 * written without Intl (src/lib/lazy-intl.ts says why and how). The server keeps them as written.
 * A domain module that makes any other Intl object as it loads fails the build, so none is missed.
 */
function intlOnFirstUse(): Plugin {
  return {
    name: 'intl-on-first-use',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !DOMAIN_MODULE.test(id) || !code.includes('Intl.')) return null;
      const lazy = code.replace(
        INTL_AT_LOAD,
        (_, name: string, kind: string, args: string) =>
          `const ${name} = __lazyIntl('${kind}', [${args}]);`,
      );
      if (/^(const|let|var) \w+ = new Intl\./m.test(lazy)) {
        throw new Error(`intl-on-first-use: an Intl object made at load in ${id} is not handled`);
      }
      if (lazy === code) return null;
      return { code: `import { lazyIntl as __lazyIntl } from '${LAZY_INTL}';\n${lazy}`, map: null };
    },
  };
}
