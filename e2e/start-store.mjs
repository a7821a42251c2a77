// Starts the built store as `npm start` does (node apps/api/dist/server.js), on a fresh embedded
// database, so each run begins from the same known catalog.
//
//   node e2e/start-store.mjs                   the shared store of the run (playwright.config.ts):
//                                              prepares the data folder once, into
//                                              E2E_TEMPLATE_DIR, then starts on a copy of it
//   node e2e/start-store.mjs --from-template   an extra store (fixtures/test.ts `timedStore`):
//                                              starts on a copy of the folder already prepared
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { E2E_DATA_DIR as dataDir, E2E_TEMPLATE_DIR as templateDir } from './paths.mjs';

const fromTemplate = process.argv.includes('--from-template');
// Postal codes come from a local fake ViaCEP (no internet here), started beside the store.
const VIACEP_PORT = Number(process.env.E2E_VIACEP_PORT ?? 3199);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  VIACEP_URL: `http://127.0.0.1:${VIACEP_PORT}`,
  // No Melhor Envio unless a spec starts its fake (fixtures/carrier-store.ts passes its URL):
  // a closed port otherwise, never the real service.
  MELHORENVIO_API_URL:
    process.env.E2E_MELHORENVIO_URL ?? 'http://127.0.0.1:9/nao-preparado/melhorenvio',
  // Links the store writes (e-mails, the payment provider's return address) must be on the
  // origin the browser uses, or the return page would not see the shopper's stored session.
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? 3100}`,
  // The store's WhatsApp (issue 37): its buttons on every page (whatsapp.spec.ts).
  WHATSAPP_NUMBER: '11974523180',
  // Every test signs up and logs in from one address: keep the abuse limits, far above a run.
  RATE_LIMIT_SCALE: '100',
  // The owners of the back office tests (fixtures/admin.ts signs them up on first use), and the
  // ones of owners-safety.spec.ts, who set their second factor up in the browser (one per
  // project and attempt: a retry needs an owner without it).
  ADMIN_EMAILS: [
    'dona.phone@semijoias.test',
    'dona.desktop@semijoias.test',
    'dona.seguranca.phone.0@semijoias.test',
    'dona.seguranca.desktop.0@semijoias.test',
    'dona.seguranca.phone.1@semijoias.test',
    'dona.seguranca.desktop.1@semijoias.test',
    // The owners of the carriers' store (fixtures/carrier-store.ts).
    'dona.frete.phone@semijoias.test',
    'dona.frete.desktop@semijoias.test',
    // The owners of the timed store who approve reviews (reviews.spec.ts).
    'dona.avaliacoes.phone@semijoias.test',
    'dona.avaliacoes.desktop@semijoias.test',
  ].join(','),
};

if (!fromTemplate) {
  // Migrates and seeds the catalog, adds the extra rings that make a category span two pages
  // and the cart tests' shoppers: once per run, for every store of the run.
  rmSync(templateDir, { recursive: true, force: true });
  execFileSync('npx', ['tsx', 'e2e/fixtures/prepare-database.ts'], {
    env: { ...env, DATA_DIR: templateDir },
    stdio: 'inherit',
  });
} else if (!existsSync(templateDir)) {
  throw new Error(
    `${templateDir} is not prepared: the shared store (playwright.config.ts) does it`,
  );
}

// A known folder, emptied on every start: the tests read the mail outbox from it. Not copied:
// PGlite's lock of the process that prepared it (gone with it) and the secret the preparation
// generated (each store makes its own).
const NOT_COPIED = new Set(['lock.pid', 'jwt-secret']);
rmSync(dataDir, { recursive: true, force: true });
cpSync(templateDir, dataDir, {
  recursive: true,
  filter: (source) => source === templateDir || !NOT_COPIED.has(basename(source)),
});

// One process (not npx's wrapper), so kill() stops it; it also stops by itself if we die.
const viaCep = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/api/test/fake-viacep.ts', '--port', String(VIACEP_PORT)],
  { env, stdio: 'ignore' },
);
const server = spawn(process.execPath, ['apps/api/dist/server.js'], { env, stdio: 'inherit' });
const stop = () => {
  server.kill('SIGTERM');
  viaCep.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  viaCep.kill('SIGTERM');
  process.exit(code ?? 0);
});
