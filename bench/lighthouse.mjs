// Lighthouse on the storefront: its mobile defaults (Moto G Power emulation, simulated
// slow 4G and CPU throttling), three runs per page, the run with the median performance score.
// bench/run.mjs calls it after its load tests; alone, `node bench/lighthouse.mjs` starts the built
// store itself (or measures BENCH_URL) and updates the Lighthouse section of bench/RESULTS.md.
// Offline by design: Lighthouse downloads nothing, and Chromium's own calls home at start-up (the
// Google account list, network time) go to a proxy that is not there, so they never leave the
// machine nor wait on DNS; the store is reached directly.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startStore } from './store.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** A run that hangs (Chrome wedged) is abandoned after this long and counts as a failure. */
const RUN_TIMEOUT_MS = 180_000;
/** A seeded bracelet on sale with stock the checkout bench never takes (it uses products 1 to 7). */
const PRODUCT_ID = Number(process.env.BENCH_PRODUCT_ID ?? 34);
/** LIGHTHOUSE_REPORT_DIR=<folder> keeps the median run's HTML and JSON reports of each page. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;

export const LIGHTHOUSE_PAGES = [
  { name: 'início', path: '/' },
  { name: 'categoria', path: '/aneis' },
  { name: 'produto', path: `/produto/${PRODUCT_ID}` },
];

/** The storefront's performance goals, beside the figures in RESULTS.md (issue 31's). */
const GOALS = {
  performance: 97,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0,
};

