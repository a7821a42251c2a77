// The processes of the rehearsal: two store instances, Caddy, the fake ViaCEP. Every child and
// every temp folder is registered here, so one cleanup() ends them all, whatever went wrong.
import { spawn } from 'node:child_process';
import { closeSync, createWriteStream, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const children = new Set();
const tempDirs = new Set();
/** Set by cleanup(): from then on nothing new may start (a restart racing a Ctrl-C). */
let closing = false;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A temp folder removed by cleanup() (unless kept). */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

const alive = () => [...children].filter((c) => c.exitCode === null && c.signalCode === null);

/** Kills every child still running (SIGKILL after `graceMs`) and removes the temp folders. */
export async function cleanup({ keep = false, graceMs = 3000 } = {}) {
  closing = true;
  for (const child of alive()) child.kill('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && alive().length > 0) await sleep(50);
  for (const child of alive()) child.kill('SIGKILL');
  while (alive().length > 0) await sleep(20);
  if (!keep) for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Synchronous last resort for process.on('exit'): no child outlives the rehearsal. */
export function killAllNow() {
  for (const child of alive()) child.kill('SIGKILL');
}

/** A TCP port nobody listens on now (the kernel picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be bound on every interface (Caddy listens on all of them). */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

function track(child) {
  if (closing) {
    child.kill('SIGKILL');
    throw new Error('the rehearsal is stopping');
  }
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** GET `url` until it answers 200 (plain http, straight to a process), or throw after `ms`. */
export async function waitForOk(url, { ms = 60_000, alive = () => true, what = url } = {}) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${what}: the process exited before it was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${what}: not ready after ${ms / 1000} s`);
}

/** The local fake ViaCEP the tests use (knows 01310-100 and a few more). */
export async function startFakeViaCep(repoRoot) {
  const port = await freePort();
  const child = track(
    spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/api/test/fake-viacep.ts', '--port', String(port)],
      { cwd: repoRoot, stdio: 'ignore' },
    ),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(`${url}/ws/01310100/json/`, {
    alive: () => child.exitCode === null,
    what: 'fake ViaCEP',
  });
  return { url, child };
}

/**
 * Extra arguments for node in each instance, from REHEARSAL_NODE_ARGS, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the sale (written when an instance exits).
 */
function nodeArgs() {
  return (process.env.REHEARSAL_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/**
 * One store instance (`node apps/api/dist/server.js`, or `script`: the ideal store) on `port`,
 * its output appended to `logFile`. start() may be called again after the process ended (a
 * restart): same port, same settings, same data folder.
 */
export function storeInstance({
  name,
  repoRoot,
  port,
  env,
  logFile,
  script = 'apps/api/dist/server.js',
}) {
  let child = null;
  let exit = null;
  const instance = {
    name,
    port,
    upstream: `127.0.0.1:${port}`,
    logFile,
    get running() {
      return child !== null && exit === null;
    },
    /** The running process's pid (null between a stop and the next start). */
    get pid() {
      return child !== null && exit === null ? child.pid : null;
    },
    async start() {
      exit = null;
      const fd = openSync(logFile, 'a');
      child = track(
        spawn(process.execPath, [...nodeArgs(), script], {
          cwd: repoRoot,
          env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
          stdio: ['ignore', fd, fd],
        }),
      );
      closeSync(fd);
      const current = child;
      current.once('exit', (code, signal) => {
        if (child === current) exit = { code, signal, at: Date.now() };
      });
      await waitForOk(`http://127.0.0.1:${port}/api/health/ready/`, {
        alive: () => exit === null,
        what: name,
        ms: 120_000,
      });
    },
    /**
     * SIGTERM and wait for the exit, as a process manager does: SIGKILL once `killAfterMs` has
     * passed (the instance hung). Returns {code, signal, ms, killed}.
     */
    async stop({ killAfterMs }) {
      const started = Date.now();
      let killed = false;
      child.kill('SIGTERM');
      while (exit === null) {
        if (!killed && Date.now() - started > killAfterMs) {
          killed = true;
          child.kill('SIGKILL');
        }
        await sleep(20);
      }
      return { code: exit.code, signal: exit.signal, ms: exit.at - started, killed };
    },
  };
  return instance;
}

/**
 * Debian's Caddy with deploy/Caddyfile. Its JSON log (stderr) is kept in `logFile` and read as it
 * comes: the active health checker's "host is up/down" and every error Caddy logs (each 502/503
 * it answers), so the report can say when an instance left and came back, and why requests failed.
 */
export async function startCaddy({ repoRoot, dir, env, logFile, httpsPort }) {
  const events = [];
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = track(
    spawn('caddy', ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        XDG_DATA_HOME: join(dir, 'data'),
        XDG_CONFIG_HOME: join(dir, 'config'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    createInterface({ input: stream }).on('line', (line) => {
      try {
        const entry = JSON.parse(line);
        events.push({ ...entry, at: Date.now() });
      } catch {
        // not JSON (a panic's text): kept in the log file only
      }
    });
  }
  const rootCert = join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 30_000;
  while (!existsSync(rootCert)) {
    if (exited) throw new Error(`caddy exited (${exited.code ?? exited.signal}); see ${logFile}`);
    if (Date.now() > deadline)
      throw new Error(`caddy made no local root certificate; see ${logFile}`);
    await sleep(100);
  }
  return {
    child,
    events,
    rootCert,
    origin: `https://localhost:${httpsPort}`,
    get exited() {
      return exited;
    },
  };
}
