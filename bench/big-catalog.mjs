#!/usr/bin/env node
// A big catalog stays fast (issue 32, item 7): the built store on PostgreSQL with 10,000 products
// (a fifth sold by size), 50,000 customers and 200,000 orders with their lines, measured by ONE
// client, one request after the other:
//
//   npm run bench:big-catalog            (builds, then: node --import tsx bench/big-catalog.mjs)
//
// Storefront: category pages (the API's page and the server-rendered page), search (accented
// words, the same words without accents, two words, what she types letter by letter), product
// detail (API and page), the cart's calls of a logged-in shopper, api/pay for a guest and for her.
// Every catalog sample is taken with the catalog cache emptied first (a NOTIFY on the store's
// channel, as any change of the catalog does): the figures are the database's and the rendering's,
// not the cache's; one row shows a kept answer for comparison. Back office (an owner with her
// second factor): the order list (pages, each status, a period, both, the search by name, e-mail,
// reference and CPF), one order, the customers (pages, search with and without accents, by e-mail
// and CPF), one customer, the Painel. Goals: storefront p99 under 50 ms, back office under 300 ms.
//
// The data is written straight into the database with set-based SQL (big-catalog/fill.mjs), in its
// own database `semijoias_big` on the server named by BIG_CATALOG_DATABASE_URL (else
// BENCH_DATABASE_URL, else TEST_DATABASE_URL); dropped at the end unless --keep.
// Options: --keep (keep the database), --reuse (measure the database a --keep run left, filled
// already: the same shop before and after a change of the code), --samples N (200 per call),
// --back-office-samples N (as many unless given: a slow back office takes long), --label TEXT (names this run's table in RESULTS; the commit by default), --no-write (print only).
// Writes its section of bench/RESULTS-postgresql.md (between the markers below), one table per
// label: a run replaces its own label's table and keeps the others (before / after).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fillDatabase, SIZES } from './big-catalog/fill.mjs';
import { percentile } from './rehearsal/client.mjs';
import {
  cleanup,
  freePort,
  killAllNow,
  sleep,
  startFakeViaCep,
  storeInstance,
  tempDir,
} from './rehearsal/processes.mjs';
import {
  client as httpClient,
  expectStatus,
  secondFactorSetupToken,
  totp,
  verifiedAccount,
} from '../scripts/lib/store-http.mjs';

export const START_MARKER = '<!-- big-catalog:start -->';
export const END_MARKER = '<!-- big-catalog:end -->';
const DATABASE_NAME = 'semijoias_big';
const STOREFRONT_GOAL_MS = 50;
const BACK_OFFICE_GOAL_MS = 300;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// BIG_CATALOG_STORE_ROOT: another checkout whose build (and migrations) is measured instead, on
// the same database: an older release's figures beside this one's.
const storeRoot = process.env.BIG_CATALOG_STORE_ROOT ?? repoRoot;
const apiRequire = createRequire(join(repoRoot, 'apps/api/package.json'));
const { values: opts } = parseArgs({
  options: {
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    samples: { type: 'string', default: '200' },
    'back-office-samples': { type: 'string' },
    label: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
// --only 'Painel,categoria': the calls whose name contains one of these (a quick look at a few
// while changing them); such a run writes nothing.
const ONLY = opts.only ? opts.only.split(',').map((w) => w.trim().toLowerCase()) : null;
if (ONLY) opts['no-write'] = true;
const SAMPLES = Number(opts.samples);
const BACK_OFFICE_SAMPLES = Number(opts['back-office-samples'] ?? opts.samples);
const serverUrl =
  process.env.BIG_CATALOG_DATABASE_URL ??
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error(
    'big-catalog: name a PostgreSQL server (BIG_CATALOG_DATABASE_URL, BENCH_DATABASE_URL or TEST_DATABASE_URL)',
  );
  process.exit(2);
}
if (!existsSync(join(storeRoot, 'apps/api/dist/server.js'))) {
  console.error('big-catalog: build first (npm run build)');
  process.exit(2);
}
process.on('exit', killAllNow);

const { Client } = apiRequire('pg');
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
})();

async function onServer(sql) {
  const c = new Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

const fmt = (n, d = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })
    : '–';

function commitLabel() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps', 'packages'], {
      cwd: repoRoot,
    })
      .toString()
      .trim();
    return dirty ? `${sha} + changes` : sha;
  } catch {
    return 'unknown';
  }
}

