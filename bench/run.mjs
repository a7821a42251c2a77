// npm run bench: load-tests the built store with autocannon. Each catalog call is measured right
// after a trivial baseline route of the same server (GET /api/health/), so the ratio says what
// the call itself costs on this machine, whatever the machine.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const base = `http://127.0.0.1:${PORT}`;

const targets = [
  {
    name: 'categoria (api/produtos/aneis/?limit=36&offset=0)',
    path: '/api/produtos/aneis/?limit=36&offset=0',
  },
  { name: 'detalhe (api/produtos/detalhes/1/)', path: '/api/produtos/detalhes/1/' },
  {
    name: 'busca (api/buscar/produtos/?search=anel dourado)',
    path: '/api/buscar/produtos/?search=anel%20dourado',
  },
  { name: 'busca com acento (?search=ANÉIS)', path: '/api/buscar/produtos/?search=AN%C3%89IS' },
];
const baseline = { name: 'baseline (api/health/)', path: '/api/health/' };

// BENCH_DATABASE_URL (a PostgreSQL database the bench may fill with the seed) measures the
// production set-up; without it the embedded PGlite default is measured.
const databaseUrl = process.env.BENCH_DATABASE_URL;
const backend = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
const dataDir = mkdtempSync(join(tmpdir(), 'semijoias-bench-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  env: {
    ...process.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${base}${baseline.path}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

function run(path) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function measure(target) {
  const check = await fetch(`${base}${target.path}`);
  if (!check.ok) throw new Error(`${target.path} answered ${check.status}`);
  await run(target.path); // warm-up: JIT and the database cache settle before the measured pass
  const r = await run(target.path);
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${target.path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { name: target.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const rows = [];
try {
  await waitForServer();
  for (const target of targets) {
    const b = await measure(baseline);
    const t = await measure(target);
    rows.push({ ...t, baselineRps: b.rps, ratio: t.rps / b.rps });
  }
} finally {
  server.kill('SIGTERM');
}
rmSync(dataDir, { recursive: true, force: true });

const fmt = (n, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const header = `| call | req/s | p50 ms | p99 ms | baseline req/s | ratio to baseline |\n|---|---:|---:|---:|---:|---:|`;
const lines = rows.map(
  (r) =>
    `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.baselineRps)} | ${fmt(r.ratio, 2)} |`,
);
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const report = [
  `# Benchmark results`,
  '',
  `Run on ${new Date().toISOString().slice(0, 10)}: ${machine}; autocannon, ${CONNECTIONS} connections, ${DURATION} s per call after a ${DURATION} s warm-up, ${backend} database with the seeded catalog.`,
  '',
  header,
  ...lines,
  '',
].join('\n');
console.log(report);
const resultsFile = databaseUrl ? './RESULTS-postgresql.md' : './RESULTS.md';
writeFileSync(new URL(resultsFile, import.meta.url), report);
