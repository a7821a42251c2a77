#!/usr/bin/env node
// Proves the built image is a working store, in both its database modes (runc, host network):
// 1. against a fresh database made from the PostgreSQL URL given, e-mail to DATA_DIR/outbox: waits
//    for the readiness call, reads a page rendered on the server, buys a product as a guest
//    through the sandbox's card page and checks the order reads 'Pedido Pago' and her e-mail is
//    written; renders a share picture (sharp, librsvg, the fonts); loads every package the server's
//    bundles import (what scripts/image/prune-node-modules.mjs left must be enough); makes a backup
//    with the command-line tool; stops it and checks it exited 0 on SIGTERM;
// 2. on the embedded PGlite (no DATABASE_URL), e-mail over SMTP (nodemailer, to a server this
//    test runs): ready, a page rendered on the server, a purchase, her e-mail received, SIGTERM.
//
//   node scripts/image/test-image.mjs <postgres-url> [image]
//
// The URL's role must be allowed to create databases; the test's database is dropped at the end.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { createDatabase } from '../../bench/rehearsal/database.mjs';
import { freePort } from '../../bench/rehearsal/processes.mjs';

const [adminUrl, image = 'localhost/semijoias:latest'] = process.argv.slice(2);
if (!adminUrl || !/^postgres(ql)?:\/\//.test(adminUrl)) {
  console.error('usage: node scripts/image/test-image.mjs <postgres-url> [image]');
  process.exit(2);
}

const repoRoot = join(fileURLToPath(import.meta.url), '..', '..', '..');
const name = `semijoias-image-test-${process.pid}-${Date.now().toString(36)}`;
const GUEST_CPF = '529.982.247-25'; // a valid CPF, as the e2e tests' guest uses
const GUEST_EMAIL = 'teste-imagem@exemplo.com.br';
const APPROVED_CARD = '4111 1111 1111 1111';

