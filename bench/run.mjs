// npm run bench: load-tests the built store with autocannon, then runs Lighthouse on its pages
// (bench/lighthouse.mjs). Each catalog call is measured right after a trivial baseline route of
// the same server (GET /api/health/), so the ratio says what the call itself costs on this
// machine, whatever the machine.
import autocannon from 'autocannon';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import {
  benchLighthouse,
  findLighthouseSection,
  lighthouseSection,
  withLighthouseSection,
} from './lighthouse.mjs';
import { startStore } from './store.mjs';

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
  // The cart's calls, as a logged-in shopper with three lines (see prepareShopper).
  { name: 'carrinho (GET api/cart/, 3 linhas)', path: '/api/cart/', auth: true },
  {
    name: 'quantidade (PUT api/cart/update/, delta)',
    path: '/api/cart/update/',
    method: 'PUT',
    body: { productId: 2, quantity: 1 },
    auth: true,
  },
  {
    name: 'frete (POST api/calcular-frete/, visitante)',
    path: '/api/calcular-frete/',
    method: 'POST',
    body: { cep_destino: '69005010', valor_total: '259.70', quantidade_itens: 3 },
  },
  {
    name: 'frete logado (POST api/calcular-frete/, carrinho do servidor)',
    path: '/api/calcular-frete/',
    method: 'POST',
    body: { cep_destino: '69005010', valor_total: '0', quantidade_itens: 1 },
    auth: true,
  },
  {
    name: 'CEP em cache (POST api/validar-cep/)',
    path: '/api/validar-cep/',
    method: 'POST',
    body: { cep: '01310100' },
  },
];
const baseline = { name: 'baseline (api/health/)', path: '/api/health/' };
// BENCH_ONLY=checkout measures the checkout section alone (printed, RESULTS files untouched);
// BENCH_ONLY=lighthouse runs Lighthouse alone and replaces that section of the RESULTS file;
// BENCH_ONLY=load skips Lighthouse and keeps the section the file has.
const only = process.env.BENCH_ONLY;
// BENCH_CALLS=text measures only the calls whose name contains it, then stops (printed only).
const onlyCalls = process.env.BENCH_CALLS;
const onlyCheckout = only === 'checkout';
const runLoad = only !== 'lighthouse';
const runLighthouse = only === undefined || only === 'lighthouse';

// BENCH_DATABASE_URL (a PostgreSQL database the bench may fill with the seed) measures the
// production set-up; without it the embedded PGlite default is measured.
const databaseUrl = process.env.BENCH_DATABASE_URL;
const backend = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
const store = await startStore({ port: PORT, databaseUrl });
const dataDir = store.dataDir;

let accessToken = '';

