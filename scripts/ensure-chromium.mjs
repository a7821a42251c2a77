// Makes sure a Chromium exists for the end-to-end tests. Playwright's own browser download does
// not work on our machines, so the tests drive Debian's Chromium headless shell (or CHROMIUM_PATH):
// the same engine as its chromium package, lighter to run. A machine with only the whole browser
// (package chromium) uses it; e2e/playwright.config.ts chooses the same way.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chosen = process.env.CHROMIUM_PATH;
if (chosen ? existsSync(chosen) : existsSync(HEADLESS_SHELL) || existsSync('/usr/bin/chromium'))
  process.exit(0);

const isDebian = existsSync('/etc/debian_version');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isDebian && isRoot && !chosen) {
  console.log('Chromium não encontrado: instalando o pacote chromium-headless-shell do Debian...');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell',
    { stdio: 'inherit' },
  );
  if (existsSync(HEADLESS_SHELL)) process.exit(0);
}
console.error(
  `Chromium não encontrado em ${chosen ?? HEADLESS_SHELL}: instale-o (Debian: apt-get install chromium-headless-shell) ou defina CHROMIUM_PATH.`,
);
process.exit(1);
