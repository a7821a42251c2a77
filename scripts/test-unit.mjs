// npm run test:unit: every Vitest suite on the embedded PGlite, then, when TEST_DATABASE_URL names
// a PostgreSQL, the API suite once more against that real server (each test file creates and
// drops its own database there).
import { spawnSync } from 'node:child_process';

function vitest(args, env) {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL: postgresUrl, ...withoutPostgres } = process.env;
console.log('\n== unit and API tests on PGlite ==');
vitest([], withoutPostgres);
if (postgresUrl) {
  console.log('\n== API tests on PostgreSQL (TEST_DATABASE_URL) ==');
  vitest(['--project', 'api'], process.env);
}
