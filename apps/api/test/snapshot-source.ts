/**
 * The worker's side of the once-per-run test database (global-setup.ts makes it): what a test
 * file copies its database from. On PGlite the dump is read, and PGlite's WebAssembly compiled,
 * once per worker (kept on globalThis, so a worker running several files reuses them).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import type { PgliteSnapshot } from '../src/db/client.js';

/**
 * The two states a file may start from, migrated (no catalog) and seeded: dump files on PGlite,
 * template databases on PostgreSQL.
 */
export type DatabaseSnapshot =
  | { kind: 'pglite'; migrated: string; seeded: string }
  | { kind: 'postgres'; migrated: string; seeded: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseSnapshot: DatabaseSnapshot;
  }
}

/** What this project's global setup made, or undefined when it did not run. */
export function databaseSnapshot(): DatabaseSnapshot | undefined {
  try {
    return inject('databaseSnapshot');
  } catch {
    // Outside Vitest's runner (a script importing the helpers): no snapshot.
    return undefined;
  }
}

const CACHE = Symbol.for('semijoias.test.pglite-snapshot');
const scope = globalThis as typeof globalThis & {
  [CACHE]?: { module: Promise<WebAssembly.Module>; dumps: Map<string, Promise<PgliteSnapshot>> };
};

async function compilePglite(): Promise<WebAssembly.Module> {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('@electric-sql/pglite'));
  // Node's global WebAssembly (the project's TypeScript libs declare only its types).
  const { WebAssembly: wasm } = globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
  };
  return wasm.compile(readFileSync(join(dist, 'pglite.wasm')));
}

/** The PGlite dump at `file` with the compiled module, each read once per worker. */
export function pgliteSnapshot(file: string): Promise<PgliteSnapshot> {
  const cache = (scope[CACHE] ??= { module: compilePglite(), dumps: new Map() });
  let snapshot = cache.dumps.get(file);
  if (!snapshot) {
    snapshot = cache.module.then((wasmModule) => ({
      dataDir: new Blob([readFileSync(file)]),
      wasmModule,
    }));
    cache.dumps.set(file, snapshot);
  }
  return snapshot;
}
