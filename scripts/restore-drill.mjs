// The restore drill, run by .ci/run on the embedded PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL. The built store, real HTTP, the real command-line tools:
//  1. customers sign up and buy (one with the welcome coupon), guests buy, an owner (with her
//     second factor) uploads a picture; a backup is made through the back office WHILE checkouts
//     run, and downloaded;
//  2. the store stops; `backup.js` makes a second backup of the quiet store, and every table is
//     read (the truth to compare with);
//  3. the database and the pictures are destroyed;
//  4. `restore.js` refuses a damaged copy; restores the backup taken during the checkouts into the
//     empty database (its stock adds up to its ledger, its sales to their order lines); refuses to
//     overwrite it without --force; restores the quiet backup with --force;
//  5. every table is compared with the truth, row for row; the store starts on it: a customer
//     logs in with her password, the picture is served, the owner enters with a recovery code.
// Usage: npm run build && node scripts/restore-drill.mjs [--side-by-side | --only pglite|postgres]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  cleanup,
  freePort,
  killAllNow,
  sleep,
  storeInstance,
  tempDir,
} from '../bench/rehearsal/processes.mjs';
import {
  check as checkThat,
  client,
  expectStatus,
  ownerWithSecondFactor,
  PASSWORD,
  verifiedAccount,
} from './lib/store-http.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiRequire = createRequire(join(repoRoot, 'apps/api/package.json'));
const OWNER = 'dona@ensaio.test';
process.on('exit', killAllNow);

if (!existsSync(join(repoRoot, 'apps/api/dist/cli/restore.js'))) {
  console.error('restore-drill: run `npm run build` first');
  process.exit(2);
}

const check = (condition, what) => checkThat(condition, `restore-drill: ${what}`);

// ------------------------------------------------------------------ the database, either kind

async function openTarget(kind, dataDir) {
  if (kind === 'pglite') {
    const { PGlite } = await import(pathToFileURL(apiRequire.resolve('@electric-sql/pglite')).href);
    // The extensions the store's migrations create (apps/api/src/db/client.ts, PGLITE_EXTENSIONS).
    const { pg_trgm } = await import(
      pathToFileURL(apiRequire.resolve('@electric-sql/pglite/contrib/pg_trgm')).href
    );
    const { unaccent } = await import(
      pathToFileURL(apiRequire.resolve('@electric-sql/pglite/contrib/unaccent')).href
    );
    return {
      env: {},
      /** Opens the database (the store stopped), runs `use(query)`, closes it. */
      async session(use) {
        const db = new PGlite(join(dataDir, 'pglite'), { extensions: { pg_trgm, unaccent } });
        try {
          return await use(async (text) => (await db.query(text)).rows);
        } finally {
          await db.close();
        }
      },
      destroy: () => rmSync(join(dataDir, 'pglite'), { recursive: true, force: true }),
      drop: async () => {},
    };
  }
  // A database of its own on the server; every read is one short connection, so that none is
  // open while restore.js looks for other sessions.
  const { Client } = apiRequire('pg');
  const name = `semijoias_ensaio_${Date.now()}_${process.pid}`;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const on = async (connectionString, use) => {
    const c = new Client({ connectionString });
    await c.connect();
    try {
      return await use(async (text) => (await c.query(text)).rows);
    } finally {
      await c.end();
    }
  };
  const server = (text) => on(process.env.TEST_DATABASE_URL, (query) => query(text));
  await server(`create database ${name}`);
  return {
    env: { DATABASE_URL: url.toString() },
    session: (use) => on(url.toString(), use),
    async destroy() {
      await server(`drop database ${name} with (force)`);
      await server(`create database ${name}`);
    },
    drop: () => server(`drop database if exists ${name} with (force)`),
  };
}

