#!/usr/bin/env node
// Takes out of an installed node_modules what `node` never reads when the store runs, and says
// what it took (the Dockerfile runs it on the production dependencies before they are copied
// into the image; docs/image.md has the figures):
//   - TypeScript: types (.d.ts, .d.mts, .d.cts) and sources (.ts, .mts, .cts): Node 20 runs
//     no TypeScript, and the image type-checks nothing;
//   - the dependencies' source maps (.map): only `--enable-source-maps` reads them, and a
//     missing one is skipped silently (the store's own maps, in apps/*/dist, are not here);
//   - Markdown (README, CHANGELOG, docs), licence texts excepted;
//   - a package's own test, docs, example and benchmark folders (at its root only, and only
//     when its package.json points at nothing inside them);
//   - prebuilt native binaries for other systems (prebuilds/<platform>-<arch>/ not this one's).
// Never follows a symbolic link (the workspaces' links point into the app).
//   node scripts/image/prune-node-modules.mjs <node_modules> [--dry-run]
import { lstatSync, readdirSync, readFileSync, rmSync, rmdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const [given, flag] = process.argv.slice(2);
if (!given || (flag !== undefined && flag !== '--dry-run')) {
  console.error('usage: node prune-node-modules.mjs <node_modules> [--dry-run]');
  process.exit(2);
}
const dryRun = flag === '--dry-run';
const root = resolve(given);

const TYPESCRIPT = /\.(d\.)?[mc]?ts$/;
const SOURCE_MAP = /\.map$/;
const MARKDOWN = /\.(md|markdown)$/i;
const LICENCE = /^(licen[cs]e|copying|notice|authors)/i;
const PACKAGE_FOLDERS = new Set([
  'test',
  'tests',
  '__tests__',
  'docs',
  'doc',
  'example',
  'examples',
  'benchmark',
  'benchmarks',
  'bench',
  'coverage',
  '.github',
]);
const HERE = `${process.platform}-${process.arch}`;

/** bytes and files taken, by reason */
const taken = new Map();
let keptBytes = 0;
let keptFiles = 0;

function take(reason, path, bytes, files) {
  const t = taken.get(reason) ?? { bytes: 0, files: 0 };
  t.bytes += bytes;
  t.files += files;
  taken.set(reason, t);
  if (!dryRun) rmSync(path, { recursive: true, force: true });
}

/** Size and file count of a folder (links counted as nothing). */
function weigh(path) {
  const st = lstatSync(path);
  if (!st.isDirectory()) return { bytes: st.isFile() ? st.size : 0, files: 1 };
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(path)) {
    const w = weigh(join(path, name));
    bytes += w.bytes;
    files += w.files;
  }
  return { bytes, files };
}

/** The package.json fields that name files node may load. */
function entryPoints(packageDir) {
  try {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    const { main, module, exports, imports, bin, browser } = pkg;
    return JSON.stringify({ main, module, exports, imports, bin, browser });
  } catch {
    return '';
  }
}

/** A package's root: a folder in node_modules (or in a scope folder of it) with a package.json. */
function isPackageRoot(dir) {
  const isNodeModules = (path) => path === root || basename(path) === 'node_modules';
  const parent = dirname(dir);
  const inNodeModules =
    isNodeModules(parent) || (basename(parent).startsWith('@') && isNodeModules(dirname(parent)));
  if (!inNodeModules || basename(dir).startsWith('@') || basename(dir).startsWith('.'))
    return false;
  try {
    return lstatSync(join(dir, 'package.json')).isFile();
  } catch {
    return false;
  }
}

/** Returns whether the folder is empty once walked (then removed). */
function walk(dir) {
  const packageRoot = isPackageRoot(dir);
  const entries = packageRoot ? entryPoints(dir) : '';
  let left = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) {
      left++;
      continue;
    }
    if (entry.isDirectory()) {
      if (
        packageRoot &&
        PACKAGE_FOLDERS.has(entry.name) &&
        !new RegExp(`["/]${entry.name.replace('.', '\\.')}/`).test(entries)
      ) {
        const w = weigh(path);
        take('tests, docs, examples', path, w.bytes, w.files);
        continue;
      }
      if (basename(dir) === 'prebuilds' && !entry.name.startsWith(HERE)) {
        const w = weigh(path);
        take(`prebuilt binaries for other systems than ${HERE}`, path, w.bytes, w.files);
        continue;
      }
      if (walk(path)) {
        if (!dryRun) rmdirSync(path);
      } else left++;
      continue;
    }
    const { size } = lstatSync(path);
    if (TYPESCRIPT.test(entry.name)) take('TypeScript types and sources', path, size, 1);
    else if (SOURCE_MAP.test(entry.name)) take('source maps', path, size, 1);
    else if (MARKDOWN.test(entry.name) && !LICENCE.test(entry.name))
      take('Markdown', path, size, 1);
    else {
      keptBytes += size;
      keptFiles++;
      left++;
    }
  }
  return left === 0 && !dryRun;
}

walk(root);

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
let takenBytes = 0;
let takenFiles = 0;
console.log(
  `prune-node-modules: ${relative(process.cwd(), root) || '.'}${dryRun ? ' (dry run)' : ''}`,
);
for (const [reason, { bytes, files }] of [...taken].sort((a, b) => b[1].bytes - a[1].bytes)) {
  console.log(`  - ${mb(bytes).padStart(8)} in ${String(files).padStart(5)} files: ${reason}`);
  takenBytes += bytes;
  takenFiles += files;
}
console.log(
  `  taken ${mb(takenBytes)} in ${takenFiles} files; kept ${mb(keptBytes)} in ${keptFiles} files`,
);
