// npm run bench, last part: what a backup costs. The built store on the embedded PGlite
// (or, with BENCH_DATABASE_URL naming a PostgreSQL server, a fresh database on it), a shop of a
// few hundred orders and uploaded pictures; then, one shopper buying one piece at a time: checkout
// times with the store quiet, and while the owners' back office makes backups back to back; each
// backup's time and size; a restore's time. Writes its section of bench/RESULTS.md (or
// RESULTS-postgresql.md) between the markers below; the other parts of the file stay.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './rehearsal/database.mjs';
import { cleanup, freePort, killAllNow, storeInstance, tempDir } from './rehearsal/processes.mjs';
import { percentile } from './rehearsal/client.mjs';
import { client, expectStatus, ownerWithSecondFactor } from '../scripts/lib/store-http.mjs';

export const START_MARKER = '<!-- backup:start -->';
export const END_MARKER = '<!-- backup:end -->';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiRequire = createRequire(join(repoRoot, 'apps/api/package.json'));
const ORDERS = Number(process.env.BENCH_BACKUP_ORDERS ?? 300);
const PICTURES = Number(process.env.BENCH_BACKUP_PICTURES ?? 30);
const SAMPLES = Number(process.env.BENCH_BACKUP_SAMPLES ?? 80);
const serverUrl = process.env.BENCH_DATABASE_URL;
const backend = serverUrl ? 'PostgreSQL' : 'embedded PGlite';
process.on('exit', killAllNow);