/** A verified shopper with three lines in her cart, made through the real calls and the outbox. */
async function prepareShopper() {
  const post = (path, body, token) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const email = 'bench@exemplo.com.br';
  const password = 'Semijoia2024';
  const signUp = await post('/api/users/', {
    firstName: 'Bia',
    lastName: 'Bench',
    email,
    password,
    phone: '11987654321',
    cpf: '529.982.247-25',
    birthdate: '1990-01-01',
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const message = await outboxMessageTo(email);
  const token = new URL(message.links.find((l) => l.includes('verificar-email'))).searchParams.get(
    'token',
  );
  await post('/api/verify_email/', { token });
  const login = await (await post('/api/token/', { username: email, password })).json();
  accessToken = login.access;
  for (const id of [1, 2, 20]) await post('/api/cart/add/', { product_id: id }, accessToken);
  await post('/api/validar-cep/', { cep: '01310100' });
}

/** The e-mail to `email` in the store's outbox, once the mail worker has delivered it. */
async function outboxMessageTo(email) {
  const outbox = join(dataDir, 'outbox');
  for (let i = 0; i < 150; i++) {
    const message = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.endsWith('.json'))
          .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')))
          .find((m) => m.to.includes(email))
      : undefined;
    if (message) return message;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${email} in ${outbox}`);
}

function request(target) {
  return {
    method: target.method ?? 'GET',
    headers: {
      ...(target.body ? { 'content-type': 'application/json' } : {}),
      ...(target.auth ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: target.body ? JSON.stringify(target.body) : undefined,
  };
}

function run(target) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${target.path}`,
        connections: CONNECTIONS,
        duration: DURATION,
        ...request(target),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function measure(target) {
  const check = await fetch(`${base}${target.path}`, request(target));
  if (!check.ok) throw new Error(`${target.path} answered ${check.status}`);
  await run(target); // warm-up: JIT and the database cache settle before the measured pass
  const r = await run(target);
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${target.path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { name: target.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

// ----------------------------------------------------------------------- Checkout
// api/pay and api/pagamento create orders and take stock, so they are not hammered by
// autocannon (the catalog's stock would run out in a second and every later call be a 409):
// one logged-in shopper checks out CHECKOUT_SAMPLES times in a row, each api/pay followed by
// its api/pagamento (which asks the sandbox provider for its hosted checkout), timed one by one,
// beside the same number of sequential baseline calls.
const CHECKOUT_SAMPLES = Number(process.env.BENCH_CHECKOUT_SAMPLES ?? 150);
const SHIPPING_INFO = {
  cep: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: '',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  fullName: 'Bia Bench',
  email: 'bench@exemplo.com.br',
};

async function timed(path, init) {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, init);
  const body = await res.json().catch(() => null);
  return { status: res.status, body, ms: performance.now() - start };
}

function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The sandbox's hosted page, its card form sent with the approved card (as a shopper would). */
async function payOnSandboxPage(paymentUrl) {
  const page = await fetch(new URL(new URL(paymentUrl).pathname, base));
  const action = /<form method="post" action="([^"]+\/card)"/.exec(await page.text())?.[1];
  if (!page.ok || !action) throw new Error(`sandbox page answered ${page.status}`);
  const form = new URLSearchParams({
    card_number: '4111 1111 1111 1111',
    holder: 'CLIENTE TESTE',
    expiry: '12/30',
    cvv: '123',
  });
  const paid = await fetch(new URL(action, base), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`sandbox card form answered ${paid.status}`);
}

async function measureCheckout() {
  const json = (method, body, extra = {}) => ({
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...extra,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // Her cart holds one unit of one product; when its stock runs out the next product takes over
  // (pieces sold without sizes, in the catalog's order: a piece sold by size needs one chosen).
  await fetch(`${base}/api/cart/clear/`, json('DELETE'));
  const plainIds = ((await (await fetch(`${base}/api/listar_produtos/`)).json()) ?? [])
    .filter((p) => !p.tem_variacoes && p.estoque > 0)
    .map((p) => p.id);
  let productId = plainIds.shift();
  await fetch(`${base}/api/cart/add/`, json('POST', { product_id: productId }));
  const pay = [];
  const pagamento = [];
  const health = [];
  for (let i = 0; pay.length < CHECKOUT_SAMPLES; i++) {
    health.push((await timed(baseline.path)).ms);
    const key = `bench-${process.pid}-${i}`;
    const order = await timed(
      '/api/pay/',
      json('POST', { cep: '01310100' }, { 'idempotency-key': key }),
    );
    if (order.status === 409) {
      await fetch(`${base}/api/cart/item/${productId}/`, json('DELETE'));
      productId = plainIds.shift();
      const added = await fetch(`${base}/api/cart/add/`, json('POST', { product_id: productId }));
      if (!added.ok) throw new Error(`no stock left for the checkout bench (product ${productId})`);
      continue;
    }
    if (order.status !== 201) throw new Error(`api/pay answered ${order.status}`);
    pay.push(order.ms);
    const paid = await timed(
      '/api/pagamento/',
      json(
        'POST',
        {
          reference: order.body.reference,
          logged: true,
          shippingInfo: SHIPPING_INFO,
          totais: { total: order.body.total },
        },
        { 'idempotency-key': `${key}-pg` },
      ),
    );
    if (paid.status !== 200) throw new Error(`api/pagamento answered ${paid.status}`);
    pagamento.push(paid.ms);
    // Then she pays on the sandbox's page (not timed): a shopper holds only a few unpaid orders
    // at once (docs/purchase-limits.md), and 150 left unpaid would be a hoard.
    await payOnSandboxPage(paid.body.payment_url);
  }
  const row = (name, samples) => ({
    name,
    n: samples.length,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
  });
  return [
    row('baseline (api/health/), em sequência', health),
    row('pedido (POST api/pay/, carrinho do servidor, 1 linha)', pay),
    row('pagamento (POST api/pagamento/, sandbox)', pagamento),
  ];
}

const rows = [];
let checkoutRows = [];
let lighthousePages = [];
try {
  if (runLoad) {
    await prepareShopper();
    const chosen = onlyCalls ? targets.filter((t) => t.name.includes(onlyCalls)) : targets;
    for (const target of onlyCheckout ? [] : chosen) {
      const b = await measure(baseline);
      const t = await measure(target);
      rows.push({ ...t, baselineRps: b.rps, ratio: t.rps / b.rps });
      if (onlyCalls)
        console.log(
          t.name,
          Math.round(t.rps),
          'req/s; baseline',
          Math.round(b.rps),
          '; ratio',
          (t.rps / b.rps).toFixed(2),
        );
    }
    if (onlyCalls) {
      await store.stop();
      process.exit(0);
    }
    checkoutRows = await measureCheckout();
  }
  // After the load tests: the checkout above takes the stock of products 1 to 7 only, and the
  // product page Lighthouse opens is another one.
  if (runLighthouse) lighthousePages = await benchLighthouse(base);
} finally {
  await store.stop();
}

const fmt = (n, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const header = `| call | req/s | p50 ms | p99 ms | baseline req/s | ratio to baseline |\n|---|---:|---:|---:|---:|---:|`;
const lines = rows.map(
  (r) =>
    `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.baselineRps)} | ${fmt(r.ratio, 2)} |`,
);
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const loadReport = [
  `# Benchmark results`,
  '',
  `Run on ${new Date().toISOString().slice(0, 10)}: ${machine}; autocannon, ${CONNECTIONS} connections, ${DURATION} s per call after a ${DURATION} s warm-up, ${backend} database with the seeded catalog.`,
  '',
  header,
  ...lines,
  '',
  `## Checkout`,
  '',
  `One logged-in shopper, one call at a time (each order takes stock, so these are not load tests): api/pay then api/pagamento for the order, ${CHECKOUT_SAMPLES} times, each pair after one baseline call.`,
  '',
  `| call | samples | p50 ms | p99 ms |\n|---|---:|---:|---:|`,
  ...checkoutRows.map((r) => `| ${r.name} | ${r.n} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} |`),
  '',
].join('\n');
const resultsFile = new URL(
  databaseUrl ? './RESULTS-postgresql.md' : './RESULTS.md',
  import.meta.url,
);
const previous = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8')
  : '# Benchmark results\n';
// Each part replaces its own section of the file; a part that did not run keeps the one there.
const kept = runLighthouse
  ? lighthouseSection(lighthousePages, { backend })
  : findLighthouseSection(previous);
let report = runLoad ? loadReport : previous;
if (kept) report = withLighthouseSection(report, kept);
// Every other section of the file is its own and kept as it is, in its order: the rehearsals'
// (bench/rehearsal.mjs), the backups' (bench/backup.mjs, run after this), the big catalog's
// (bench/big-catalog.mjs, RESULTS-postgresql.md) and the analyses written by hand, each between
// its `<!-- name:start -->` and `<!-- name:end -->` markers. (A fixed list of them dropped the
// ones written since.)
const SECTION = /<!-- ([^>]+?):start -->[\s\S]*?<!-- \1:end -->/g;
for (const [section, name] of previous.matchAll(SECTION)) {
  if (!report.includes(`<!-- ${name}:start -->`)) report = `${report.trimEnd()}\n\n${section}\n`;
}
console.log(report);
if (!onlyCheckout) writeFileSync(resultsFile, report);