/** One Lighthouse run in its own Chrome, with a fresh profile; Chrome is always killed. */
async function runOnce(url) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'semijoias-lighthouse-'));
  let chrome;
  let timer;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: [
        ...CHROME_FLAGS,
        // Nothing listens on port 9 (discard): such calls fail at once, locally. Not
        // --host-resolver-rules: with them one run in three lost its trace (NO_NAVSTART).
        '--proxy-server=http://127.0.0.1:9',
        `--proxy-bypass-list=${new URL(url).hostname}`,
      ],
      userDataDir,
      logLevel: 'silent',
    });
    const run = lighthouse(url, {
      port: chrome.port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${RUN_TIMEOUT_MS / 1000} s`)),
        RUN_TIMEOUT_MS,
      );
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr, report } = result;
    // A page that never painted or a page load error still gives a report: it is a failed run.
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    lhr.jsGzipBytes = await gzippedScripts(lhr);
    return { lhr, report };
  } finally {
    clearTimeout(timer);
    if (chrome) await killChrome(chrome);
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/**
 * The page's JavaScript as gzip would send it (level 9, each file on its own, as the e2e budget
 * test counts it): bytes that do not depend on how busy the machine is.
 */
async function gzippedScripts(lhr) {
  const urls = (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((r) => r.resourceType === 'Script')
    .map((r) => r.url);
  let total = 0;
  for (const url of new Set(urls)) {
    const res = await fetch(url);
    if (res.ok) total += gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  }
  return total;
}

/** Kills Chrome's process group and waits (a few seconds at most) until it is gone. */
async function killChrome(chrome) {
  const child = chrome.process;
  const gone = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', resolve);
  });
  chrome.kill();
  await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

/** The figures RESULTS.md shows, read off one report. */
function summarize(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const resources = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytesOf = (type) => resources.find((r) => r.resourceType === type)?.transferSize ?? 0;
  // What to fix: for every category below 100, its audits that do not pass.
  const failing = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || category.score === 1) continue;
    failing[id] = category.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit &&
          typeof audit.score === 'number' &&
          audit.score < 0.9 &&
          !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode),
      )
      .map((audit) => audit.id);
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    jsBytes: bytesOf('script'),
    jsGzipBytes: lhr.jsGzipBytes ?? NaN,
    // Script evaluation on the main thread as the trace recorded it (Lighthouse reports it
    // multiplied by its 4× CPU slowdown): on this machine, not on the emulated phone.
    scriptMs:
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).find(
        (item) => item.group === 'scriptEvaluation',
      )?.duration / (lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? 1),
    totalBytes: bytesOf('total'),
    requests: resources.find((r) => r.resourceType === 'total')?.requestCount ?? 0,
    // Lighthouse's measure of the CPU during the run: its throttling assumes 1,000 or more, and a
    // machine busy with other work scores lower and shows longer blocking times.
    cpuIndex: lhr.environment?.benchmarkIndex ?? NaN,
    failing,
  };
}

/** Runs one page RUNS times (a run that throws is retried once) and keeps the median run. */
async function benchPage(base, page) {
  const url = `${base}${page.path}`;
  const runs = [];
  const errors = [];
  for (let i = 0; i < RUNS; i++) {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const { lhr, report } = await runOnce(url);
        const summary = summarize(lhr);
        runs.push({ summary, report });
        console.error(
          `lighthouse ${page.path} run ${i + 1}: performance ${summary.performance}, LCP ${fmt(summary.lcpMs)} ms, TBT ${fmt(summary.tbtMs)} ms, CLS ${fmt(summary.cls, 3)}, CPU index ${fmt(summary.cpuIndex)}`,
        );
        break;
      } catch (error) {
        // The first sentence says what happened (Lighthouse repeats itself after it).
        const message = (error instanceof Error ? error.message : String(error)).split('. ')[0];
        errors.push(`run ${i + 1}, attempt ${attempt}: ${message}`);
        console.error(
          `lighthouse ${page.path}: run ${i + 1}, attempt ${attempt} failed: ${message}`,
        );
      }
    }
  }
  if (runs.length === 0) return { ...page, url, errors, runScores: [] };
  const byScore = [...runs].sort((a, b) => a.summary.performance - b.summary.performance);
  const median = byScore[Math.floor((byScore.length - 1) / 2)];
  if (REPORT_DIR) saveReports(page, median.report);
  return {
    ...page,
    url,
    errors,
    runScores: runs.map((r) => r.summary.performance),
    ...median.summary,
  };
}

function saveReports(page, [json, html]) {
  mkdirSync(REPORT_DIR, { recursive: true });
  const name = page.path === '/' ? 'inicio' : page.path.slice(1).replaceAll('/', '-');
  writeFileSync(join(REPORT_DIR, `${name}.report.json`), json);
  writeFileSync(join(REPORT_DIR, `${name}.report.html`), html);
}

/** Lighthouse on the three pages of the store at `base`, one page after the other. */
export async function benchLighthouse(base) {
  const pages = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const result = await benchPage(base, page);
    pages.push(result);
    console.error(
      `lighthouse ${page.path}: ${result.runScores.length ? `performance ${result.runScores.join(' / ')}` : 'no run succeeded'}`,
    );
  }
  return pages;
}

const fmt = (n, d = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })
    : '–';
/** A figure, marked when it misses its goal. */
const mark = (text, met) => (met ? text : `${text} ✗`);

function chromiumVersion() {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return 'Chromium';
  }
}

function lighthouseVersion() {
  const require = createRequire(import.meta.url);
  return require('lighthouse/package.json').version;
}

/** The "Lighthouse" section of RESULTS.md: the median runs beside the goals, then what to fix. */
export function lighthouseSection(pages, { backend }) {
  const row = (p) => {
    if (!p.runScores.length)
      return `${p.name} (${p.path}) | no run succeeded (below) ${' |'.repeat(13)}`;
    return [
      `${p.name} (${p.path})`,
      mark(String(p.performance), p.performance >= GOALS.performance),
      mark(String(p.accessibility), p.accessibility >= GOALS.accessibility),
      mark(String(p.bestPractices), p.bestPractices >= GOALS.bestPractices),
      mark(String(p.seo), p.seo >= GOALS.seo),
      mark(`${fmt(p.lcpMs / 1000, 2)} s`, p.lcpMs <= GOALS.lcpMs),
      mark(`${fmt(p.tbtMs)} ms`, p.tbtMs <= GOALS.tbtMs),
      mark(fmt(p.cls, 3), p.cls <= GOALS.cls),
      `${fmt(p.fcpMs / 1000, 2)} s`,
      `${fmt(p.jsBytes / 1024, 1)} KiB`,
      `${fmt(p.jsGzipBytes / 1024, 1)} KiB`,
      `${fmt(p.scriptMs)} ms`,
      `${fmt(p.totalBytes / 1024, 1)} KiB / ${p.requests}`,
      p.runScores.join(' / '),
      fmt(p.cpuIndex),
    ].join(' | ');
  };
  const fixes = pages.flatMap((p) => {
    const below = Object.entries(p.failing ?? {}).filter(([, ids]) => ids.length);
    const lines = below.map(([category, ids]) => `${category}: ${ids.join(', ')}`);
    if (p.errors.length) lines.push(`failed runs: ${p.errors.join('; ')}`);
    return lines.length ? [`- ${p.name} (${p.path}): ${lines.join('; ')}`] : [];
  });
  return [
    `## Lighthouse (mobile)`,
    '',
    `Run on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${lighthouseVersion()} with ${chromiumVersion()} (headless, fresh profile per run), its default mobile settings (Moto G Power emulation, simulated slow 4G and 4× CPU throttling), on the built store as \`npm start\` runs it, ${backend} database with the seeded catalog. Each page ${RUNS} times; the run with the median performance score is shown (its metrics, not a mix). ✗: misses its goal. JavaScript and total: bytes transferred (brotli); JS gzip: the same scripts gzipped (level 9, file by file, as the e2e budget counts them), which no load changes; script eval: the main thread's script evaluation in the run's trace, on this machine (Lighthouse multiplies it by 4 for the phone). CPU index: Lighthouse's benchmark of the machine during the median run (its throttling assumes 1,000 or more; a busy machine scores lower and blocks longer).`,
    '',
    `| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | FCP | JavaScript | JS gzip | script eval | total / requests | performance of the runs | CPU index |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    `| goal | ≥ ${GOALS.performance} | ${GOALS.accessibility} | ${GOALS.bestPractices} | ${GOALS.seo} | ≤ ${fmt(GOALS.lcpMs / 1000, 1)} s | ≤ ${GOALS.tbtMs} ms | ≤ ${GOALS.cls} | | | | | | | |`,
    ...pages.map((p) => `| ${row(p)} |`),
    '',
    fixes.length
      ? `Audits that do not pass, by category, in the median run:\n\n${fixes.join('\n')}`
      : 'Every audit passes on the three pages.',
    '',
  ].join('\n');
}

const SECTION_HEADING = '## Lighthouse';

/** Where the Lighthouse section of `report` starts and ends (start -1: it has none). */
function sectionBounds(report) {
  const start = report.indexOf(`\n${SECTION_HEADING}`);
  if (start === -1) return { start, end: -1 };
  // It ends at the next heading or the next section's marker (a marker sits above its heading:
  // taking it in dropped the flash sale's start marker once).
  const ends = ['\n## ', '\n<!-- ']
    .map((mark) => report.indexOf(mark, start + 1))
    .filter((at) => at !== -1);
  const next = ends.length ? Math.min(...ends) : -1;
  return { start: start + 1, end: next === -1 ? report.length : next + 1 };
}

/** The Lighthouse section of a RESULTS file, if it has one. */
export function findLighthouseSection(report) {
  const { start, end } = sectionBounds(report);
  return start === -1 ? undefined : report.slice(start, end);
}

/** `report` with its Lighthouse section replaced by (or, if it has none, followed by) `section`. */
export function withLighthouseSection(report, section) {
  const { start, end } = sectionBounds(report);
  if (start === -1) return `${report.trimEnd()}\n\n${section}`;
  const rest = report.slice(end);
  return `${report.slice(0, start)}${section.trimEnd()}\n${rest ? `\n${rest}` : ''}`;
}

/** Updates the Lighthouse section of a RESULTS file, keeping the rest of it. */
export function writeLighthouseSection(file, section) {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  writeFileSync(file, withLighthouseSection(previous, section));
}

// `node bench/lighthouse.mjs`: the store at BENCH_URL, or the built store started here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const backend = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
  const store = process.env.BENCH_URL
    ? { base: process.env.BENCH_URL.replace(/\/+$/, ''), stop: async () => {} }
    : await startStore({ port: Number(process.env.BENCH_PORT ?? 3200), databaseUrl });
  let pages;
  try {
    pages = await benchLighthouse(store.base);
  } finally {
    await store.stop();
  }
  const section = lighthouseSection(pages, { backend });
  console.log(section);
  // A store given by URL may be anything: only a store started here writes RESULTS.md.
  if (!process.env.BENCH_URL) {
    const file = new URL(databaseUrl ? './RESULTS-postgresql.md' : './RESULTS.md', import.meta.url);
    writeLighthouseSection(file, section);
  }
}
