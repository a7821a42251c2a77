/**
 * The docs point at files that exist. A newcomer follows the paths named in README.md, docs/ and
 * this package's README; one that moved (a module split, a file renamed) sends her nowhere. This
 * reads those pages and checks, in order:
 *
 * - every relative Markdown link (`[text](path)`, anchors aside) resolves from its page;
 * - every path in backticks that starts at the repository's root (`apps/`, `packages/`, `docs/`,
 *   `e2e/`, `scripts/`, `bench/`, `deploy/`, `.ci/`) exists there;
 * - every other path in backticks with a folder and a source file's extension
 *   (`modules/owner-access/guard.ts`, `test/fake-viacep.ts`), or starting with a source folder
 *   (`src/`, `modules/`, `features/`, ...), is the tail of some file or folder of the repository;
 * - every bare source file name in backticks (`sweeper.ts`) exists somewhere.
 *
 * Build outputs (`dist/`, `dist-server/`), placeholders (`<feature>`, `{id}`, `*`, `...`), URLs and
 * URL paths (`/api/...`, `api/token/`) are not paths of the repository and are left alone.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths } from './lib/paths.js';

const ROOT = appPaths().repoRoot;
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  '.git',
  'dist',
  'dist-server',
  'data',
  'test-results',
  'playwright-report',
]);
const ROOTED = /^(apps|packages|docs|e2e|scripts|bench|deploy|\.ci)\//;
const SOURCE_FOLDER = /^(src|modules|integrations|features|lib|test|ui|db|app)\//;
const SOURCE_EXTENSION = /\.(ts|tsx|mjs|js|md|json|sql|sh|yaml|css)$/;
const BARE_SOURCE_FILE = /^[\w.-]+\.(ts|tsx|mjs)$/;
const PATH_LIKE = /^[\w.@-]+(\/[\w.@-]+)*\/?$/;
const BUILD_OUTPUT = /(^|\/)(dist|dist-server)(\/|$)/;

/** The pages whose paths are checked, relative to the repository's root. */
function pages(): string[] {
  const found = ['README.md', 'apps/api/README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir)).sort()) {
      const path = `${dir}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** Every file and folder of the repository (folders end with '/'), outputs and installs aside. */
function repositoryEntries(): string[] {
  const entries: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir)).sort()) {
      if (SKIPPED_FOLDERS.has(name)) continue;
      const path = dir ? `${dir}/${name}` : name;
      if (statSync(join(ROOT, path)).isDirectory()) {
        entries.push(`${path}/`);
        walk(path);
      } else entries.push(path);
    }
  };
  walk('');
  return entries;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

function problemsOf(page: string, entries: readonly string[]): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const problems: string[] = [];
  const endsIn = (tail: string) =>
    entries.some(
      (e) => e === tail || e.endsWith(`/${tail}`) || e === `${tail}/` || e.endsWith(`/${tail}/`),
    );

  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (m[1] ?? '').split('#')[0];
    if (!target || /^[a-z]+:/i.test(target)) continue;
    const absolute = resolve(ROOT, dirname(page), target);
    if (!existsSync(absolute) || relative(ROOT, absolute).startsWith('..'))
      problems.push(`${page}:${lineOf(text, m.index)}: link to a missing ${target}`);
  }

  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const token = (m[1] ?? '').replace(/:\d+$/, '');
    if (!PATH_LIKE.test(token) || token.includes('...') || BUILD_OUTPUT.test(token)) continue;
    const where = `${page}:${lineOf(text, m.index)}`;
    if (ROOTED.test(token)) {
      if (!existsSync(join(ROOT, token))) problems.push(`${where}: no ${token} in the repository`);
    } else if (token.includes('/') && (SOURCE_EXTENSION.test(token) || SOURCE_FOLDER.test(token))) {
      if (!endsIn(token.replace(/\/$/, '')))
        problems.push(`${where}: no file or folder ends in ${token}`);
    } else if (BARE_SOURCE_FILE.test(token)) {
      if (!endsIn(token)) problems.push(`${where}: no file named ${token}`);
    }
  }
  return problems;
}

describe('paths named in the docs', () => {
  const entries = repositoryEntries();

  it('the walk sees the repository', () => {
    expect(entries).toEqual(
      expect.arrayContaining(['README.md', 'apps/api/src/config.ts', 'docs/']),
    );
  });

  it.each(pages())('%s names only paths that exist', (page) => {
    expect(problemsOf(page, entries)).toEqual([]);
  });
});
