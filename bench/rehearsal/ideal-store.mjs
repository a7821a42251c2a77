#!/usr/bin/env node
// The "ideal store" of `node bench/rehearsal.mjs --ideal-store`: a stand-in for a store instance
// that answers every call of the rehearsal from memory, with the store's own answers captured
// just before the sale (pages and catalog calls compressed once, as the store keeps them). It
// costs about what a bare Node HTTP server costs, plus IDEAL_COST_MS of CPU per request and
// IDEAL_START_MS at its start, spent on the event loop as a store's own work would be. What the
// rehearsal measures through it is the machine (load generator, Caddy, the restarts' choreography)
// with a store of a chosen cost: the budget a real store has to stay within for the goals.
//
// Settings (environment, given by the rehearsal): PORT, HOST, PUBLIC_URL, DATA_DIR,
// IDEAL_ANSWERS (the captured answers, JSON), IDEAL_STOCK (the units this instance sells; what is
// left is kept in DATA_DIR across a restart), IDEAL_COST_MS, IDEAL_START_MS.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync } from 'node:zlib';

const STOCK_TEXT = 'não tem estoque suficiente';
const costMs = Number(process.env.IDEAL_COST_MS ?? 0);
const stockFile = join(process.env.DATA_DIR, 'ideal-stock');

/** CPU on the event loop, as a store's own work would take it. */
function spend(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

spend(Number(process.env.IDEAL_START_MS ?? 0));

/** path -> {type, raw, br}: the captured answers, compressed once. */
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.IDEAL_ANSWERS, 'utf8'))).map(
    ([key, { type, body }]) => {
      const raw = Buffer.from(body, 'base64');
      return [key, { type, raw, br: brotliCompressSync(raw) }];
    },
  ),
);
let stock = existsSync(stockFile)
  ? Number(readFileSync(stockFile, 'utf8'))
  : Number(process.env.IDEAL_STOCK ?? 0);
let draining = false;

function send(req, res, status, answer, headers = {}) {
  const all = { 'content-type': answer.type, 'x-request-id': randomUUID(), ...headers };
  if (answer.br && /\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
    res.writeHead(status, { ...all, 'content-encoding': 'br' });
    res.end(answer.br);
  } else {
    res.writeHead(status, all);
    res.end(answer.raw);
  }
}

const json = (value) => ({
  type: 'application/json; charset=utf-8',
  raw: Buffer.from(JSON.stringify(value)),
});
const html = (text) => ({ type: 'text/html; charset=utf-8', raw: Buffer.from(text) });

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The rehearsal's calls (bench/rehearsal/sale.mjs), answered as the store answers them. */
async function answer(req, res) {
  const { pathname, search } = new URL(req.url, 'http://ideal');
  if (pathname === '/api/health/ready/') {
    return send(req, res, draining ? 503 : 200, json({ status: draining ? 'encerrando' : 'ok' }), {
      'cache-control': 'no-store',
    });
  }
  if (req.method === 'GET') {
    // Pages and catalog calls: the captured answer of this path (a product's page or detail of
    // any id, an order's page: the captured product page).
    const kept =
      answers.get(pathname + search) ??
      answers.get(pathname) ??
      (pathname.startsWith('/produto/') || pathname.startsWith('/pedido/')
        ? answers.get('page:product')
        : undefined);
    if (kept) return send(req, res, 200, kept);
    let match;
    if ((match = /^\/sandbox\/checkout\/([^/]+)$/.exec(pathname))) {
      return send(
        req,
        res,
        200,
        html(
          `<!doctype html><html lang="pt-BR"><body><form method="post" action="/sandbox/checkout/${match[1]}/card"><button>Pagar</button></form></body></html>`,
        ),
      );
    }
    if (pathname.startsWith('/api/orders/'))
      return send(req, res, 200, json({ status: 'Pedido Pago' }));
    return send(req, res, 404, json({ error: 'não encontrado' }));
  }
  const body = await readBody(req);
  if (pathname === '/api/calcular-frete/') return send(req, res, 200, answers.get('post:frete'));
  if (pathname === '/api/validar-cep/') return send(req, res, 200, answers.get('post:cep'));
  if (pathname === '/api/pay/') {
    if (stock <= 0) {
      return send(req, res, 409, json({ error: `O produto ${STOCK_TEXT}.` }));
    }
    stock -= 1;
    const { subtotal } = JSON.parse(body);
    const reference = randomUUID().slice(0, 8).toUpperCase();
    return send(
      req,
      res,
      201,
      json({ reference, chave: randomUUID(), total: (Number(subtotal) + 12.9).toFixed(2) }),
    );
  }
  if (pathname === '/api/pagamento/') {
    const { reference } = JSON.parse(body);
    return send(
      req,
      res,
      200,
      json({ payment_url: `${process.env.PUBLIC_URL}/sandbox/checkout/${reference}` }),
    );
  }
  const card = /^\/sandbox\/checkout\/([^/]+)\/card$/.exec(pathname);
  if (card) return send(req, res, 303, html(''), { location: `/pedido/${card[1]}` });
  return send(req, res, 404, json({ error: 'não encontrado' }));
}

const server = http.createServer((req, res) => {
  spend(costMs);
  answer(req, res).catch(() => {
    if (!res.headersSent) send(req, res, 500, json({ error: 'erro' }));
  });
});
server.keepAliveTimeout = 65_000;

// SIGTERM: the store's drain in short (modules/health/lifecycle.ts): not ready at once, the
// proxy's next check (1 s) sees it, then the listener closes and the process ends once the
// requests in flight are answered.
process.on('SIGTERM', () => {
  draining = true;
  setTimeout(() => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 1000).unref();
  }, 1500);
});

// What is left is this instance's again after a restart (the requests of the drain included).
process.on('exit', () => writeFileSync(stockFile, String(stock)));

server.listen(Number(process.env.PORT), process.env.HOST);