/** The bench's own connection to the big database (fill, figures, the cache's NOTIFY). */
let db = null;

async function main() {
  const exists =
    (await onServer(`select 1 from pg_database where datname = '${DATABASE_NAME}'`)).length > 0;
  if (opts.reuse && !exists)
    throw new Error(`--reuse: no database ${DATABASE_NAME} (run once with --keep)`);
  if (!opts.reuse) {
    if (exists) await onServer(`drop database ${DATABASE_NAME} with (force)`);
    await onServer(`create database ${DATABASE_NAME}`);
  }

  const dataDir = tempDir('semijoias-big-');
  const viaCep = await startFakeViaCep(repoRoot);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // A new owner each run (a --reuse run finds the last one's account taken).
  const ownerEmail = `dona-${Date.now()}@grande.test`;
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: origin,
    JWT_SECRET: 'bench-grande-catalogo-bench-grande-catalogo-0123',
    ADMIN_EMAILS: ownerEmail,
    RATE_LIMIT_SCALE: '0',
    PAYMENT_PROVIDER: 'sandbox',
    SEED_DEMO_CATALOG: 'false',
    VIACEP_URL: viaCep.url,
    // Nothing of the sweeper's during the measures (its unpaid orders are hours from due anyway).
    ORDER_SWEEP_INTERVAL_SECONDS: '3600',
    BACKUP_EVERY_HOURS: '0',
    // One client places every order below from one address: the limit of units held unpaid by an
    // address (docs/purchase-limits.md) is for a crowd's, not this run's.
    UNPAID_UNITS_PER_ADDRESS: '1000000',
    // A sale's stock change reaches the catalog cache this long after it (500 ms in production):
    // the rows 'após a venda de outra peça' wait for it before each sample.
    CATALOG_STOCK_DELAY_MS: '20',
  };
  const store = storeInstance({
    name: 'big-catalog',
    repoRoot: storeRoot,
    port,
    env,
    logFile: join(dataDir, 'loja.log'),
  });

  db = new Client({ connectionString: databaseUrl });
  let fill = null;
  if (!opts.reuse) {
    // The store's own migrations make the schema; then the store stops while the data goes in.
    await store.start();
    await store.stop({ killAfterMs: 10_000 });
    await db.connect();
    console.log('big-catalog: filling the database…');
    fill = await fillDatabase(db, SIZES, (line) => console.log(line));
    console.log(`big-catalog: filled in ${fill.seconds.toFixed(1)} s`, fill.counts);
  } else {
    await db.connect();
    // The accounts an earlier run signed up keep their e-mails but give back their CPFs: the
    // sign-ups below use the same ones (scripts/lib/store-http.mjs).
    await db.query(
      `update users set cpf = '9' || lpad(id::text, 10, '0') where email like '%@grande.test'`,
    );
  }
  await store.start();
  const [counts] = (
    await db.query(`select (select count(*) from products)::int as products,
       (select count(*) from products where variation_axis is not null)::int as sized,
       (select count(*) from users)::int as customers,
       (select count(*) from orders)::int as orders,
       (select count(*) from order_items)::int as lines`)
  ).rows;
  const [{ server_version: version }] = (await db.query(`show server_version`)).rows;

  const call = httpClient(origin);
  // The owner with her authenticator set up (as scripts/lib/store-http.mjs does), and the shopper.
  // Access tokens last 15 minutes and the run is longer: each is renewed before each group of
  // calls with its refresh token (rotated), the second factor carried along.
  const ownerPair = await verifiedAccount(call, dataDir, 0, ownerEmail, {
    firstName: 'Ana',
    lastName: 'Dona',
  });
  // A release before issue 33 (BIG_CATALOG_STORE_ROOT) sets it up without the e-mailed link.
  const link = await secondFactorSetupToken(call, dataDir, ownerEmail, ownerPair.access).catch(
    (error) => {
      if (/second factor link: 404/.test(String(error))) return null;
      throw error;
    },
  );
  const setup = expectStatus(
    await call('POST', '/api/segundo-fator/configurar/', {
      token: ownerPair.access,
      ...(link ? { body: { token: link } } : {}),
    }),
    200,
    'second factor setup',
  );
  const owner = expectStatus(
    await call('POST', '/api/segundo-fator/ativar/', {
      token: ownerPair.access,
      body: { codigo: totp(setup.segredo) },
    }),
    200,
    'second factor activation',
  );
  const shopperEmail = `cliente-${Date.now()}@grande.test`;
  const shopper = await verifiedAccount(call, dataDir, 1 + (Date.now() % 80), shopperEmail, {
    firstName: 'Bia',
    lastName: 'Grande',
  });
  const renew = async (pair) => {
    const next = expectStatus(
      await call('POST', '/api/token/refresh/', { body: { refresh: pair.refresh } }),
      200,
      'token refresh',
    );
    pair.access = next.access;
    if (next.refresh) pair.refresh = next.refresh;
  };

  // ------------------------------------------------------------------------ measuring
  const rows = [];
  /** Times `SAMPLES` calls of `make(i)` → {path, init, status?}; `before(i)` runs untimed. */
  async function measure(name, group, make, { before, expect = 200 } = {}) {
    if (ONLY && !ONLY.some((w) => name.toLowerCase().includes(w))) return null;
    const samples = group === 'loja' ? SAMPLES : BACK_OFFICE_SAMPLES;
    await renew(group === 'loja' ? shopper : owner);
    const ms = [];
    // Two calls untimed first: the JIT and the connection pool settle.
    for (let i = 0; i < samples + 2; i++) {
      if (before) await before(i);
      const { path, init = {}, status = expect } = make(i);
      const started = performance.now();
      const res = await fetch(`${origin}${path}`, init);
      const body = await res.arrayBuffer();
      const took = performance.now() - started;
      if (res.status !== status)
        throw new Error(
          `${name}: ${path} answered ${res.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`,
        );
      if (i >= 2) ms.push(took);
    }
    const row = {
      name,
      group,
      n: ms.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
      max: Math.max(...ms),
    };
    rows.push(row);
    console.log(
      `${group === 'loja' ? 'loja  ' : 'painel'} ${name}: p50 ${fmt(row.p50, 1)} p95 ${fmt(row.p95, 1)} p99 ${fmt(row.p99, 1)} ms`,
    );
    return row;
  }
  /** The catalog cache emptied, as a change of the catalog does on every instance. */
  const coldCache = async () => {
    await db.query(`select pg_notify('catalog_changed', 'grande-catalogo')`);
    await sleep(15);
  };
  const json = (method, body, token, headers = {}) => ({
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const get = (path, token) => ({ path, init: json('GET', undefined, token) });
  const pick = (list, i) => list[i % list.length];

  const categories = ['aneis', 'brincos', 'colares', 'pulseiras'];
  const pages = Math.ceil(counts.products / 4 / 36);
  // Spread over the pages, the last one included.
  const pageOf = (i) => (i * 37) % pages;

  // Storefront: catalog (cold cache)
  await measure(
    'categoria, API (api/produtos/{categoria}/?limit=36&offset=…)',
    'loja',
    (i) => get(`/api/produtos/${pick(categories, i)}/?limit=36&offset=${36 * pageOf(i)}`),
    { before: coldCache },
  );
  await measure('categoria, API, resposta guardada (mesma página)', 'loja', () =>
    get(`/api/produtos/aneis/?limit=36&offset=0`),
  );
  await measure(
    'página de categoria renderizada (/{categoria}?pagina=…)',
    'loja',
    (i) => ({
      ...get(`/${pick(categories, i + 1)}?pagina=${1 + pageOf(i + 3)}`),
      init: { headers: { accept: 'text/html' } },
    }),
    { before: coldCache },
  );
  // What a shopper meets during a sale: the page was opened before (kept), then a piece of
  // another category sold (its stock changed, heard after CATALOG_STOCK_DELAY_MS), then she opens
  // it. Only the answers showing the piece sold go; the figure says whether the page survived.
  const slugToName = { aneis: 'Anel', brincos: 'Brinco', colares: 'Colar', pulseiras: 'Pulseira' };
  const firstOf = Object.fromEntries(
    (
      await db.query(
        `select category, min(id)::int as id from products where hidden_at is null group by 1`,
      )
    ).rows.map((r) => [r.category, r.id]),
  );
  const afterSaleElsewhere = (category, path, init) => async () => {
    await fetch(`${origin}${path}`, init).then((r) => r.arrayBuffer());
    const sold = firstOf[slugToName[categories[(categories.indexOf(category) + 1) % 4]]];
    await db.query(`update products set stock = stock + 1 where id = $1`, [sold]);
    await sleep(60);
  };
  const apiPage = (i) => ({
    category: pick(categories, i),
    path: `/api/produtos/${pick(categories, i)}/?limit=36&offset=${36 * pageOf(i)}`,
  });
  await measure(
    'categoria, API, já aberta, após a venda de uma peça de outra categoria',
    'loja',
    (i) => get(apiPage(i).path),
    { before: (i) => afterSaleElsewhere(apiPage(i).category, apiPage(i).path, {})() },
  );
  const htmlPage = (i) => ({
    category: pick(categories, i + 1),
    path: `/${pick(categories, i + 1)}?pagina=${1 + pageOf(i + 3)}`,
  });
  const html = { headers: { accept: 'text/html' } };
  await measure(
    'página de categoria renderizada, já aberta, após a venda de uma peça de outra categoria',
    'loja',
    (i) => ({ ...get(htmlPage(i).path), init: html }),
    { before: (i) => afterSaleElsewhere(htmlPage(i).category, htmlPage(i).path, html)() },
  );
  // Sorted and filtered (issue 34 item 2): a few pages of each, the filters the pages offer.
  const platings = ['dourado', 'prateado', 'rodio-negro', 'rose', 'prata-925'];
  const sorts = ['menor-preco', 'maior-preco', 'novidades', 'mais-vendidos'];
  await measure(
    'categoria filtrada, API (banho + preço, cada ordem, páginas 1-3)',
    'loja',
    (i) =>
      get(
        `/api/produtos/${pick(categories, i)}/?limit=36&offset=${36 * (i % 3)}&ordem=${pick(sorts, i + 1)}&banho=${pick(platings, i + 2)}&preco_min=50&preco_max=150`,
      ),
    { before: coldCache },
  );
  await measure(
    'categoria por tamanho em estoque, API (tamanho=16 / 45 cm, novidades)',
    'loja',
    (i) => {
      const category = pick(categories, i);
      const size = category === 'aneis' ? '16' : '45 cm';
      return get(
        `/api/produtos/${category}/?limit=36&ordem=novidades&tamanho=${encodeURIComponent(size)}`,
      );
    },
    { before: coldCache },
  );
  await measure(
    'filtros de uma categoria (api/produtos/{categoria}/filtros/)',
    'loja',
    (i) => get(`/api/produtos/${pick(categories, i)}/filtros/`),
    { before: coldCache },
  );
  await measure(
    'página de categoria filtrada renderizada (/{categoria}?ordem=…&banho=…)',
    'loja',
    (i) => ({
      ...get(`/${pick(categories, i)}?ordem=${pick(sorts, i)}&banho=${pick(platings, i + 1)}`),
      init: { headers: { accept: 'text/html' } },
    }),
    { before: coldCache },
  );
  await measure(
    "busca filtrada, API ('anel', 'coração'… + banho, maior preço)",
    'loja',
    (i) =>
      get(
        `/api/busca/?q=${encodeURIComponent(pick(['anel', 'coração', 'argola', 'colar', 'estrela'], i))}&ordem=maior-preco&banho=${pick(platings, i)}`,
      ),
    { before: coldCache },
  );
  await measure(
    "filtros de uma busca (api/busca/filtros/?q=… 'anel', 'coração', 'colr'…)",
    'loja',
    (i) =>
      get(
        `/api/busca/filtros/?q=${encodeURIComponent(pick(['anel', 'coração', 'argola', 'colr', 'estrela'], i))}`,
      ),
    { before: coldCache },
  );
  const search = (words) => (i) =>
    get(`/api/buscar/produtos/?search=${encodeURIComponent(pick(words, i))}`);
  await measure(
    'busca, uma palavra (anel, argola, choker, estrela…)',
    'loja',
    search([
      'anel',
      'argola',
      'choker',
      'estrela',
      'trevo',
      'borboleta',
      'bracelete',
      'gargantilha',
      'cravejado',
      'medalha',
      'infinito',
      'concha',
    ]),
    { before: coldCache },
  );
  await measure(
    "busca com acento ('coração', 'pérola', 'zircônia', 'ródio', 'anéis'…)",
    'loja',
    search([
      'coração',
      'pérola',
      'zircônia',
      'ródio',
      'anéis',
      'árvore',
      'rosé',
      'Coração Dourado',
    ]),
    { before: coldCache },
  );
  await measure(
    "busca sem acento ('coracao', 'perola', 'zirconia', 'rodio', 'aneis'…)",
    'loja',
    search([
      'coracao',
      'perola',
      'zirconia',
      'rodio',
      'aneis',
      'arvore',
      'rose',
      'coracao dourado',
    ]),
    { before: coldCache },
  );
  await measure(
    "busca enquanto digita ('c', 'co', 'cor', 'cora', 'coraç'…)",
    'loja',
    search(['c', 'co', 'cor', 'cora', 'coraç', 'p', 'pe', 'per', 'pero', 'a', 'an', 'ane']),
    { before: coldCache },
  );
  await measure(
    "busca sem resultado ('xyzw', 'anel safira')",
    'loja',
    search(['xyzw', 'anel safira', 'brinco relógio', 'qwerty']),
    { before: coldCache },
  );
  const productId = (i) => 1 + ((i * 7919) % counts.products);
  await measure(
    'detalhe (api/produtos/detalhes/{id}/)',
    'loja',
    (i) => get(`/api/produtos/detalhes/${productId(i)}/`),
    { before: coldCache },
  );
  await measure(
    'página do produto renderizada (/produto/{id})',
    'loja',
    (i) => ({
      ...get(`/produto/${productId(i + 500)}`),
      init: { headers: { accept: 'text/html' } },
    }),
    { before: coldCache },
  );

  // Storefront: her cart (logged in), three lines of pieces sold without sizes.
  const plain = (
    await db.query(
      `select id from products where variation_axis is null and stock >= 50 and hidden_at is null
       order by id limit 400`,
    )
  ).rows.map((r) => r.id);
  // Her three pieces have stock for every order she places below.
  await db.query(`update products set stock = 100000 where id = any($1::int[])`, [
    plain.slice(0, 3),
  ]);
  await call('DELETE', '/api/cart/clear/', { token: shopper.access });
  for (const id of plain.slice(0, 3))
    expectStatus(
      await call('POST', '/api/cart/add/', { token: shopper.access, body: { product_id: id } }),
      200,
      'add',
    );
  await measure('carrinho (GET api/cart/, 3 linhas)', 'loja', () =>
    get('/api/cart/', shopper.access),
  );
  await measure('contagem (GET api/cart/count/)', 'loja', () =>
    get('/api/cart/count/', shopper.access),
  );
  await measure('quantidade (PUT api/cart/update/, +1 / −1)', 'loja', (i) => ({
    path: '/api/cart/update/',
    init: json('PUT', { productId: plain[0], quantity: i % 2 === 0 ? 1 : -1 }, shopper.access),
  }));
  await measure(
    'adicionar (POST api/cart/add/)',
    'loja',
    (i) => ({
      path: '/api/cart/add/',
      init: json('POST', { product_id: plain[3 + (i % 300)] }, shopper.access),
    }),
    {
      // The line added last time goes, untimed: her cart stays at three lines.
      before: async (i) => {
        if (i > 0)
          await call('DELETE', `/api/cart/item/${plain[3 + ((i - 1) % 300)]}/`, {
            token: shopper.access,
          });
      },
    },
  );
  await call('DELETE', `/api/cart/item/${plain[3 + ((SAMPLES + 1) % 300)]}/`, {
    token: shopper.access,
  });
  await measure('frete (POST api/calcular-frete/, carrinho do servidor)', 'loja', () => ({
    path: '/api/calcular-frete/',
    init: json(
      'POST',
      { cep_destino: '01310100', valor_total: '0', quantidade_itens: 1 },
      shopper.access,
    ),
  }));
  const run = Date.now();
  // Each guest order from a browser of its own (X-Dispositivo), as 200 shoppers would be: one
  // browser may hold only a few unpaid orders (docs/purchase-limits.md).
  await measure('pedido da visitante (POST api/pay/, 1 linha)', 'loja', (i) => ({
    path: '/api/pay/',
    init: json(
      'POST',
      { produtos: [{ id: plain[50 + (i % 350)], quantidade: 1 }], cep: '01310100' },
      undefined,
      { 'x-dispositivo': `grande-visitante-${run}-${i}` },
    ),
    status: 201,
  }));
  const shopperId = (await db.query(`select id from users where email = $1`, [shopperEmail]))
    .rows[0].id;
  await measure(
    'pedido logada (POST api/pay/, carrinho de 3 linhas)',
    'loja',
    (i) => ({
      path: '/api/pay/',
      init: json('POST', { cep: '01310100' }, shopper.access, {
        'idempotency-key': `grande-${run}-${i}`,
      }),
      status: 201,
    }),
    {
      // Her earlier orders lapse, untimed, as if their deadline had passed: she may hold only a
      // few unpaid orders and units of a piece (docs/purchase-limits.md).
      before: () =>
        db.query(
          `update orders set status = 'cancelled', cancelled_at = now(), cancel_reason = 'expired'
            where user_id = $1 and status in ('awaiting_payment', 'payment_failed')`,
          [shopperId],
        ),
    },
  );

  // Back office
  const statuses = [
    'awaiting_payment',
    'paid',
    'payment_failed',
    'in_progress',
    'cancelled',
    'refund_due',
    'shipped',
    'delivered',
  ];
  const monthStart = (i) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - (i % 24));
    return d;
  };
  const day = (d) => d.toISOString().slice(0, 10);
  const period = (i) => {
    const from = monthStart(i);
    const to = new Date(from);
    to.setUTCMonth(to.getUTCMonth() + 1);
    to.setUTCDate(0);
    return `de=${day(from)}&ate=${day(to)}`;
  };
  const someOrders = (
    await db.query(
      `select o.reference, o.cpf, o.email, o.user_id from orders o
       where o.id % 997 = 0 order by o.id limit 200`,
    )
  ).rows;
  const maskCpf = (c) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
  const admin = (path) => get(`/api/admin/${path}`, owner.access);
  await measure('Painel (api/admin/painel/)', 'painel', () => admin('painel/'));
  await measure('pedidos, página 1 (api/admin/pedidos/)', 'painel', () => admin('pedidos/'));
  await measure('pedidos, páginas 2 a 200', 'painel', (i) =>
    admin(`pedidos/?pagina=${2 + ((i * 37) % 199)}`),
  );
  await measure('pedidos por status (cada um)', 'painel', (i) =>
    admin(`pedidos/?status=${pick(statuses, i)}`),
  );
  await measure('pedidos por status, página 2 a 20', 'painel', (i) =>
    admin(`pedidos/?status=${pick(statuses, i)}&pagina=${2 + (i % 19)}`),
  );
  await measure('pedidos de um mês (de, ate)', 'painel', (i) => admin(`pedidos/?${period(i)}`));
  await measure('pedidos de um mês com status', 'painel', (i) =>
    admin(`pedidos/?${period(i)}&status=${pick(['delivered', 'cancelled', 'shipped'], i)}`),
  );
  const orderSearch = (terms) => (i) =>
    admin(`pedidos/?busca=${encodeURIComponent(pick(terms, i))}`);
  await measure(
    "pedidos, busca por nome ('maria', 'conceição', 'Gonçalves'…)",
    'painel',
    orderSearch(['maria', 'conceição', 'Gonçalves', 'ana silva', 'Débora', 'brandão', 'letícia']),
  );
  await measure(
    "pedidos, busca por e-mail ('silva12', '@hotmail', 'convidada77'…)",
    'painel',
    orderSearch(['silva12', '@hotmail', 'convidada77', 'maria.santos', 'yahoo.com.br', 'lima4']),
  );
  await measure(
    'pedidos, busca por referência (#1234…)',
    'painel',
    orderSearch(someOrders.map((o) => `#${o.reference}`)),
  );
  await measure(
    'pedidos, busca por CPF (com máscara)',
    'painel',
    orderSearch(someOrders.map((o) => maskCpf(o.cpf))),
  );
  await measure("pedidos, busca + status + mês ('maria', entregues)", 'painel', (i) =>
    admin(`pedidos/?busca=maria&status=delivered&${period(i)}`),
  );
  await measure('um pedido (api/admin/pedidos/{ref}/)', 'painel', (i) =>
    admin(`pedidos/${pick(someOrders, i).reference}/`),
  );
  await measure('clientes, página 1 (api/admin/clientes/)', 'painel', () => admin('clientes/'));
  await measure('clientes, páginas 2 a 200', 'painel', (i) =>
    admin(`clientes/?pagina=${2 + ((i * 37) % 199)}`),
  );
  const customerSearch = (terms) => (i) =>
    admin(`clientes/?busca=${encodeURIComponent(pick(terms, i))}`);
  await measure(
    "clientes, busca com acento ('Conceição', 'Mônica Simões'…)",
    'painel',
    customerSearch(['Conceição', 'Mônica Simões', 'Gonçalves', 'Lúcia', 'Ângela Araújo', 'Inês']),
  );
  await measure(
    "clientes, busca sem acento ('conceicao', 'monica simoes'…)",
    'painel',
    customerSearch(['conceicao', 'monica simoes', 'goncalves', 'lucia', 'angela araujo', 'ines']),
  );
  await measure(
    "clientes, busca por e-mail ('hotmail', 'maria.silva1'…)",
    'painel',
    customerSearch(['hotmail', 'maria.silva1', 'uol.com', 'ana.lima', 'outlook']),
  );
  await measure(
    'clientes, busca por CPF (dígitos)',
    'painel',
    customerSearch(someOrders.filter((o) => o.user_id).map((o) => o.cpf.slice(0, 7))),
  );
  await measure('uma cliente (api/admin/clientes/{id}/)', 'painel', (i) =>
    admin(`clientes/${1 + ((i * 7919) % 50_000)}/`),
  );
  return { rows, counts, version, fill };
}

