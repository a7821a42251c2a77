// Runs npm scripts side by side and fails when any of them fails: `npm test` type-checks, runs
// ESLint, and checks Prettier and the import boundaries at once (three lanes for two cores: the
// type check is done in about 20 s, and the lint in two lanes took 58 s against 66 s in one). Each
// script's output is printed whole when it ends, so they never interleave.
//
//   node scripts/side-by-side.mjs typecheck lint:code lint:layout
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/side-by-side.mjs <npm script>...');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const chunks = [];
        const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk) => chunks.push(chunk));
        child.stderr.on('data', (chunk) => chunks.push(chunk));
        child.on('error', (err) => chunks.push(Buffer.from(`${err.stack ?? err}\n`)));
        child.on('close', (code, signal) => {
          process.stdout.write(Buffer.concat(chunks));
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          const outcome = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`;
          console.log(`npm run ${name}: ${outcome} after ${seconds} s`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
