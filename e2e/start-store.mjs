// Starts the built store as `npm start` does (node apps/api/dist/server.js), on a fresh embedded
// database prepared by the e2e fixture, so each run begins from the same known catalog.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { E2E_DATA_DIR as dataDir } from './paths.mjs';

// A known folder, emptied on every start: the tests read the mail outbox from it.
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// Postal codes come from a local fake ViaCEP (no internet here), started beside the store.
const VIACEP_PORT = Number(process.env.E2E_VIACEP_PORT ?? 3199);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  VIACEP_URL: `http://127.0.0.1:${VIACEP_PORT}`,
  // Links the store writes (e-mails, the payment provider's return address) must be on the
  // origin the browser uses, or the return page would not see the shopper's stored session.
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? 3100}`,
  // The forgotten-cart e-mail (issue 24) after one minute, so marketing-consent.spec.ts reads a
  // real one (only customers who agreed get it; the other specs' customers never agree).
  CART_REMINDER_MINUTES: '1',
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
  ].join(','),
};

// Migrates and seeds the catalog, then adds the extra rings that make a category span two pages.
execFileSync('npx', ['tsx', 'e2e/fixtures/prepare-database.ts'], { env, stdio: 'inherit' });

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