function report({ rows, counts, version, fill }, label) {
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const goal = (r) => (r.group === 'loja' ? STOREFRONT_GOAL_MS : BACK_OFFICE_GOAL_MS);
  const line = (r) =>
    `| ${r.name} | ${r.n} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${fmt(r.p99, 1)}${r.p99 > goal(r) ? ' ✗' : ''} | ${fmt(r.max, 1)} |`;
  const header =
    '| call | samples | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|';
  return [
    `### ${label}`,
    '',
    `Run on ${new Date().toISOString().slice(0, 10)}: ${machine}; PostgreSQL ${version}; ${fmt(counts.products)} products (${fmt(counts.sized)} sold by size), ${fmt(counts.customers)} accounts, ${fmt(counts.orders)} orders, ${fmt(counts.lines)} order lines${fill ? ` (filled in ${fill.seconds.toFixed(0)} s)` : ''}. One client, one request at a time.`,
    '',
    `Storefront (goal: p99 under ${STOREFRONT_GOAL_MS} ms; catalog calls with the catalog cache emptied before each one unless said):`,
    '',
    header,
    ...rows.filter((r) => r.group === 'loja').map(line),
    '',
    `Back office, an owner logged in with her second factor (goal: p99 under ${BACK_OFFICE_GOAL_MS} ms):`,
    '',
    header,
    ...rows.filter((r) => r.group === 'painel').map(line),
    '',
  ].join('\n');
}

