#!/usr/bin/env node
// The flash-sale rehearsal (ARCHITECTURE.md, "Online"): PostgreSQL, two instances of the built
// store and Debian's Caddy with deploy/Caddyfile on localhost (its local authority), then a sale
// through the proxy while both instances are restarted one after the other:
//
//   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres node bench/rehearsal.mjs
//
// 200 shoppers at once for a piece with 50 units: each reads it, quotes shipping, places the order
// (api/pay) and pays on the sandbox page; 20 page and catalog GETs a second beside them. Goals:
// exactly 50 orders paid, every other shopper told 'não tem estoque suficiente', no 5xx, no failed
// request, each order's e-mails sent exactly once, p99 of api/pay under 500 ms and of every page
// under 1 s, both restarts
// while shoppers are buying, each instance out with 0 within SHUTDOWN_TIMEOUT_SECONDS, and the
// proxy itself right (http redirected to https, one HSTS header). Prints the figures, keeps them
// in bench/RESULTS.md, and exits 1 when a goal is missed. The launch-day drop (issue 32) is the
// same run with `--shoppers 1000 --stock 100` (its own section of RESULTS.md; .ci/run runs both).
//
// REHEARSAL_DATABASE_URL (else TEST_DATABASE_URL): a PostgreSQL server and a role that may create
// databases; the rehearsal makes its own database there and drops it at the end.
// Options: --report-only (exit 0 whatever the goals), --timing-report-only (the p99 goal is
// measured and printed but a miss does not fail the run: what .ci/run uses, see below), --shoppers N, --stock N, --think-ms N,
// --background-rps N, --restart-after-ms N (the first SIGTERM, counted from the sale's start),
// --no-restarts, --warm-up N (N shoppers buy another piece first, left out of the counts),
// --no-write (leave RESULTS.md alone), --keep (keep the logs and temp folders),
// --label TEXT (what was measured, in RESULTS.md; the commit by default).
// --ideal-store [--ideal-cost-ms N] [--ideal-start-ms N]: the same run with the instances
// replaced by bench/rehearsal/ideal-store.mjs (the store's answers captured before the sale,
// served from memory, N ms of CPU per request and at each start): it measures the machine and a
// store of that cost, not the store; the database's and e-mails' counts are left out and
// RESULTS.md is not written.
// REHEARSAL_HTTP_PORT / REHEARSAL_HTTPS_PORT: Caddy's ports (8080 and 8443, no root needed).
// REHEARSAL_NODE_ARGS: extra node arguments for the instances (e.g. --cpu-prof --cpu-prof-dir=DIR);
// REHEARSAL_LOG_LEVEL: their log level (info by default).
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from './rehearsal/client.mjs';
import {
  createDatabase,
  databaseFigures,
  lastIds,
  pendingEmails,
  prepareSaleProduct,
  serverVersion,
} from './rehearsal/database.mjs';
import { startMailSink } from './rehearsal/mail-sink.mjs';
import {
  cleanup,
  freePort,
  killAllNow,
  portIsFree,
  sleep,
  startCaddy,
  startFakeViaCep,
  storeInstance,
  tempDir,
} from './rehearsal/processes.mjs';
import {
  computeFigures,
  goals,
  printReport,
  resultsSection,
  writeResults,
} from './rehearsal/report.mjs';
import { cpuBetween, cpuSnapshot } from './rehearsal/cpu.mjs';
import { runShoppers, startBackground } from './rehearsal/sale.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    'report-only': { type: 'boolean', default: false },
    'timing-report-only': { type: 'boolean', default: false },
    shoppers: { type: 'string', default: '200' },
    stock: { type: 'string', default: '50' },
    // Up to 3 s before each step: the sale lasts long enough for both restarts to fall in it.
    'think-ms': { type: 'string', default: '3000' },
    'background-rps': { type: 'string', default: '20' },
    'restart-after-ms': { type: 'string', default: '1000' },
    'no-restarts': { type: 'boolean', default: false },
    // Shoppers who buy another piece before the drop, as a day's traffic does: the instances meet
    // the drop with their checkout compiled and optimised, as production's do (0: they meet it
    // straight after their start). Their orders and e-mails are left out of every count.
    'warm-up': { type: 'string', default: '0' },
    'no-write': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'ideal-store': { type: 'boolean', default: false },
    'ideal-cost-ms': { type: 'string', default: '0' },
    'ideal-start-ms': { type: 'string', default: '0' },
    label: { type: 'string' },
  },
});

