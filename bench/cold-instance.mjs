#!/usr/bin/env node
// What a just-started instance costs: one built store on its own PostgreSQL database, its start,
// then a launch-day drop's shoppers a tenth at a time (each batch 10 who pay and 90 told 'não tem
// estoque suficiente', ten at a time, straight to the instance), and the instance's CPU time for
// each batch, read from /proc. The first batches pay for V8 compiling the checkout; the last ones
// are the warm cost. A restart in a drop pays both (bench/RESULTS.md, eighth pass).
//
//   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres node bench/cold-instance.mjs
//
// Options: --batches N (10: the drop's 1,000 shoppers), --starts N (3: the start alone, measured
// N times before the batches).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { encodeRequest } from './rehearsal/client.mjs';
import { createDatabase, prepareSaleProduct } from './rehearsal/database.mjs';
import { startMailSink } from './rehearsal/mail-sink.mjs';
import {
  cleanup,
  freePort,
  sleep,
  startFakeViaCep,
  storeInstance,
  tempDir,
} from './rehearsal/processes.mjs';
import { runShoppers } from './rehearsal/sale.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    batches: { type: 'string', default: '10' },
    starts: { type: 'string', default: '3' },
  },
});
const serverUrl = process.env.REHEARSAL_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('cold-instance: set TEST_DATABASE_URL to a PostgreSQL server URL');
  process.exit(2);
}
if (!existsSync(join(repoRoot, 'apps/api/dist/server.js'))) {
  console.error('cold-instance: apps/api/dist/server.js does not exist: npm run build');
  process.exit(2);
}

/** A process's user + system CPU time in ms (USER_HZ 100). */
function cpuMs(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The rehearsal's shopper client, in plain HTTP straight to the instance (no proxy, no TLS). */
function directClient(port) {
  return {
    async request(_route, method, path, { headers = {}, body, form } = {}) {
      const { headers: sent, payload } = encodeRequest({ body, form });
      const started = Date.now();
      try {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method,
          headers: { ...sent, ...headers },
          body: payload,
          redirect: 'manual',
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        const answerHeaders = Object.fromEntries(res.headers);
        return { status: res.status, headers: answerHeaders, text, ms: Date.now() - started };
      } catch (error) {
        return { status: 0, error: error.message, headers: {}, text: '', ms: Date.now() - started };
      }
    },
  };
}

const db = await createDatabase(repoRoot, serverUrl);
const sink = await startMailSink(repoRoot);
const viaCep = await startFakeViaCep(repoRoot);
try {
  const port = await freePort();
  const instance = storeInstance({
    name: 'instância',
    repoRoot,
    port,
    logFile: join(tempDir('semijoias-cold-'), 'store.log'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      PAYMENT_PROVIDER: 'sandbox',
      SEED_DEMO_CATALOG: 'true',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: 'true',
      // Every shopper comes from 127.0.0.1 and the batches are quick: limits out of the way.
      RATE_LIMIT_SCALE: '1000',
      SMTP_URL: sink.url,
      MAIL_FROM: 'Duas Irmãs Semijoias <nao-responda@ensaio.exemplo.com.br>',
      STORE_EMAIL: 'donas@ensaio.exemplo.com.br',
      VIACEP_URL: viaCep.url,
      LOG_LEVEL: 'info',
      DATA_DIR: tempDir('semijoias-cold-data-'),
    },
  });

  // The start: the first one migrates and seeds the database, so it is not counted.
  await instance.start();
  await instance.stop({ killAfterMs: 15_000 });
  const starts = [];
  for (let i = 0; i < Number(opts.starts); i++) {
    const began = Date.now();
    await instance.start();
    starts.push({ cpu: cpuMs(instance.pid), wall: Date.now() - began });
    if (i < Number(opts.starts) - 1) await instance.stop({ killAfterMs: 15_000 });
  }
  for (const [i, s] of starts.entries()) {
    console.log(`start ${i + 1}: ready in ${s.wall} ms, ${s.cpu} ms of CPU`);
  }

  const buyable = await prepareSaleProduct(db, 1_000_000);
  const soldOut = await prepareSaleProduct(db, 0, { nth: 2 });
  await sleep(1500); // the instance hears both stock changes
  const origin = `http://127.0.0.1:${port}`;
  const client = directClient(port);
  let next = 1;
  const shoppers = (product, count) => {
    const ctx = { client, product, thinkMs: 0, origin, active: 0 };
    const run = runShoppers(ctx, count, { firstNumber: next });
    next += count;
    return run;
  };

  console.log('batch  CPU ms  wall ms  (10 who pay, 90 told sold out; ten at a time)');
  const batches = [];
  for (let b = 1; b <= Number(opts.batches); b++) {
    const before = cpuMs(instance.pid);
    const began = Date.now();
    for (let round = 0; round < 10; round++) {
      const outcomes = await Promise.all([shoppers(buyable, 1), shoppers(soldOut, 9)]);
      for (const s of outcomes.flat()) {
        if (s.outcome !== 'pago' && s.outcome !== 'sem estoque') {
          throw new Error(`a shopper ended with '${s.outcome}'`);
        }
      }
    }
    // Its e-mails go out within the batch's own time; a moment for the last ones.
    await sleep(300);
    const cpu = cpuMs(instance.pid) - before;
    batches.push(cpu);
    console.log(
      `${String(b).padStart(5)}  ${String(cpu).padStart(6)}  ${String(Date.now() - began).padStart(7)}`,
    );
  }
  // The warm cost: the last three batches'. What the batches cost above it is the cold excess.
  const warm = batches.slice(-3).reduce((a, b) => a + b, 0) / Math.min(3, batches.length);
  const total = batches.reduce((a, b) => a + b, 0);
  // Three warm batches after at least three cold ones: fewer say nothing of either.
  if (batches.length >= 6) {
    console.log(
      `all batches ${total} ms of CPU; at the warm cost (${Math.round(warm)} ms a batch) ${Math.round(warm * batches.length)} ms; cold excess ${Math.round(total - warm * batches.length)} ms`,
    );
  }
  await instance.stop({ killAfterMs: 15_000 });
} finally {
  await cleanup({});
  await sink.close().catch(() => {});
  await db.drop();
}
process.exit(0);
