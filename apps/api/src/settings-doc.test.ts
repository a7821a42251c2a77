/**
 * docs/settings.md tells the truth about the settings: its table has one row for every setting the
 * server reads, and no row for a setting it does not read.
 *
 * The settings are taken from the code, not from a copy: parseEnv is handed an environment that
 * records every variable read from it, so the list is exactly what config.ts's schema (and
 * anything else in parseEnv) asks the environment for. The documented ones are the first cells of
 * the table under the page's "## The server's settings" heading.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './config.js';
import { appPaths } from './lib/paths.js';

const SETTINGS_DOC = join(appPaths().repoRoot, 'docs', 'settings.md');
const SECTION = "## The server's settings";
const SETTING_NAME = /^[A-Z][A-Z0-9_]*$/;

/** Every environment variable parseEnv reads, in the order it reads them. */
function settingsReadByTheServer(): string[] {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, key) {
      if (typeof key === 'string' && SETTING_NAME.test(key)) read.add(key);
      return undefined;
    },
  });
  parseEnv(env);
  return [...read];
}

/**
 * The settings the page's table documents, one per row: the first cell of each table row of the
 * section, which must be one setting's name in backticks.
 */
function settingsDocumented(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === SECTION);
  if (start < 0) throw new Error(`docs/settings.md has no "${SECTION}" heading`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => /^#{1,2} /.test(l));
  const rows = (end < 0 ? rest : rest.slice(0, end)).filter((l) => l.trim().startsWith('|'));
  const names: string[] = [];
  // The header row and the |---| row come first.
  for (const row of rows.slice(2)) {
    const first = row.split('|')[1]?.trim() ?? '';
    const name = /^`([^`]+)`$/.exec(first)?.[1];
    if (!name || !SETTING_NAME.test(name)) {
      throw new Error(
        `docs/settings.md: a row's first cell must be one setting in backticks: ${row}`,
      );
    }
    names.push(name);
  }
  return names;
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('docs/settings.md', () => {
  const inCode = settingsReadByTheServer();
  const documented = settingsDocumented(readFileSync(SETTINGS_DOC, 'utf8'));

  it('the list from the code is real (the probe sees the schema read the environment)', () => {
    expect(inCode).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'PAYMENT_PROVIDER']));
  });

  it('documents every setting config.ts reads', () => {
    const missing = inCode.filter((name) => !documented.includes(name));
    expect(missing, 'settings read by config.ts without a row in docs/settings.md').toEqual([]);
  });

  it('documents no setting config.ts does not read', () => {
    const stray = documented.filter((name) => !inCode.includes(name));
    expect(stray, 'rows of docs/settings.md for settings config.ts does not read').toEqual([]);
  });

  it('has one row per setting', () => {
    expect(sorted(documented)).toEqual(sorted(new Set(documented)));
  });
});
