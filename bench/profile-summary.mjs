#!/usr/bin/env node
// Reads V8 CPU profiles (node --cpu-prof, e.g. from the rehearsal with
// REHEARSAL_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR') and prints where the time went, busy
// samples only (idle and the program's own waiting left out):
//   - by package (node_modules/<name>, node: internals, the store's own api and web code),
//   - the top functions by self time,
//   - the top functions by total time (self + what they called), store code only.
//
//   node bench/profile-summary.mjs DIR_OR_FILES... [--top N] [--markdown]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '15' },
    markdown: { type: 'boolean', default: false },
  },
});
const TOP = Number(opts.top);
const files = positionals.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(p, f))
    : [p],
);
if (files.length === 0) {
  console.error('profile-summary: no .cpuprofile given');
  process.exit(1);
}

const NOT_WORK = new Set(['(idle)', '(program)', '(garbage collector)']);

/** Where a frame's code lives, in a few words. */
function bucket(url, name) {
  if (name === '(garbage collector)') return '(GC)';
  if (!url) return name.startsWith('(') ? name : '(native/V8)';
  const mod = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (mod) return mod[1];
  if (url.startsWith('node:')) return 'node: ' + url.slice(5).split('/')[0];
  if (url.includes('/apps/web/')) return 'store: web (SSR)';
  if (url.includes('/apps/api/')) return 'store: api';
  return url;
}

const bySelf = new Map();
const byBucket = new Map();
const byTotal = new Map();
let busyMs = 0;
let gcMs = 0;

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  for (const [id, us] of selfUs) {
    const node = nodes.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    if (name === '(garbage collector)') gcMs += us / 1000;
    if (NOT_WORK.has(name) && name !== '(garbage collector)') continue;
    busyMs += us / 1000;
    const where = `${name} ${url ? url.replace(/^.*?(node_modules\/|apps\/)/, '$1') : ''}:${lineNumber + 1}`;
    bySelf.set(where, (bySelf.get(where) ?? 0) + us / 1000);
    const b = bucket(url, name);
    byBucket.set(b, (byBucket.get(b) ?? 0) + us / 1000);
    // Total time of the store's own functions: every distinct one on the stack gets the sample.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at).callFrame;
      if (!frame.url.includes('/apps/')) continue;
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*?apps\//, 'apps/')}:${frame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      byTotal.set(key, (byTotal.get(key) ?? 0) + us / 1000);
    }
  }
}

const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP);
const pct = (ms) => `${((100 * ms) / busyMs).toFixed(1)} %`;
const table = (title, rows) => {
  if (opts.markdown) {
    console.log(`\n| ${title} | ms | share |\n| --- | ---: | ---: |`);
    for (const [k, ms] of rows) console.log(`| \`${k}\` | ${ms.toFixed(0)} | ${pct(ms)} |`);
  } else {
    console.log(`\n${title}`);
    for (const [k, ms] of rows)
      console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${pct(ms).padStart(7)}  ${k}`);
  }
};

console.log(
  `${files.length} profile(s); busy ${busyMs.toFixed(0)} ms of CPU (GC ${gcMs.toFixed(0)} ms)`,
);
table('by package (self time)', sorted(byBucket));
table('functions by self time', sorted(bySelf));
table("the store's functions by total time", sorted(byTotal));
