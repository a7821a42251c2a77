// npm run backup / npm run restore: the store's command-line tools. From a checkout with its
// development tools installed they run from the TypeScript source (always the code you have);
// where only the built store is (the image: node apps/api/dist/cli/<tool>.js directly) from the
// build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [tool, ...args] = process.argv.slice(2);
if (!['backup', 'restore'].includes(tool ?? '')) {
  console.error('Uso: node scripts/store-cli.mjs backup|restore [argumentos]');
  process.exit(2);
}

// Resolved here, from the repository: the tool runs in the caller's folder (INIT_CWD), where
// `--import tsx` would not be found.
let tsx = null;
try {
  tsx = import.meta.resolve('tsx');
} catch {
  tsx = null;
}
const source = join(root, 'apps/api/src/cli', `${tool}.ts`);
const built = join(root, 'apps/api/dist/cli', `${tool}.js`);
const command = tsx ? ['--import', tsx, source, ...args] : [built, ...args];
if (!tsx && !existsSync(built)) {
  console.error('A loja não foi construída: rode `npm run build` antes.');
  process.exit(2);
}
// The tools resolve paths given to them (the backup file) from where npm was called.
const result = spawnSync(process.execPath, command, {
  stdio: 'inherit',
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
process.exit(result.status ?? 1);
