// Makes sure a Chromium exists for the end-to-end tests. Playwright's own browser download does
// not work on our machines, so the tests drive Debian's Chromium (or CHROMIUM_PATH).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isDebian = existsSync('/etc/debian_version');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isDebian && isRoot && !process.env.CHROMIUM_PATH) {
  console.log('Chromium não encontrado: instalando o pacote chromium do Debian...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (existsSync(path)) process.exit(0);
}
console.error(
  `Chromium não encontrado em ${path}: instale-o (Debian/Ubuntu: apt-get install chromium) ou defina CHROMIUM_PATH.`,
);
process.exit(1);