const fmt = (n, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** A new, empty database on the server, with no connection of ours left open (restore.js refuses
 * a database another session holds). */
async function emptyDatabase(server) {
  const { Client } = apiRequire('pg');
  const run = async (sql) => {
    const c = new Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  const name = `semijoias_bench_restore_${Date.now()}_${process.pid}`;
  await run(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function timed(f) {
  const started = performance.now();
  const value = await f();
  return { value, ms: performance.now() - started };
}

async function main() {
  const dataDir = tempDir('semijoias-bench-backup-');
  const database = serverUrl ? await createDatabase(repoRoot, serverUrl) : null;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    BACKUP_EVERY_HOURS: '0',
    BACKUP_KEEP: '1000',
    PUBLIC_URL: origin,
    JWT_SECRET: 'bench-de-backup-bench-de-backup-bench-de-backup',
    ADMIN_EMAILS: 'dona@bench.test',
    RATE_LIMIT_SCALE: '0',
    ORDER_SWEEP_INTERVAL_SECONDS: '3600',
    // Hundreds of guest orders from this one address, none paid: more units than a real address
    // may hold unpaid (docs/purchase-limits.md), which is not what this bench measures.
    UNPAID_UNITS_PER_ADDRESS: '1000000',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const store = storeInstance({
    name: 'bench-backup',
    repoRoot,
    port,
    env,
    logFile: join(dataDir, 'loja.log'),
  });
  try {
    await store.start();
    const call = client(origin);
    const owner = await ownerWithSecondFactor(call, dataDir, 'dona@bench.test');

    // The shop: pictures the owners uploaded (photos of 1200 px, as a phone sends them, noisy so
    // they do not compress to nothing) and a few hundred guest orders.
    const sharp = apiRequire('sharp');
    for (let i = 0; i < PICTURES; i++) {
      const noise = Buffer.alloc(1200 * 1200 * 3);
      for (let j = 0; j < noise.length; j++) noise[j] = (j * 7919 + i * 104729) % 251;
      const photo = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer();
      expectStatus(
        await call('PUT', `/api/admin/produtos/${1 + (i % 40)}/imagens/img_pessoa/`, {
          token: owner.access,
          body: photo,
          headers: { 'content-type': 'image/jpeg' },
        }),
        200,
        'picture upload',
      );
    }
    const products = (await call('GET', '/api/listar_produtos/')).json;
    const inStock = (Array.isArray(products) ? products : (products?.results ?? []))
      .filter((p) => p.estoque >= 20 && !p.tem_variacoes)
      .map((p) => p.id);
    if (inStock.length === 0) throw new Error('no product in stock to buy');
    let n = 0;
    const buy = () =>
      call('POST', '/api/pay/', {
        body: { produtos: [{ id: inStock[n++ % inStock.length], quantidade: 1 }], cep: '01310100' },
        // Each order from a browser of its own, as the web app names it (X-Dispositivo).
        headers: { 'x-dispositivo': `bench-backup-${process.pid}-${n}` },
      });
    let placed = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (placed < ORDERS) {
          placed += 1;
          await buy();
        }
      }),
    );

    /** One checkout after another: `SAMPLES` of them, and on until `more()` says enough. */
    const checkouts = async (more = () => false) => {
      const ms = [];
      for (let i = 0; i < SAMPLES || (more() && i < 20 * SAMPLES); i++) {
        const { value, ms: t } = await timed(buy);
        if (value.status === 201) ms.push(t);
      }
      return ms;
    };
    const quiet = await checkouts();
    let backingUp = true;
    const backups = [];
    const loop = (async () => {
      while (backingUp) {
        const { value, ms } = await timed(() =>
          call('POST', '/api/admin/backups/', { token: owner.access }),
        );
        backups.push({ ms, ...expectStatus(value, 201, 'backup') });
      }
    })();
    // Until three backups are done, so that the figures cover whole backups.
    const during = await checkouts(() => backups.length < 3);
    backingUp = false;
    await loop;
    const last = backups.at(-1);
    await store.stop({ killAfterMs: 15_000 });

    // A restore of the last backup into an empty database.
    const restoreDir = tempDir('semijoias-bench-restore-');
    const target = serverUrl ? await emptyDatabase(serverUrl) : null;
    const restoreEnv = {
      ...env,
      DATA_DIR: restoreDir,
      ...(target ? { DATABASE_URL: target.url } : {}),
    };
    const file = join(dataDir, 'backups', last.arquivo);
    const restored = await timed(async () =>
      spawnSync(process.execPath, [join(repoRoot, 'apps/api/dist/cli/restore.js'), file], {
        env: restoreEnv,
        encoding: 'utf8',
      }),
    );
    if (restored.value.status !== 0)
      throw new Error(`restore.js: ${restored.value.stdout}${restored.value.stderr}`);
    const counts = /(\d+) clientes, (\d+) pedidos, (\d+) produtos, (\d+) fotos/.exec(
      restored.value.stdout,
    );
    await target?.drop();
    await database?.drop();

    const backupMs = backups.map((b) => b.ms);
    const row = (name, samples) =>
      `| ${name} | ${samples.length} | ${fmt(percentile(samples, 50), 1)} | ${fmt(percentile(samples, 99), 1)} |`;
    return [
      START_MARKER,
      `## Backups`,
      '',
      `${backend}; a shop of ${counts?.[2] ?? '?'} orders, ${counts?.[4] ?? '?'} uploaded pictures and ${counts?.[3] ?? '?'} products. One guest buys one piece at a time, ${SAMPLES} times with the store quiet, then while the back office makes three backups back to back (POST api/admin/backups/).`,
      '',
      `| | samples | p50 ms | p99 ms |`,
      `|---|---:|---:|---:|`,
      row('checkout (POST api/pay/), quiet', quiet),
      row('checkout (POST api/pay/), during backups', during),
      row('a backup (POST api/admin/backups/), the whole call', backupMs),
      '',
      `Each backup: ${fmt(last.tamanho / 1024 / 1024, 1)} MB. A restore of it into an empty database (restore.js, checks, schema, load, counts): ${fmt(restored.ms / 1000, 1)} s.`,
      END_MARKER,
    ].join('\n');
  } catch (err) {
    console.error(`bench/backup: failed; the store's log: ${join(dataDir, 'loja.log')}`);
    throw err;
  }
}

/** `text` with its section between the markers replaced by `section` (appended when absent). */
export function withBackupSection(text, section) {
  const start = text.indexOf(START_MARKER);
  const end = text.indexOf(END_MARKER);
  if (start >= 0 && end > start)
    return `${text.slice(0, start)}${section}${text.slice(end + END_MARKER.length)}`;
  return `${text.trimEnd()}\n\n${section}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const section = await main();
    console.log(section);
    const file = new URL(serverUrl ? './RESULTS-postgresql.md' : './RESULTS.md', import.meta.url);
    const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
    if (!process.argv.includes('--no-write'))
      writeFileSync(file, withBackupSection(previous, section));
    await cleanup();
  } catch (err) {
    console.error(err);
    await cleanup({ keep: true });
    process.exit(1);
  }
}
