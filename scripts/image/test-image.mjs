#!/usr/bin/env node
// Proves the built image is a working store: starts it (runc, host network) against a fresh
// database made from the PostgreSQL URL given, waits for the readiness call, reads a page
// rendered on the server, buys a product as a guest through the sandbox's card page, checks the
// order reads 'Pedido Pago', then stops the container and checks it exited 0 on SIGTERM.
//
//   node scripts/image/test-image.mjs <postgres-url> [image]
//
// The URL's role must be allowed to create databases; the test's database is dropped at the end.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
const APPROVED_CARD = '4111 1111 1111 1111';

const log = (message) => console.log(`test-image: ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function podman(args, options = {}) {
  // --runtime runc: crun fails on this machine's cgroups.
  return spawnSync('podman', ['--runtime', 'runc', ...args], { encoding: 'utf8', ...options });
}

function containerState() {
  const r = podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', name]);
  const [status = 'missing', exitCode = ''] = r.stdout.trim().split(' ');
  return { status, exitCode: Number(exitCode) };
}

function containerLogs(lines = 40) {
  const r = podman(['logs', '--tail', String(lines), name]);
  return `${r.stdout}${r.stderr}`.trim();
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

let base = '';
let started = false;
/** The fresh database the container uses (bench/rehearsal/database.mjs), dropped at the end. */
let database;

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

async function waitUntilReady(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = containerState();
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
        email: 'teste-imagem@exemplo.com.br',
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
}

async function main() {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  database = await createDatabase(repoRoot, adminUrl);

  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    PAYMENT_PROVIDER: 'sandbox',
    SEED_DEMO_CATALOG: 'true',
  };
  const run = podman([
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    image,
  ]);
  expect(run.status === 0, `podman run failed: ${run.stderr.trim()}`);
  started = true;
  const startedAt = Date.now();
  await waitUntilReady(90_000);
  log(`ready on ${base} in ${Date.now() - startedAt} ms`);

  // Who runs it, and whether the data volume is theirs to write.
  const probe = podman([
    'exec',
    name,
    'sh',
    '-c',
    'id -u && touch "$DATA_DIR/.probe" && rm "$DATA_DIR/.probe" && ! command -v npm',
  ]);
  expect(probe.status === 0, `the data volume is not writable, or npm is in the image`);
  expect(probe.stdout.trim() !== '0', 'the store runs as root');
  log(`runs as uid ${probe.stdout.trim()}, DATA_DIR writable, no npm in the image`);

  const health = podman(['healthcheck', 'run', name]);
  expect(health.status === 0, `the image's HEALTHCHECK failed: ${health.stdout}${health.stderr}`);
  log('HEALTHCHECK passes');

  const products = await checkServerRenderedPage();
  await buyAsGuest(products);

  // podman stop sends SIGTERM; the server drains and must exit 0 well before the SIGKILL.
  const stopping = Date.now();
  const stop = podman(['stop', '--time', '30', name]);
  expect(stop.status === 0, `podman stop failed: ${stop.stderr.trim()}`);
  const { status, exitCode } = containerState();
  expect(status === 'exited' && exitCode === 0, `on SIGTERM it ended ${status} ${exitCode}`);
  log(`stopped by SIGTERM in ${Date.now() - stopping} ms, exit code 0`);
}

let cleaning;
/** Once, whoever asks first (the end, a failure, a signal); the others wait for the same. */
function cleanup() {
  cleaning ??= (async () => {
    if (started) podman(['rm', '--force', '--volumes', name]);
    await database?.drop().catch(() => {});
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
  if (started && !cleaning) {
    console.error(`--- last lines of the container's log ---\n${containerLogs()}\n---`);
  }
  await cleanup();
  console.error(`test-image: FAILED: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
