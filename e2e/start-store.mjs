// Starts the built store as `npm start` does (node apps/api/dist/server.js), on a fresh embedded
// database prepared by the e2e fixture, so each run begins from the same known catalog.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'semijoias-e2e-'));
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' };

// Migrates and seeds the catalog, then adds the extra rings that make a category span two pages.
execFileSync('npx', ['tsx', 'e2e/fixtures/prepare-database.ts'], { env, stdio: 'inherit' });

const server = spawn(process.execPath, ['apps/api/dist/server.js'], { env, stdio: 'inherit' });
const stop = () => {
  server.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