const SHOPPERS = Number(opts.shoppers);
const STOCK = Number(opts.stock);
const THINK_MS = Number(opts['think-ms']);
const BACKGROUND_RPS = Number(opts['background-rps']);
const WARM_UP = Number(opts['warm-up']);
const IDEAL = opts['ideal-store'];
if (IDEAL && WARM_UP > 0)
  fatal('--ideal-store and --warm-up measure different things: one at a time');
const SHUTDOWN_TIMEOUT_SECONDS = 10;
// Every shopper comes from 127.0.0.1 (Caddy's X-Forwarded-For), as a crowd behind one mobile
// carrier's address does: the abuse limits stay as production has them, and none may refuse an
// honest shopper (issue 32; a goal below counts the 429s).
const RATE_LIMIT_SCALE = 1;
const STORE_EMAIL = 'donas@ensaio.exemplo.com.br';
const log = (...args) => console.log(`[ensaio ${new Date().toISOString().slice(11, 19)}]`, ...args);

function fatal(message) {
  console.error(`rehearsal: ${message}`);
  process.exit(2);
}

const serverUrl = process.env.REHEARSAL_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  fatal(
    'set REHEARSAL_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server URL (a role that may create databases)',
  );
}
const caddyVersion = spawnSync('caddy', ['version'], { encoding: 'utf8' });
if (caddyVersion.status !== 0) fatal('caddy not found: apt-get install caddy');

/** The newest modification time under `dir` (0 when it does not exist). */
function newestFile(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

/** What was measured: --label, else the commit (and whether the tree had changes). */
function storeLabel() {
  if (opts.label) return opts.label;
  const git = (...args) => spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return 'the store in this folder';
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  return `commit ${head.stdout.trim()}${dirty ? ' with uncommitted changes' : ''}`;
}

/** A plain-HTTP GET straight to an instance (not recorded: setup and checks only). */
async function direct(port, path) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(5000) });
  return { status: res.status, body: await res.text() };
}

/** http://localhost:<http port>/... : Caddy's answer (its redirect to HTTPS), unfollowed. */
function plainHttp(port, path) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: 'localhost', port, path }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, location: res.headers.location });
      })
      .on('error', reject);
  });
}

/** Error lines (pino level 50+) in an instance's log, and a few of their messages. */
function instanceErrors(file) {
  if (!existsSync(file)) return { count: 0, samples: [] };
  const errors = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));
  const samples = [
    ...new Set(
      errors.map((line) => {
        try {
          const entry = JSON.parse(line);
          // The line's own fields too (a shutdown that timed out says where it stood).
          const { msg, err } = entry;
          const fields = Object.fromEntries(
            Object.entries(entry).filter(
              ([key]) => !['level', 'time', 'pid', 'hostname', 'msg', 'err'].includes(key),
            ),
          );
          const extra = Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : '';
          return `${msg}${err?.message ? `: ${err.message}` : ''}${extra}`;
        } catch {
          return line.slice(0, 120);
        }
      }),
    ),
  ].slice(0, 5);
  return { count: errors.length, samples };
}

/**
 * Back in Caddy's rotation: no failed active check since the last "host is up" (after the
 * SIGTERM), and no failed request remembered (the admin API's `fails`).
 */
async function waitBackInRotation(caddy, adminPort, upstream, since, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const checks = caddy.events.filter(
      (e) => e.at >= since && e.host === upstream && /health_checker\.active$/.test(e.logger ?? ''),
    );
    const last = checks.at(-1);
    const activeOk = !last || last.msg === 'host is up';
    let fails = 1;
    try {
      const res = await fetch(`http://127.0.0.1:${adminPort}/reverse_proxy/upstreams`);
      const list = await res.json();
      fails = list.find((u) => u.address === upstream)?.fails ?? 0;
    } catch {
      // admin not answering: try again
    }
    if (activeOk && fails === 0) return Date.now();
    await sleep(100);
  }
  return null;
}