/** Every table's rows as PostgreSQL writes them, sorted; the instances' claims left out. */
async function everyTable(target) {
  return target.session(async (query) => {
    const tables = await query(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    const out = {};
    for (const { name } of tables) {
      if (name === 'job_claims') continue;
      out[name] = (await query(`select to_jsonb(t)::text as r from "${name}" t order by 1`)).map(
        (r) => r.r,
      );
    }
    out['(sequências)'] = (
      await query(
        `select sequencename || '=' || coalesce(last_value::text, '-') as r from pg_sequences where schemaname = 'public' order by 1`,
      )
    ).map((r) => r.r);
    return out;
  });
}

function differences(a, b) {
  const out = [];
  for (const table of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = JSON.stringify(a[table] ?? null);
    const y = JSON.stringify(b[table] ?? null);
    if (x !== y)
      out.push(
        `${table}: ${a[table]?.length ?? '-'} linhas antes, ${b[table]?.length ?? '-'} depois`,
      );
  }
  return out;
}

// ------------------------------------------------------------------ the drill

function runTool(tool, args, env) {
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'apps/api/dist/cli', `${tool}.js`), ...args],
    {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    },
  );
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function drill(kind) {
  const started = Date.now();
  const phases = [];
  let last = started;
  const phase = (name) => {
    const now = Date.now();
    phases.push(`${name} ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
  const dataDir = tempDir(`semijoias-ensaio-${kind}-`);
  const backupDir = tempDir(`semijoias-ensaio-backups-${kind}-`);
  const target = await openTarget(kind, dataDir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    BACKUP_EVERY_HOURS: '0',
    PUBLIC_URL: origin,
    JWT_SECRET: 'ensaio-de-restauracao-ensaio-de-restauracao',
    ADMIN_EMAILS: OWNER,
    RATE_LIMIT_SCALE: '0',
    ORDER_SWEEP_INTERVAL_SECONDS: '3600',
    ...target.env,
  };
  const store = storeInstance({
    name: `loja-${kind}`,
    repoRoot,
    port,
    env,
    logFile: join(dataDir, 'loja.log'),
  });
  try {
    await store.start();
    const call = client(origin);

    // 1. A shop with history.
    const owner = await ownerWithSecondFactor(call, dataDir, OWNER);
    const sharp = apiRequire('sharp');
    const photo = await sharp({
      create: { width: 900, height: 900, channels: 3, background: '#b88a5a' },
    })
      .png()
      .toBuffer();
    const uploaded = expectStatus(
      await call('PUT', '/api/admin/produtos/2/imagens/image/', {
        token: owner.access,
        body: photo,
        headers: { 'content-type': 'image/png' },
      }),
      200,
      'picture upload',
    );
    const picturePath = uploaded.produto.imagens.image.caminho;
    check(picturePath.includes('enviadas/'), `uploaded picture path ${picturePath}`);
    const customers = [];
    for (let n = 1; n <= 3; n++)
      customers.push(await verifiedAccount(call, dataDir, n, `cliente${n}@ensaio.test`));
    for (const [i, c] of customers.entries()) {
      expectStatus(
        await call('POST', '/api/cart/', {
          token: c.access,
          body: { produto: [3, 4, 6][i], quantidade: 1 }, // pieces sold without sizes
        }),
        200,
        'cart',
      );
      expectStatus(
        await call('POST', '/api/pay/', {
          token: c.access,
          body: { cep: '01310100', cupom: 'BOASVINDAS' },
        }),
        201,
        'a customer’s checkout with the welcome coupon',
      );
    }
    // Guests keep buying while the owner makes a backup in the back office.
    let buying = true;
    let guestOrders = 0;
    const GUEST_PRODUCTS = [2, 6, 15, 16, 20]; // the seed's best-stocked pieces
    const guests = Promise.all(
      Array.from({ length: 3 }, async (_, w) => {
        for (let i = w; (buying && guestOrders < 60) || i < w + 6; i += 3) {
          // Each order is another shopper's browser (its own X-Dispositivo, as the web app
          // sends): one browser may hold only 5 unpaid orders (docs/purchase-limits.md).
          const res = await call('POST', '/api/pay/', {
            body: {
              produtos: [{ id: GUEST_PRODUCTS[i % GUEST_PRODUCTS.length], quantidade: 1 }],
              cep: '01310100',
            },
            headers: { 'x-dispositivo': randomUUID() },
          });
          expectStatus(res, 201, 'a guest’s checkout');
          guestOrders += 1;
        }
      }),
    );
    while (guestOrders < 3) await sleep(10);
    const during = expectStatus(
      await call('POST', '/api/admin/backups/', { token: owner.access }),
      201,
      'backup through the back office',
    );
    buying = false;
    await guests;
    const download = await call('GET', `/api/admin/backups/${during.arquivo}`, {
      token: owner.access,
    });
    expectStatus(download, 200, 'backup download');
    check(download.bytes.length === during.tamanho, 'downloaded size');
    check(download.bytes.equals(readFileSync(join(backupDir, during.arquivo))), 'downloaded bytes');
    const duringFile = join(dataDir, 'durante-as-compras.tar.gz');
    writeFileSync(duringFile, download.bytes);
    const listing = execFileSync('tar', ['-tzf', duringFile], { encoding: 'utf8' }).split('\n');
    check(listing[0] === 'manifest.json', 'manifest.json first in the archive');
    check(
      listing.some((m) => m === `fotos/${picturePath}`),
      'the picture is a member of the archive',
    );

    phase('a shop with history');
    // 2. The store stops; a backup of the quiet store from the shell; the truth.
    const stopped = await store.stop({ killAfterMs: 15_000 });
    check(stopped.code === 0, `store exit ${stopped.code}`);
    const made = runTool('backup', [], env);
    check(made.code === 0, `backup.js: ${made.out}`);
    const quietFile = /Backup feito: (\S+)/.exec(made.out)?.[1];
    check(quietFile && existsSync(quietFile), `backup.js names its file: ${made.out}`);
    const truth = await everyTable(target);
    check(truth.coupon_redemptions.length >= 3, 'coupon uses in the shop');
    check(truth.media_files.length >= 1, 'a picture in the shop');

    phase('stop, backup.js, read');
    // 3. The disaster.
    await target.destroy();
    rmSync(join(dataDir, 'media'), { recursive: true, force: true });

    phase('destroyed');
    // 4. Restores.
    const damaged = join(dataDir, 'danificado.tar.gz');
    const bytes = readFileSync(quietFile);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    writeFileSync(damaged, bytes);
    const refused = runTool('restore', [damaged, '--force'], env);
    check(
      refused.code === 1 && /Recusado/.test(refused.out),
      `a damaged file refused: ${refused.out}`,
    );

    const first = runTool('restore', [duringFile], env);
    check(first.code === 0, `restore of the backup taken during checkouts: ${first.out}`);
    const [[{ n: unbalanced }], [{ n: unmatched }]] = await target.session((query) =>
      Promise.all([
        query(
          `select count(*)::int as n from (select p.id from products p left join stock_movements m on m.product_id = p.id
       group by p.id, p.stock having p.stock <> coalesce(sum(m.delta), 0)) x`,
        ),
        query(
          `select count(*)::int as n from (
         select order_id, product_id, -sum(delta) as n from stock_movements where reason = 'sale' group by 1, 2) s
       full join (select order_id, product_id, sum(quantidade) as n from order_items group by 1, 2) l
       using (order_id, product_id) where s.n is distinct from l.n`,
        ),
      ]),
    );
    check(unbalanced === 0, `${unbalanced} products whose stock is not their ledger`);
    check(unmatched === 0, `${unmatched} sales whose ledger is not their order lines`);

    const overwrite = runTool('restore', [quietFile], env);
    check(
      overwrite.code === 1 && /já tem dados da loja/.test(overwrite.out),
      `a shop not overwritten: ${overwrite.out}`,
    );
    const second = runTool('restore', [quietFile, '--force'], env);
    check(second.code === 0, `restore --force: ${second.out}`);

    phase('restores');
    // 5. Compared, and used.
    const after = await everyTable(target);
    const diff = differences(truth, after);
    check(diff.length === 0, `restored database differs:\n  ${diff.join('\n  ')}`);
    await store.start();
    expectStatus(
      await call('POST', '/api/token/', {
        body: { username: 'cliente2@ensaio.test', password: PASSWORD },
      }),
      200,
      'a customer logs in after the restore',
    );
    const served = await call('GET', `/media/${picturePath}`);
    expectStatus(served, 200, 'the uploaded picture after the restore');
    check(
      createHash('sha256').update(served.bytes).digest('hex') ===
        JSON.parse(truth.media_files[0]).sha256,
      'the picture’s bytes',
    );
    const again = expectStatus(
      await call('POST', '/api/token/', { body: { username: OWNER, password: PASSWORD } }),
      200,
      'the owner’s password',
    );
    const entered = expectStatus(
      await call('POST', '/api/segundo-fator/verificar/', {
        token: again.access,
        body: { codigo: owner.recovery[0] },
      }),
      200,
      'the owner’s recovery code after the restore',
    );
    const list = expectStatus(
      await call('GET', '/api/admin/backups/', { token: entered.access }),
      200,
      'backups list',
    );
    check(list.backups.length >= 2, 'the backups are still listed');
    await store.stop({ killAfterMs: 15_000 });

    phase('compared and used');
    const counts = /(\d+) clientes, (\d+) pedidos, (\d+) produtos, (\d+) fotos/.exec(second.out);
    console.log(
      `restore-drill (${kind}): ok in ${((Date.now() - started) / 1000).toFixed(1)} s — ` +
        `${counts?.[0] ?? '?'}; ${Object.keys(truth).length - 1} tables identical; ` +
        `the copy taken during ${guestOrders} guest checkouts adds up\n  (${phases.join('; ')})`,
    );
  } catch (err) {
    console.error(`restore-drill (${kind}): FAILED. The store's log: ${join(dataDir, 'loja.log')}`);
    try {
      console.error(
        readFileSync(join(dataDir, 'loja.log'), 'utf8').split('\n').slice(-30).join('\n'),
      );
    } catch {
      // no log
    }
    throw err;
  } finally {
    await target.drop().catch(() => {});
  }
}

/**
 * `--side-by-side`: each kind in a process of its own at the same time (the restore tools run
 * synchronously, so one process would take turns), every line of theirs prefixed by its kind.
 */
function sideBySide(kinds) {
  return Promise.all(
    kinds.map(
      (kind) =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--only', kind], {
            env: process.env,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          for (const [stream, out] of [
            [child.stdout, process.stdout],
            [child.stderr, process.stderr],
          ]) {
            createInterface({ input: stream }).on('line', (line) =>
              out.write(`[${kind}] ${line}\n`),
            );
          }
          child.on('exit', (code) => resolve({ kind, code }));
        }),
    ),
  );
}

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const kinds = only ? [only] : process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.TEST_DATABASE_URL && !only)
  console.log('restore-drill: TEST_DATABASE_URL unset, PostgreSQL skipped');

if (args.includes('--side-by-side') && kinds.length > 1) {
  const results = await sideBySide(kinds);
  const failed = results.filter((r) => r.code !== 0).map((r) => r.kind);
  if (failed.length > 0) {
    console.error(`restore-drill: FAILED on ${failed.join(' and ')}`);
    process.exit(1);
  }
  console.log(`restore-drill: ${kinds.join(' and ')} passed side by side`);
} else {
  try {
    for (const kind of kinds) await drill(kind);
    await cleanup();
  } catch (err) {
    console.error(err.message ?? err);
    await cleanup({ keep: true });
    process.exit(1);
  }
}
