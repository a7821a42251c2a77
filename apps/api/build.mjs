// npm run build -w @semijoias/api: bundles src/server.ts into dist/server.js for `node`.
// npm packages stay external (resolved from node_modules at run time, as installed), except the
// workspace's own @semijoias/* packages: they are TypeScript source and must be compiled in.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** @type {import('esbuild').Plugin} */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    // A bare specifier ("fastify", "drizzle-orm/pglite"): external unless it is ours.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@semijoias/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(join(here, 'dist'), { recursive: true, force: true });

await build({
  // The server, and the command-line tools (npm run backup / restore; in the image,
  // node apps/api/dist/cli/backup.js).
  entryPoints: {
    server: join(here, 'src/server.ts'),
    'cli/backup': join(here, 'src/cli/backup.ts'),
    'cli/restore': join(here, 'src/cli/restore.ts'),
  },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Node prints source positions of the TypeScript in stack traces with --enable-source-maps.
  legalComments: 'none',
  plugins: [externalNpmPackages],
  // Some CommonJS dependency may call require(); ESM has none, so give it one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
});
