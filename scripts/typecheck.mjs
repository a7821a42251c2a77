// Type-checks every workspace (`npm run typecheck`) with TypeScript 7, the native compiler, installed
// under the alias `typescript-native`: the same checks as TypeScript 5.9's tsc in a quarter of the
// time (about 10 s against 40 s for the four projects on a 2-core machine). TypeScript 5.9 stays the
// `typescript` package: typescript-eslint reads the code through its API, which 7 does not offer.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PROJECTS = ['packages/domain', 'apps/api', 'apps/web', 'e2e'];
const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript-native/bin/tsc', import.meta.url));

let failed = false;
for (const project of PROJECTS) {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`typecheck: ${project} FAILED`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
