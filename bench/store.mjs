// The built store as `npm start` runs it (node apps/api/dist/server.js), on a fresh data folder,
// with a local fake ViaCEP beside it: the bench never measures an outside service.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the store on `port` (ViaCEP on port + 1) and waits until it answers. `databaseUrl`
 * (a PostgreSQL database the bench may fill with the seed) replaces the embedded PGlite.
 * BENCH_FROM_SOURCE=1 runs src/server.ts through tsx instead of the build (no dist needed).
 */
export async function startStore({ port, databaseUrl }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'semijoias-bench-'));
  const viaCepPort = port + 1;
  const viaCep = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/api/test/fake-viacep.ts', '--port', String(viaCepPort)],
    { stdio: 'ignore' },
  );
  const serverArgs = process.env.BENCH_FROM_SOURCE
    ? ['--import', 'tsx', 'apps/api/src/server.ts']
    : [
        ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
        'apps/api/dist/server.js',
      ];
  const server = spawn(process.execPath, serverArgs, {
    env: {
      VIACEP_URL: `http://127.0.0.1:${viaCepPort}`,
      // One address makes every request: the abuse limits would measure themselves.
      RATE_LIMIT_SCALE: '0',
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
      // Production asks for these on purpose: the sandbox, so the checkout's calls are
      // measured without an outside provider (its pages carry the demonstration ribbon), and the
      // demonstration catalog the calls read.
      PAYMENT_PROVIDER: 'sandbox',
      SEED_DEMO_CATALOG: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  /** Stops both processes; the data folder goes once the server has let go of it. */
  const stop = async () => {
    viaCep.kill('SIGTERM');
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health/`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, stop };
}

async function waitFor(url, server) {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}