/** This run's table in the section of RESULTS-postgresql.md, other labels' tables kept. */
function writeResults(table, label) {
  const file = new URL('./RESULTS-postgresql.md', import.meta.url);
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const from = previous.indexOf(START_MARKER);
  const to = previous.indexOf(END_MARKER);
  const intro = [
    '## A big catalog (`npm run bench:big-catalog`)',
    '',
    'bench/big-catalog.mjs: the built store on PostgreSQL, filled with set-based SQL; what each table measures is in [bench/README.md](README.md).',
    '',
  ].join('\n');
  let tables = [];
  if (from >= 0 && to > from) {
    const body = previous.slice(from + START_MARKER.length, to);
    tables = body
      .split(/^(?=### )/m)
      .filter((t) => t.startsWith('### '))
      .map((t) => t.trimEnd());
  }
  const heading = `### ${label}`;
  const at = tables.findIndex((t) => t.split('\n')[0] === heading);
  if (at >= 0) tables[at] = table.trimEnd();
  else tables.push(table.trimEnd());
  const section = `${START_MARKER}\n${intro}\n${tables.join('\n\n')}\n${END_MARKER}`;
  const next =
    from >= 0 && to > from
      ? `${previous.slice(0, from)}${section}${previous.slice(to + END_MARKER.length)}`
      : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

try {
  const result = await main();
  const label = opts.label ?? commitLabel();
  const table = report(result, label);
  console.log(`\n${table}`);
  if (!opts['no-write']) writeResults(table, label);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await db?.end().catch(() => {});
  await cleanup();
  if (!opts.keep) await onServer(`drop database if exists ${DATABASE_NAME} with (force)`);
}
