/**
 * The real server as a child process, for the kill-and-restart test: `node --import tsx
 * src/server.ts` (the same entry point as the build, no bundle needed), started on a port and a
 * DATA_DIR of the test's choosing, killed with SIGKILL (no shutdown hook runs: the process simply
 * stops, as on a power cut of the process or an OOM kill) or stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { appPaths } from '../../src/lib/paths.js';
import { UNARRANGED_URLS } from '../outside-services.js';

/** A port nobody listens on right now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** SIGKILL, then waits for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM (the graceful shutdown: requests finish, the database closes), then waits. */
  stop(): Promise<number | null>;
  /** The last lines it wrote to stderr, for a failure message. */
  stderrTail(): string;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the server with `env` on top of a clean environment (PATH, HOME and the unarranged
 * outside services only: nothing of the test runner's own settings, DATABASE_URL and
 * TEST_DATABASE_URL included, leaks in) and waits until GET /api/health/ answers; throws with
 * its stderr when it exits or takes over `timeoutMs`.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const { repoRoot } = appPaths();
  const port = env.PORT;
  if (!port) throw new Error('PORT is required');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join('apps', 'api', 'src', 'server.ts')],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        // Out of the guard's reach (test/outside-calls.ts) in its own process: its outside
        // services are the unarranged addresses, refused at once, unless `env` arranges them.
        VIACEP_URL: UNARRANGED_URLS.viacep,
        PAGBANK_API_URL: UNARRANGED_URLS.pagbank,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    baseUrl,
    pid: child.pid!,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      return exited(child);
    },
    stderrTail: () => stderr,
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${stderr}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health/`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server did not answer in ${timeoutMs} ms:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