/** An instance's catalog cache hears a stock set (LISTEN/NOTIFY) a moment after it is made. */
async function untilInstanceShows(instance, productId, stock) {
  for (let i = 0; ; i++) {
    const answer = await direct(instance.port, `/api/produtos/detalhes/${productId}/`);
    if (answer.status === 200 && JSON.parse(answer.body).estoque === stock) return;
    if (i > 100) throw new Error(`${instance.name} never showed the stock of ${stock}`);
    await sleep(100);
  }
}

/**
 * The store's answers the ideal store serves (--ideal-store), read from a real instance before
 * the sale: its pages and catalog calls as the shoppers and the background ask them, the sale
 * piece's page and detail, a picture, a freight quote and a CEP lookup. Written to `file`.
 */
async function captureAnswers(port, productId, file) {
  const base = `http://127.0.0.1:${port}`;
  const answers = {};
  const keep = async (key, res) => {
    if (res.status !== 200) throw new Error(`ideal store: ${key} answered ${res.status}`);
    const type = res.headers.get('content-type') ?? 'application/octet-stream';
    answers[key] = { type, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
  };
  const get = (path) => fetch(base + path, { signal: AbortSignal.timeout(10_000) });
  const post = (path, body) =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  for (const path of [
    '/',
    '/aneis',
    '/api/loja/',
    '/api/listar_produtos_destaque/',
    '/api/produtos/aneis/?limit=36&offset=0',
    '/api/buscar/produtos/?search=anel',
    `/api/produtos/detalhes/${productId}/`,
  ]) {
    await keep(path, await get(path));
  }
  await keep('page:product', await get(`/produto/${productId}`));
  const detail = JSON.parse(
    Buffer.from(answers[`/api/produtos/detalhes/${productId}/`].body, 'base64'),
  );
  if (detail.image) {
    const image = new URL(detail.image, base).pathname;
    await keep(image, await get(image));
  }
  await keep(
    'post:frete',
    await post('/api/calcular-frete/', {
      cep_destino: '01310-100',
      valor_total: (detail.price ?? '100.00').toString(),
      quantidade_itens: 1,
    }),
  );
  await keep('post:cep', await post('/api/validar-cep/', { cep: '01310-100' }));
  writeFileSync(file, JSON.stringify(answers));
}

async function restart(ctx, instance) {
  const { caddy, adminPort, saleStart } = ctx;
  const sigtermAt = Date.now();
  const activeShoppers = ctx.active;
  log(`${instance.name}: SIGTERM (${activeShoppers} clientes comprando)`);
  const stopped = await instance.stop({ killAfterMs: (SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000 });
  log(
    `${instance.name}: ${stopped.killed ? 'não saiu; SIGKILL' : `saiu com ${stopped.code ?? stopped.signal}`} em ${stopped.ms} ms`,
  );
  const startedAt = Date.now();
  await instance.start();
  const readyAt = Date.now();
  const backAt = await waitBackInRotation(caddy, adminPort, instance.upstream, sigtermAt, 60_000);
  const firstFailure = caddy.events.find(
    (e) =>
      e.at >= sigtermAt &&
      e.host === instance.upstream &&
      /health_checker\.active$/.test(e.logger ?? '') &&
      e.msg !== 'host is up',
  );
  log(
    `${instance.name}: pronta em ${readyAt - startedAt} ms; de volta no Caddy: ${backAt ? 'sim' : 'não'}`,
  );
  return {
    name: instance.name,
    sigtermAt: sigtermAt - saleStart,
    activeShoppers,
    code: stopped.code,
    signal: stopped.signal,
    killed: stopped.killed,
    stopMs: stopped.ms,
    outOfRotationMs: firstFailure ? firstFailure.at - sigtermAt : null,
    startMs: readyAt - startedAt,
    backMs: backAt ? backAt - sigtermAt : null,
  };
}

async function main(state) {
  if (!existsSync(join(repoRoot, 'apps/api/dist/server.js'))) {
    log('apps/api/dist/server.js não existe: npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const built = statSync(join(repoRoot, 'apps/api/dist/server.js')).mtimeMs;
  const newer = ['apps/api/src', 'packages/domain/src', 'apps/web/src'].some(
    (dir) => newestFile(join(repoRoot, dir)) > built,
  );
  if (newer)
    log('aviso: há fontes mais novas que apps/api/dist/server.js (npm run build mede o atual)');
  const httpPort = Number(process.env.REHEARSAL_HTTP_PORT ?? 8080);
  const httpsPort = Number(process.env.REHEARSAL_HTTPS_PORT ?? 8443);
  for (const port of [httpPort, httpsPort]) {
    if (!(await portIsFree(port))) {
      throw new Error(`port ${port} is taken: set REHEARSAL_HTTP_PORT / REHEARSAL_HTTPS_PORT`);
    }
  }
  const runDir = tempDir('semijoias-rehearsal-');
  state.runDir = runDir;

  const db = await createDatabase(repoRoot, serverUrl);
  state.db = db;
  log(`banco ${db.name}`);
  const sink = await startMailSink(repoRoot);
  state.sink = sink;
  const viaCep = await startFakeViaCep(repoRoot);

  const publicUrl = `https://localhost:${httpsPort}`;
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    PAYMENT_PROVIDER: 'sandbox',
    SEED_DEMO_CATALOG: 'true',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    RATE_LIMIT_SCALE: String(RATE_LIMIT_SCALE),
    SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    SMTP_URL: sink.url,
    MAIL_FROM: 'Duas Irmãs Semijoias <nao-responda@ensaio.exemplo.com.br>',
    STORE_EMAIL,
    VIACEP_URL: viaCep.url,
    LOG_LEVEL: process.env.REHEARSAL_LOG_LEVEL ?? 'info',
  };
  const instances = [];
  for (const name of ['instância 1', 'instância 2']) {
    const n = instances.length + 1;
    instances.push(
      storeInstance({
        name,
        repoRoot,
        port: await freePort(),
        env: { ...env, DATA_DIR: tempDir(`semijoias-rehearsal-data${n}-`) },
        logFile: join(runDir, `store${n}.log`),
      }),
    );
  }
  // Both at once, as compose starts them: the migrations run under their advisory lock.
  await Promise.all(instances.map((i) => i.start()));
  log(`instâncias prontas em ${instances.map((i) => i.port).join(' e ')}`);
  if (IDEAL) {
    // The store's own answers, then the ideal store in its place on the same ports.
    const answersFile = join(runDir, 'ideal-answers.json');
    const product = await prepareSaleProduct(db, STOCK);
    // Captured with the sale's stock, which the ideal store's detail then shows.
    await untilInstanceShows(instances[0], product.id, STOCK);
    await captureAnswers(instances[0].port, product.id, answersFile);
    for (const instance of instances) await instance.stop({ killAfterMs: 15_000 });
    for (const [n, instance] of instances.entries()) {
      instances[n] = storeInstance({
        name: instance.name,
        repoRoot,
        port: instance.port,
        script: 'bench/rehearsal/ideal-store.mjs',
        env: {
          PATH: process.env.PATH,
          PUBLIC_URL: publicUrl,
          DATA_DIR: tempDir(`semijoias-rehearsal-ideal${n + 1}-`),
          IDEAL_ANSWERS: answersFile,
          // Half the units each: together they sell the stock (least_conn shares the crowd).
          IDEAL_STOCK: String(Math.ceil(STOCK / 2) - (n === 0 ? 0 : STOCK % 2)),
          IDEAL_COST_MS: opts['ideal-cost-ms'],
          IDEAL_START_MS: opts['ideal-start-ms'],
        },
        logFile: instance.logFile,
      });
    }
    await Promise.all(instances.map((i) => i.start()));
    log(
      `loja ideal nas mesmas portas (${opts['ideal-cost-ms']} ms de CPU por requisição, ${opts['ideal-start-ms']} ms na partida)`,
    );
  }

  const adminPort = await freePort();
  const caddy = await startCaddy({
    repoRoot,
    dir: join(runDir, 'caddy'),
    logFile: join(runDir, 'caddy.log'),
    httpsPort,
    env: {
      DOMAIN: 'localhost',
      UPSTREAMS: instances.map((i) => i.upstream).join(' '),
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      CADDY_ADMIN: `127.0.0.1:${adminPort}`,
    },
  });
  state.caddy = caddy;
  const ca = readFileSync(caddy.rootCert);

  // Through the proxy: ready, redirected from http, one HSTS header on a page.
  let saleStart = Date.now();
  const setup = createClient({ origin: caddy.origin, ca, startedAt: () => saleStart });
  state.clients.push(setup);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await setup.request('setup', 'GET', '/api/health/ready/');
    if (ready.status === 200) break;
    if (Date.now() > deadline)
      throw new Error(`Caddy never answered ready (${ready.status || ready.error})`);
    await sleep(200);
  }
  const redirect = await plainHttp(httpPort, '/aneis');
  const home = await setup.request('setup', 'GET', '/');
  const hsts = Object.keys(home.headers).includes('strict-transport-security')
    ? String(home.headers['strict-transport-security']).split(',').length
    : 0;
  const proxyCheck = { redirectStatus: redirect.status, redirectTo: redirect.location, hsts };
  log(
    `Caddy em ${caddy.origin}: http → ${redirect.status} ${redirect.location}; HSTS numa página: ${hsts} cabeçalho(s)`,
  );

  /** Every instance shows a stock set before shoppers come. */
  const untilEveryInstanceShows = async (productId, stock) => {
    for (const instance of instances) await untilInstanceShows(instance, productId, stock);
  };

  // The warm-up: another piece bought whole, with its e-mails delivered, before the drop. Its
  // orders, notifications and e-mails end before `countedFrom`, from which every count starts.
  let countedFrom = { orders: 0, notifications: 0, outbox: 0 };
  if (WARM_UP > 0) {
    const piece = await prepareSaleProduct(db, WARM_UP, { nth: 2 });
    await untilEveryInstanceShows(piece.id, WARM_UP);
    log(`aquecimento: ${WARM_UP} clientes compram "${piece.name}" (id ${piece.id})`);
    const warmClient = createClient({ origin: caddy.origin, ca, startedAt: () => saleStart });
    state.clients.push(warmClient);
    const warm = {
      client: warmClient,
      product: piece,
      thinkMs: THINK_MS,
      origin: caddy.origin,
      active: 0,
    };
    const warmed = await runShoppers(warm, WARM_UP, {
      name: 'aquecimento',
      firstNumber: 1_000_001,
    });
    const paid = warmed.filter((s) => s.outcome === 'pago').length;
    if (paid !== WARM_UP) throw new Error(`aquecimento: ${paid} de ${WARM_UP} pedidos pagos`);
    const emailDeadline = Date.now() + 120_000;
    while ((await pendingEmails(db)) > 0 && Date.now() < emailDeadline) await sleep(500);
    await sleep(1000);
    countedFrom = await lastIds(db);
    sink.messages.length = 0;
    log(`aquecimento pronto: ${paid} pedidos pagos, e-mails entregues`);
  }

  const product = await prepareSaleProduct(db, STOCK);
  await untilEveryInstanceShows(product.id, STOCK);
  const detail = JSON.parse(
    (await direct(instances[0].port, `/api/produtos/detalhes/${product.id}/`)).body,
  );
  const imagePath = detail.image ? new URL(detail.image, publicUrl).pathname : null;
  log(`venda: "${product.name}" (id ${product.id}), ${STOCK} unidades, ${SHOPPERS} clientes`);

  // The sale.
  const client = createClient({ origin: caddy.origin, ca, startedAt: () => saleStart });
  state.clients.push(client);
  const cpuPids = {
    instancePids: () => instances.map((i) => i.pid),
    caddyPid: () => caddy.child.pid,
  };
  const cpuBefore = cpuSnapshot(cpuPids);
  saleStart = Date.now();
  const ctx = {
    client,
    product,
    thinkMs: THINK_MS,
    origin: caddy.origin,
    active: 0,
    caddy,
    adminPort,
    saleStart,
  };
  const background = startBackground(ctx, BACKGROUND_RPS, product, imagePath);
  const sale = runShoppers(ctx, SHOPPERS).then((shoppers) => {
    log(`venda terminada em ${Date.now() - saleStart} ms`);
    return { shoppers, endedAt: Date.now() };
  });
  const restarts = [];
  if (!opts['no-restarts']) {
    await sleep(Number(opts['restart-after-ms']));
    for (const instance of instances) restarts.push(await restart(ctx, instance));
  }
  const { shoppers, endedAt } = await sale;
  const cpu = cpuBetween(cpuBefore, cpuSnapshot(cpuPids));
  await background.stop();

  // The e-mails: everything the outbox holds delivered, then a moment for any second copy.
  log('esperando os e-mails');
  const mailDeadline = Date.now() + 180_000;
  while ((await pendingEmails(db)) > 0 && Date.now() < mailDeadline) await sleep(500);
  await sleep(3000);

  const figures = computeFigures({
    settings: {
      label: storeLabel(),
      restarts: !opts['no-restarts'],
      shoppers: SHOPPERS,
      stock: STOCK,
      thinkMs: THINK_MS,
      backgroundRps: BACKGROUND_RPS,
      warmUp: WARM_UP,
      ideal: IDEAL
        ? { costMs: Number(opts['ideal-cost-ms']), startMs: Number(opts['ideal-start-ms']) }
        : null,
      shutdownTimeoutSeconds: SHUTDOWN_TIMEOUT_SECONDS,
      rateLimitScale: RATE_LIMIT_SCALE,
      storeEmail: STORE_EMAIL,
      httpsPort,
      proxyCheck,
      saleStart,
      upstreamNames: Object.fromEntries(instances.map((i) => [i.upstream, i.name])),
      saleMs: endedAt - saleStart,
      caddyVersion: caddyVersion.stdout.trim().split(' ')[0],
      postgresVersion: await serverVersion(db),
      machine: `${cpus().length} cores (${cpus()[0]?.model.trim() ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      instanceErrors: Object.fromEntries(instances.map((i) => [i.name, instanceErrors(i.logFile)])),
    },
    shoppers,
    client,
    db: await databaseFigures(db, product.id, countedFrom),
    sink,
    restarts,
    caddyEvents: caddy.events,
    cpu,
  });
  printReport(figures);
  if (!opts['no-write'] && !IDEAL) {
    writeResults(join(repoRoot, 'bench/RESULTS.md'), resultsSection(figures));
    log('bench/RESULTS.md atualizado');
  }
  if (opts.keep) log(`logs e pastas mantidos em ${runDir}`);
  // CI's machine runs the shoppers, Caddy, PostgreSQL and both instances on the same two shared
  // cores, and its speed changes from day to day: the same commit measured a p99 of 200 ms on
  // 2026-11-25 and 2.7 s on 2026-11-27. There a time is a figure to read, not a gate; every count
  // (orders, stock, 5xx, e-mails, exits) still is.
  const missedTimings = goals(figures).filter((g) => g.timing && !g.pass);
  if (opts['timing-report-only'] && missedTimings.length > 0) {
    log(
      `meta de tempo não atingida, só medida (--timing-report-only): ${missedTimings.map((g) => g.goal).join('; ')}`,
    );
  }
  return goals(figures).every((g) => g.pass || (g.timing && opts['timing-report-only']));
}

/** Everything the run started, ended; the database dropped. Once, however often it is called. */
function tearDown(state) {
  state.tearingDown ??= (async () => {
    for (const client of state.clients) client.close();
    // A profiled instance writes its profile on exit, after its drain: give it the time.
    await cleanup({ keep: opts.keep, graceMs: process.env.REHEARSAL_NODE_ARGS ? 20_000 : 3000 });
    await state.sink?.close().catch(() => {});
    if (state.db) {
      await state.db
        .drop()
        .catch((error) =>
          console.error(`rehearsal: could not drop ${state.db.name}: ${error.message}`),
        );
    }
  })();
  return state.tearingDown;
}

const state = { clients: [] };
process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\nrehearsal: ${signal}, cleaning up`);
    state.interrupted = true;
    tearDown(state).finally(() => process.exit(130));
  });
}

let passed = false;
try {
  passed = await main(state);
} catch (error) {
  if (state.interrupted) {
    // The signal's handler is tearing down; what failed meanwhile is its consequence.
    await tearDown(state);
    process.exit(130);
  }
  console.error(`rehearsal: ${error.stack ?? error.message}`);
  if (state.runDir) console.error(`rehearsal: logs in ${state.runDir} (kept)`);
  opts.keep = opts.keep || Boolean(state.runDir);
  await tearDown(state);
  process.exit(2);
}
await tearDown(state);
if (!passed && !opts['report-only']) {
  console.error('rehearsal: a goal was missed (--report-only prints the figures without failing)');
  process.exit(1);
}
process.exit(0);
