// Compresses the built web app once, at build time, so the server never compresses a static
// file per request: next to every text file over 1 KB it writes `file.br` (brotli, quality 11)
// and `file.gz` (gzip, level 9), which @fastify/static serves with `preCompressed: true` to a
// browser that accepts them. A compressed copy that would not be smaller is not written.
//
//   node apps/web/scripts/precompress.mjs [folder]     (default: apps/web/dist)
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
const MIN_BYTES = 1024;

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `path + suffix` when `compressed` is smaller, else removes a stale one. */
async function keepIfSmaller(path, suffix, compressed, size) {
  if (compressed.length < size) {
    await writeFile(path + suffix, compressed);
    return compressed.length;
  }
  await unlink(path + suffix).catch(() => {});
  return size;
}

async function precompress(path) {
  const source = await readFile(path);
  const [br, gz] = await Promise.all([
    brotliAsync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    path,
    size: source.length,
    br: await keepIfSmaller(path, '.br', br, source.length),
    gz: await keepIfSmaller(path, '.gz', gz, source.length),
  };
}

const start = performance.now();
const todo = [];
for await (const path of filesUnder(root)) {
  if (!TEXT_EXTENSIONS.has(extname(path).toLowerCase())) continue;
  if ((await stat(path)).size <= MIN_BYTES) continue;
  todo.push(path);
}

// zlib runs on libuv's thread pool: a few files at a time keep every core busy.
const results = [];
const workers = Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
  for (let path = todo.shift(); path !== undefined; path = todo.shift()) {
    results.push(await precompress(path));
  }
});
await Promise.all(workers);

const sum = (key) => results.reduce((acc, r) => acc + r[key], 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const r of results.sort((a, b) => b.size - a.size)) {
  console.log(
    `  ${relative(root, r.path).padEnd(48)} ${kb(r.size).padStart(10)}  br ${kb(r.br).padStart(9)}  gz ${kb(r.gz).padStart(9)}`,
  );
}
console.log(
  `precompress: ${results.length} files in ${relative(process.cwd(), root) || '.'}, ` +
    `${kb(sum('size'))} -> br ${kb(sum('br'))}, gz ${kb(sum('gz'))} ` +
    `(${Math.round(performance.now() - start)} ms)`,
);