const log = (message) => console.log(`test-image: ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function podman(args, options = {}) {
  // --runtime runc: crun fails on this machine's cgroups.
  return spawnSync('podman', ['--runtime', 'runc', ...args], { encoding: 'utf8', ...options });
}

/**
 * podman without blocking this process: while a container drains it may still be sending her
 * e-mails to the SMTP server this test runs, which a spawnSync would freeze (the store then could
 * not finish within its shutdown timeout and exited 1: a failure of this test, not of the store).
 */
function podmanAsync(args) {
  return new Promise((resolve) => {
    const child = spawn('podman', ['--runtime', 'runc', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.on('error', (err) => resolve({ status: -1, stdout, stderr: String(err) }));
  });
}

function containerState(container) {
  const r = podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', container]);
  const [status = 'missing', exitCode = ''] = r.stdout.trim().split(' ');
  return { status, exitCode: Number(exitCode) };
}

function containerLogs(container, lines = 40) {
  const r = podman(['logs', '--tail', String(lines), container]);
  return `${r.stdout}${r.stderr}`.trim();
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

let base = '';
/** The containers started, removed at the end (with their volumes). */
const started = [];
/** The one whose log is shown when a check fails. */
let current = '';
/** The fresh database the first container uses (bench/rehearsal/database.mjs), dropped at the end. */
let database;
/** The SMTP server the second container sends to. */
let smtp;

async function call(method, path, body, headers = {}) {
  const res = await fetch(new URL(path, base), {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

async function waitUntilReady(container, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = containerState(container);
    if (status !== 'running') throw new Error(`the container stopped while starting (${status})`);
    const ready = await fetch(new URL('/api/health/ready/', base), {
      signal: AbortSignal.timeout(2000),
    }).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200) return;
    if (Date.now() > deadline) throw new Error(`GET /api/health/ready/ not 200 in ${timeoutMs} ms`);
    await sleep(500);
  }
}

/** The storefront's category page, rendered on the server with the products in its HTML. */
async function checkServerRenderedPage() {
  const list = await call('GET', '/api/listar_aneis/');
  expect(list.status === 200 && Array.isArray(list.json), `/api/listar_aneis/: ${list.status}`);
  expect(list.json.length > 0, 'the catalog has no rings: was SEED_DEMO_CATALOG applied?');
  const page = await call('GET', '/aneis');
  expect(page.status === 200, `GET /aneis answered ${page.status}`);
  expect(/text\/html/.test(page.headers.get('content-type') ?? ''), 'GET /aneis is not HTML');
  // In the markup itself, not only in the data the page carries for hydration.
  const markup = page.text.replace(/<script\b[\s\S]*?<\/script>/g, '');
  const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const shown = list.json.filter((p) => markup.includes(escape(p.name)));
  expect(
    shown.length > 0,
    'GET /aneis has no product name in its HTML: not rendered on the server',
  );
  log(`GET /aneis rendered on the server with ${shown.length} product names ("${shown[0].name}")`);
  return list.json;
}

/** A guest's purchase: api/pay, api/pagamento, the sandbox's card form, the order paid. */
async function buyAsGuest(products) {
  // A ring sold without sizes (a sized one would need a size on its line: docs/variations-contract.md).
  const product = products.find((p) => p.estoque > 0 && !p.tem_variacoes);
  expect(product, 'no ring in stock to buy');
  const key = randomBytes(12).toString('hex');

  const pay = await call(
    'POST',
    '/api/pay/',
    { produtos: [{ produto: { id: product.id }, quantidade: 1 }], cep: '01310-100' },
    { 'idempotency-key': `image-test-pay-${key}` },
  );
  expect(pay.status === 201, `POST /api/pay/ answered ${pay.status}: ${pay.text.slice(0, 200)}`);
  const { reference, chave, total } = pay.json;
  const orderPath = `/api/orders/${reference}/?chave=${encodeURIComponent(chave)}`;

  const checkout = await call(
    'POST',
    '/api/pagamento/',
    {
      reference,
      chave,
      logged: false,
      shippingInfo: {
        cep: '01310-100',
        street: 'Avenida Paulista',
        number: '1000',
        complement: '',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        phone: '(11) 98765-4321',
        cpf: GUEST_CPF,
        fullName: 'Teste da Imagem',
        email: GUEST_EMAIL,
      },
      totais: { total },
    },
    { 'idempotency-key': `image-test-pagamento-${key}` },
  );
  expect(
    checkout.status === 200 && typeof checkout.json?.payment_url === 'string',
    `POST /api/pagamento/ answered ${checkout.status}: ${checkout.text.slice(0, 200)}`,
  );

  // The hosted page (an absolute URL on PUBLIC_URL): its card form, prefilled, posted back.
  const hosted = await call('GET', checkout.json.payment_url);
  expect(hosted.status === 200, `the sandbox page answered ${hosted.status}`);
  const form = hosted.text.match(
    /<form method="post" action="([^"]*\/card)"[^>]*>([\s\S]*?)<\/form>/,
  );
  expect(form, 'the sandbox page has no card form');
  const fields = new URLSearchParams();
  for (const [, field, value] of form[2].matchAll(/<input name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields.set(field, value);
  }
  fields.set('card_number', APPROVED_CARD);
  const submitted = await fetch(new URL(form[1], checkout.json.payment_url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const back = submitted.headers.get('location') ?? '';
  expect(
    submitted.status === 303 && back.includes(`/pedido/${reference}`),
    `the card form answered ${submitted.status} to ${back || 'nowhere'}, not the order's page`,
  );

  const order = await call('GET', orderPath);
  expect(order.status === 200, `GET /api/orders/${reference}/ answered ${order.status}`);
  expect(
    order.json.status === 'Pedido Pago',
    `order ${reference} reads '${order.json.status}', not 'Pedido Pago'`,
  );
  log(`order ${reference} (${product.name}, R$ ${total}) paid by card: 'Pedido Pago'`);
  return reference;
}

/** Polls until check() gives something, or fails saying what it waited for. */
async function waitFor(what, timeoutMs, check) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} in ${timeoutMs} ms`);
    await sleep(500);
  }
}

/** Her e-mail about the order, written by the files outbox (SMTP_URL unset) under DATA_DIR. */
async function checkOutboxEmail(container, reference) {
  const file = await waitFor(`e-mail to ${GUEST_EMAIL} in DATA_DIR/outbox`, 30_000, () => {
    const r = podman([
      'exec',
      container,
      'sh',
      '-c',
      `grep -l -F '${GUEST_EMAIL}' "$DATA_DIR"/outbox/*.json 2>/dev/null | head -n 1`,
    ]);
    return r.stdout.trim();
  });
  log(`her e-mail about order ${reference} written to ${file}`);
}

/**
 * A product's picture as the 1200×630 JPEG link previewers show: an SVG with text (the carousel
 * picture) through sharp's libvips and librsvg, with the fonts the image installs.
 */
async function checkSharePicture(products) {
  const svg = products
    .map((p) => p.image_carrossel)
    .find((i) => /^\/media\/.+\.svg$/.test(i ?? ''));
  expect(svg, 'no product has an SVG carousel picture');
  const path = `/media/compartilhar/${svg.slice('/media/'.length, -'.svg'.length)}.jpg`;
  const res = await fetch(new URL(path, base), { signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await res.arrayBuffer());
  expect(res.status === 200, `GET ${path} answered ${res.status}`);
  // The JPEG's start-of-frame marker (baseline or progressive) carries its height and width.
  const sof = [...body.entries()].findIndex(
    ([i, b]) => b === 0xff && (body[i + 1] === 0xc0 || body[i + 1] === 0xc2),
  );
  expect(body[0] === 0xff && body[1] === 0xd8 && sof > 0, `GET ${path} is not a JPEG`);
  const [height, width] = [body.readUInt16BE(sof + 5), body.readUInt16BE(sof + 7)];
  expect(width === 1200 && height === 630, `GET ${path} is ${width}×${height}, not 1200×630`);
  log(`GET ${path}: a ${width}×${height} JPEG of ${body.length} bytes, drawn by sharp`);
}

/**
 * Every package the server's bundles import (apps/api/dist/**.js: the store, the backup and
 * restore tools) loads in the image: nothing it needs was left out of node_modules.
 */
function checkPackagesLoad(container) {
  const script = String.raw`
    import { readdirSync, readFileSync } from 'node:fs';
    import { isBuiltin } from 'node:module';
    import { join } from 'node:path';
    const names = new Set();
    for (const file of readdirSync('apps/api/dist', { recursive: true })) {
      if (!file.endsWith('.js')) continue;
      const code = readFileSync(join('apps/api/dist', file), 'utf8');
      // esbuild's import statements (at a line's start) and import() calls of a literal.
      const found = code.matchAll(
        /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm,
      );
      for (const match of found) {
        const name = match[1] ?? match[2] ?? match[3];
        if (!name.startsWith('.') && !isBuiltin(name)) names.add(name);
      }
    }
    const failed = [];
    for (const name of [...names].sort()) await import(name).catch((err) => failed.push(name + ': ' + err.message));
    console.log(JSON.stringify({ loaded: names.size - failed.length, failed }));`;
  const r = podman(['exec', container, 'node', '--input-type=module', '-e', script]);
  expect(r.status === 0, `loading the packages failed: ${r.stderr.trim()}`);
  const { loaded, failed } = JSON.parse(r.stdout.trim().split('\n').pop());
  expect(failed.length === 0, `packages the server imports do not load: ${failed.join('; ')}`);
  expect(loaded >= 15, `only ${loaded} packages found in the server's bundles`);
  log(`the ${loaded} packages the server's bundles import all load`);
}

/** The command-line backup (tar-stream, the database's dump) of a running PostgreSQL store. */
function checkBackup(container) {
  const r = podman(['exec', container, 'node', 'apps/api/dist/cli/backup.js']);
  expect(
    r.status === 0 && /Backup feito/.test(r.stdout),
    `node apps/api/dist/cli/backup.js failed (${r.status}): ${r.stdout}${r.stderr}`,
  );
  log(r.stdout.trim().split('\n')[0]);
}

/** podman stop sends SIGTERM; the server drains and must exit 0 well before the SIGKILL. */
async function stopStore(container) {
  const stopping = Date.now();
  const stop = await podmanAsync(['stop', '--time', '30', container]);
  expect(stop.status === 0, `podman stop failed: ${stop.stderr.trim()}`);
  const { status, exitCode } = containerState(container);
  expect(status === 'exited' && exitCode === 0, `on SIGTERM it ended ${status} ${exitCode}`);
  log(`stopped by SIGTERM in ${Date.now() - stopping} ms, exit code 0`);
}

async function startStore(container, env) {
  const run = podman([
    'run',
    '--detach',
    '--name',
    container,
    '--network',
    'host',
    ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    image,
  ]);
  expect(run.status === 0, `podman run failed: ${run.stderr.trim()}`);
  started.push(container);
  current = container;
  base = env.PUBLIC_URL;
  const startedAt = Date.now();
  await waitUntilReady(container, 90_000);
  log(`${container}: ready on ${base} in ${Date.now() - startedAt} ms`);
}

/** An SMTP server on a free port that keeps what it receives (no TLS, no authentication). */
async function startSmtp() {
  const port = await freePort();
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function main() {
  const jwtSecret = () => randomBytes(36).toString('base64url');
  const common = { HOST: '127.0.0.1', PAYMENT_PROVIDER: 'sandbox', SEED_DEMO_CATALOG: 'true' };

  // 1. PostgreSQL, e-mail to the files outbox.
  database = await createDatabase(repoRoot, adminUrl);
  let port = await freePort();
  const pg = `${name}-pg`;
  await startStore(pg, {
    ...common,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    JWT_SECRET: jwtSecret(),
  });

  // Who runs it, and whether the data volume is theirs to write.
  const probe = podman([
    'exec',
    pg,
    'sh',
    '-c',
    'id -u && touch "$DATA_DIR/.probe" && rm "$DATA_DIR/.probe" && ! command -v npm',
  ]);
  expect(probe.status === 0, `the data volume is not writable, or npm is in the image`);
  expect(probe.stdout.trim() !== '0', 'the store runs as root');
  log(`runs as uid ${probe.stdout.trim()}, DATA_DIR writable, no npm in the image`);

  const health = podman(['healthcheck', 'run', pg]);
  expect(health.status === 0, `the image's HEALTHCHECK failed: ${health.stdout}${health.stderr}`);
  log('HEALTHCHECK passes');

  checkPackagesLoad(pg);
  let products = await checkServerRenderedPage();
  await checkSharePicture(products);
  let reference = await buyAsGuest(products);
  await checkOutboxEmail(pg, reference);
  checkBackup(pg);
  await stopStore(pg);

  // 2. The embedded PGlite in the data volume, e-mail over SMTP.
  smtp = await startSmtp();
  port = await freePort();
  const embedded = `${name}-pglite`;
  await startStore(embedded, {
    ...common,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: jwtSecret(),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  });
  const pglite = podman(['exec', embedded, 'sh', '-c', 'test -f "$DATA_DIR/pglite/PG_VERSION"']);
  expect(pglite.status === 0, `${embedded} has no PGlite database in DATA_DIR/pglite`);
  log('the embedded PGlite database is in DATA_DIR/pglite');
  products = await checkServerRenderedPage();
  reference = await buyAsGuest(products);
  const mail = await waitFor(`e-mail to ${GUEST_EMAIL} over SMTP`, 30_000, () =>
    smtp.received.find((m) => m.to.includes(GUEST_EMAIL)),
  );
  log(`her e-mail about order ${reference} received over SMTP (${mail.data.length} bytes)`);
  await stopStore(embedded);
}

let cleaning;
/** Once, whoever asks first (the end, a failure, a signal); the others wait for the same. */
function cleanup() {
  cleaning ??= (async () => {
    for (const container of started) podman(['rm', '--force', '--volumes', container]);
    await database?.drop().catch(() => {});
    await smtp?.close();
  })();
  return cleaning;
}

// Interrupted (Ctrl-C, the CI's timeout): still remove the container and the database.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`test-image: FAILED: interrupted by ${signal}`);
    cleanup().finally(() => process.exit(1));
  });
}

try {
  await main();
  await cleanup();
  log('OK');
} catch (err) {
  if (current && !cleaning) {
    console.error(`--- last lines of ${current}'s log ---\n${containerLogs(current)}\n---`);
  }
  await cleanup();
  console.error(`test-image: FAILED: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
