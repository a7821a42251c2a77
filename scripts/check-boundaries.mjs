// Boundaries the linter keeps (run by npm run lint): reads the imports of every non-test source file
// of apps/api/src, apps/web/src and packages/domain/src, resolves them as each tsconfig does, and
// refuses
//   1. an import cycle between files (type-only and lazy imports count: they are structure);
//   2. an API file reaching into another module past its public entry (modules/<m>/index.ts), and
//      lib/, db/, integrations/ importing from modules/ at all;
//   3. a routes.ts imported by anything but a routes.ts, an index.ts or app.ts;
//   4. a cycle between the API's module folders (modules/a -> modules/b -> modules/a);
//   5. vitest, @playwright/test or apps/api/test/ imported from a non-test file of the API or web;
//   6. a non-test API file outside modules/stock/ writing the `stock` of products or their sizes
//      (stock has one owner, docs/stock.md); see stockWrites below for how a write is recognized;
//   7. a non-test API file importing, other than with import() or `import type`, a package that
//      loads on first use (ON_FIRST_USE_PACKAGES: every start would pay for it again).
// (Web features not importing each other is ESLint's, in eslint.config.js.)
// Usage: node scripts/check-boundaries.mjs [root]; prints path:line: problem, exits 1 on any.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const TREES = [
  { src: 'apps/api/src', tsconfig: 'apps/api/tsconfig.json' },
  { src: 'apps/web/src', tsconfig: 'apps/web/tsconfig.json' },
  { src: 'packages/domain/src', tsconfig: 'packages/domain/tsconfig.json' },
];
const API = 'apps/api/src/';
const MODULES = `${API}modules/`;
const API_TEST = 'apps/api/test/';
const NEVER_FROM_MODULES = ['lib', 'db', 'integrations'];
const MAY_IMPORT_ROUTES = new Set(['routes.ts', 'index.ts', 'app.ts']);
const TEST_ONLY_PACKAGES = [/^vitest(\/|$)/, /^@vitest\//, /^@playwright\/test(\/|$)/];
const MAX_CYCLES_PER_TANGLE = 20;
/**
 * Packages only some calls need, which an instance's start must not load (issue 32; each start is
 * paid twice by a rolling restart during a sale): apps/api/src/lib/on-first-use.ts.
 */
const ON_FIRST_USE_PACKAGES =
  // Drizzle's PGlite driver imports PGlite; its migrator (db/migrate.ts) imports none.
  /^(?:(?:sharp|qrcode|@node-rs\/argon2|nodemailer|tar-stream|@electric-sql\/pglite)(?:\/|$)|drizzle-orm\/pglite$)/;
/**
 * Where the `stock` of products and product_variations may be written: the stock module, and the
 * seed, which makes a new store's first rows (their units enter the ledger as 'initial' by the
 * trigger's default). Tests and apps/api/test/ are not read by these rules; bench/ is not either.
 */
const STOCK_WRITERS = [`${MODULES}stock/`, `${API}db/seed.ts`];
const STOCK_TABLES = ['products', 'product_variations'];

const isSource = (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);
const toPosix = (p) => p.split(path.sep).join('/');

function listSources(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** The compiler options that decide resolution; the file list is not read (faster). */
function resolutionOptions(configPath) {
  const fallback = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  if (!fs.existsSync(configPath)) return fallback;
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error)
    throw new Error(`${configPath}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  const host = { ...ts.sys, readDirectory: () => [] };
  return {
    ...fallback,
    ...ts.parseJsonConfigFileContent(config, host, path.dirname(configPath)).options,
  };
}

function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts, pos) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= pos) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/**
 * Every import of every source file: { from, line, specifier, to, lazy, typeOnly }, `to`
 * root-relative (null: a package, or not found), `lazy` for an `import()` expression, `typeOnly`
 * for `import type … from` and `export type … from` (erased by the compiler).
 */
function readImports(root) {
  const imports = [];
  const files = [];
  for (const tree of TREES) {
    const options = resolutionOptions(path.join(root, tree.tsconfig));
    const cache = ts.createModuleResolutionCache(root, (name) => name, options);
    for (const absolute of listSources(path.join(root, tree.src))) {
      const from = toPosix(path.relative(root, absolute));
      files.push(from);
      const text = fs.readFileSync(absolute, 'utf8');
      const starts = lineStarts(text);
      for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
        const specifier = ref.fileName;
        const resolved = ts.resolveModuleName(specifier, absolute, options, ts.sys, cache)
          .resolvedModule?.resolvedFileName;
        let target = resolved ? path.resolve(resolved) : null;
        // An unresolved relative import still says where it points (a removed test helper, say).
        if (!target && specifier.startsWith('.'))
          target = path.resolve(path.dirname(absolute), specifier);
        const to = target ? toPosix(path.relative(root, target)) : null;
        const before = text.slice(Math.max(0, ref.pos - 400), ref.pos);
        const lazy = /\bimport\s*\(\s*$/.test(before);
        const typeOnly = /(?:^|[\s;])(?:import|export)\s+type\s[^;]*$/.test(before);
        imports.push({ from, line: lineAt(starts, ref.pos), specifier, to, lazy, typeOnly });
      }
    }
  }
  return { files, imports };
}

/** The module a file of apps/api/src/modules/ belongs to (its first folder there), else null. */
function moduleOf(file) {
  if (!file.startsWith(MODULES)) return null;
  const rest = file.slice(MODULES.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : rest.slice(0, slash);
}

/** Tarjan's strongly connected components of a graph given as Map<node, Set<node>>. */
function tangles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const result = [];
  let counter = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])].sort(), 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const child = next[frame[2]++];
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push([child, [...(graph.get(child) ?? [])].sort(), 0]);
        } else if (onStack.has(child)) {
          low.set(node, Math.min(low.get(node), index.get(child)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const members = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          members.push(member);
        } while (member !== node);
        const selfLoop = graph.get(node)?.has(node);
        if (members.length > 1 || selfLoop) result.push(members.sort());
      }
    }
  }
  return result;
}

/**
 * The elementary cycles of one tangle (Johnson's algorithm), each starting at its smallest node,
 * at most `limit` of them; `truncated` says some were left out.
 */
function cyclesOf(members, graph, limit) {
  const cycles = [];
  const rank = new Map(members.map((node, i) => [node, i]));
  for (let s = 0; s < members.length && cycles.length < limit; s++) {
    const start = members[s];
    const inPlay = (node) => rank.has(node) && rank.get(node) >= s;
    const next = (node) => [...(graph.get(node) ?? [])].filter(inPlay).sort();
    const blocked = new Set();
    const blockedBy = new Map();
    const path_ = [];
    const unblock = (node) => {
      const pending = [node];
      while (pending.length) {
        const n = pending.pop();
        if (!blocked.delete(n)) continue;
        for (const m of blockedBy.get(n) ?? []) pending.push(m);
        blockedBy.delete(n);
      }
    };
    const circuit = (node) => {
      let found = false;
      path_.push(node);
      blocked.add(node);
      for (const child of next(node)) {
        if (cycles.length >= limit) break;
        if (child === start) {
          cycles.push([...path_, start]);
          found = true;
        } else if (!blocked.has(child) && circuit(child)) {
          found = true;
        }
      }
      if (found) unblock(node);
      else
        for (const child of next(node)) {
          if (!blockedBy.has(child)) blockedBy.set(child, new Set());
          blockedBy.get(child).add(node);
        }
      path_.pop();
      return found;
    };
    circuit(start);
  }
  return { cycles, truncated: cycles.length >= limit };
}

function addEdge(graph, from, to, evidence, where) {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from).add(to);
  const key = `${from}\0${to}`;
  if (!evidence.has(key)) evidence.set(key, where);
}

function cycleViolations(graph, evidence, rule, describe) {
  const violations = [];
  for (const members of tangles(graph)) {
    const { cycles, truncated } = cyclesOf(members, graph, MAX_CYCLES_PER_TANGLE);
    for (const cycle of cycles) {
      const first = evidence.get(`${cycle[0]}\0${cycle[1]}`);
      violations.push({ file: first.file, line: first.line, rule, message: describe(cycle) });
    }
    if (truncated) {
      const first = members[0];
      const where = evidence.get(
        `${first}\0${[...graph.get(first)].find((n) => members.includes(n))}`,
      );
      violations.push({
        file: where.file,
        line: where.line,
        rule,
        message: `more cycles among these ${members.length} (first ${MAX_CYCLES_PER_TANGLE} shown): ${members.join(', ')}`,
      });
    }
  }
  return violations;
}

/**
 * 6. Who writes stock. Two detections, over the non-test API files outside STOCK_WRITERS:
 *
 * - Drizzle builders, by their types, not their spelling: every `.set(x)`, `.values(x)` and
 *   `.onConflictDoUpdate({ set: x })` call resolved to drizzle-orm's declaration is checked with
 *   the type checker: the table it writes has a `stock` column when the method's own parameter
 *   type (the table's insert or update shape) has a `stock` property, and the call writes it when
 *   the type of `x` (of an element, for an array of rows) has one. So a spread, a variable, a
 *   helper's answer or an aliased table are seen through, and a `stock` of another table, a
 *   Map's `set`, or a read (`where stock >= n`) are not mistaken for a write. Only the files that
 *   call such a method are given to a program (with their imports, drizzle's types among them).
 * - Raw SQL, by its text: every string and template literal (tagged `sql` or not, `${products}`
 *   read as the table's name and `${products.stock}` as the column's) holding an
 *   `update products|product_variations … set … stock =` or an
 *   `insert into products|product_variations (… stock …)`.
 *
 * What neither sees: SQL assembled from pieces at run time (`sql.raw`, a column name in a
 * variable), and a value typed `any`. A backup's restore copies every column of every table
 * generically and is not a move of stock.
 */
function stockWrites(root) {
  const violations = [];
  const candidates = listSources(path.join(root, 'apps/api/src'))
    .map((absolute) => ({ absolute, file: toPosix(path.relative(root, absolute)) }))
    .filter(({ file }) => !STOCK_WRITERS.some((allowed) => file.startsWith(allowed)))
    .map((entry) => ({ ...entry, text: fs.readFileSync(entry.absolute, 'utf8') }));

  for (const { file, text, absolute } of candidates) {
    if (!/stock/i.test(text)) continue;
    const source = ts.createSourceFile(absolute, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      const sqlText = literalSql(node);
      if (sqlText !== null) {
        const table = rawStockWrite(sqlText);
        if (table) violations.push(stockViolation(file, source, node, `${table} in raw SQL`));
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const builderCalls = candidates.filter(({ text }) =>
    /\.\s*(set|values|onConflictDoUpdate)\s*\(/.test(text),
  );
  if (builderCalls.length === 0) return violations;
  const options = {
    ...resolutionOptions(path.join(root, 'apps/api/tsconfig.json')),
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const program = ts.createProgram({
    rootNames: builderCalls.map(({ absolute }) => absolute),
    options,
  });
  const checker = program.getTypeChecker();
  const hasStock = (type, seen = new Set()) => {
    if (!type || seen.has(type)) return false;
    seen.add(type);
    if (type.isUnion() || type.isIntersection()) return type.types.some((t) => hasStock(t, seen));
    const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
    if (element && hasStock(element, seen)) return true;
    return Boolean(checker.getPropertyOfType(type, 'stock'));
  };
  const fromDrizzle = (signature) =>
    /[\\/]drizzle-orm[\\/]/.test(signature?.declaration?.getSourceFile().fileName ?? '');
  /** The SQL name of the table a builder writes (its first type argument naming one), or null. */
  const tableOf = (builder) => {
    const type = checker.getTypeAtLocation(builder);
    const generic = type.flags & ts.TypeFlags.Object && type.objectFlags & ts.ObjectFlags.Reference;
    for (const arg of generic ? checker.getTypeArguments(type) : []) {
      const meta = checker.getPropertyOfType(arg, '_');
      const name = meta && checker.getPropertyOfType(checker.getTypeOfSymbol(meta), 'name');
      const literal = name && checker.getTypeOfSymbol(name);
      if (literal?.isStringLiteral()) return literal.value;
    }
    return null;
  };

  for (const { absolute, file } of builderCalls) {
    const source = program.getSourceFile(absolute);
    if (!source) continue;
    const visit = (node) => {
      ts.forEachChild(node, visit);
      if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
      const method = node.expression.name.text;
      if (!['set', 'values', 'onConflictDoUpdate'].includes(method)) return;
      const [argument] = node.arguments;
      if (!argument) return;
      const signature = checker.getResolvedSignature(node);
      if (!fromDrizzle(signature)) return;
      const parameter = signature.getParameters()[0];
      if (!parameter) return;
      let shape = checker.getTypeOfSymbol(parameter);
      let written = argument;
      if (method === 'onConflictDoUpdate') {
        const setShape = checker.getPropertyOfType(shape, 'set');
        const setValue =
          ts.isObjectLiteralExpression(argument) &&
          argument.properties.find((p) => p.name && p.name.getText() === 'set');
        if (!setShape || !setValue) return;
        shape = checker.getTypeOfSymbol(setShape);
        written = ts.isPropertyAssignment(setValue) ? setValue.initializer : setValue.name;
      }
      if (!hasStock(shape) || !hasStock(checker.getTypeAtLocation(written))) return;
      const table = tableOf(node.expression.expression);
      // A table with a stock column whose name the types do not say is taken for one of these.
      if (table !== null && !STOCK_TABLES.includes(table)) return;
      const how = `${table ?? STOCK_TABLES.join(' or ')}: .${method}()`;
      violations.push(stockViolation(file, source, node.expression.name, how));
    };
    visit(source);
  }
  return violations;
}

function stockViolation(file, source, node, how) {
  return {
    file,
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    rule: 'stock-owner',
    message: `writes the stock of ${how}: only modules/stock/ changes a quantity (docs/stock.md)`,
  };
}

/**
 * The SQL a string or template literal holds, interpolations read as what they name
 * (`${products}` -> products, `${productVariations.stock}` -> stock), else null.
 */
function literalSql(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isTemplateExpression(node)) return null;
  const named = (expression) => {
    const text = expression.getText().replace(/\s+/g, '');
    if (/(^|\.)stock$/.test(text)) return ' stock ';
    if (/^productVariations$/.test(text)) return ' product_variations ';
    if (/^products$/.test(text)) return ' products ';
    return ' ? ';
  };
  return node.templateSpans.reduce(
    (sql, span) => sql + named(span.expression) + span.literal.text,
    node.head.text,
  );
}

/** The stock table an UPDATE's SET or an INSERT's column list of this SQL writes `stock` of. */
function rawStockWrite(sql) {
  const tables = STOCK_TABLES.join('|');
  const update = new RegExp(
    `\\bupdate\\s+(?:only\\s+)?"?(${tables})"?(?:\\s+(?:as\\s+)?\\w+)?\\s+set\\b([\\s\\S]*?)(?=\\bwhere\\b|\\breturning\\b|\\bfrom\\b|;|$)`,
    'gi',
  );
  for (const [, table, assignments] of sql.matchAll(update))
    if (/(^|[\s,."(])"?stock"?\s*=(?!=)/i.test(assignments)) return table.toLowerCase();
  const insert = new RegExp(`\\binsert\\s+into\\s+"?(${tables})"?\\s*\\(([^)]*)\\)`, 'gi');
  for (const [, table, columns] of sql.matchAll(insert))
    if (/(^|[\s,"])stock("|\s|,|$)/i.test(columns)) return table.toLowerCase();
  return null;
}

function scan(rootDir) {
  const root = fs.realpathSync(rootDir);
  const { files, imports } = readImports(root);
  const sources = new Set(files);
  const violations = [];
  const report = (imp, rule, message) =>
    violations.push({ file: imp.from, line: imp.line, rule, message });

  const fileGraph = new Map();
  const fileEvidence = new Map();
  const moduleGraph = new Map();
  const moduleEvidence = new Map();

  for (const imp of imports) {
    const { from, to, specifier } = imp;
    const local = to !== null && sources.has(to);
    if (local)
      addEdge(fileGraph, from, to, fileEvidence, { file: from, line: imp.line, lazy: imp.lazy });

    // 5. Test fixtures stay out of src/.
    if (from.startsWith(API) || from.startsWith('apps/web/src/')) {
      if (TEST_ONLY_PACKAGES.some((pattern) => pattern.test(specifier)))
        report(imp, 'test-fixture', `imports '${specifier}', which is for tests only`);
      else if (to?.startsWith(API_TEST))
        report(imp, 'test-fixture', `imports ${to}: apps/api/test/ is for tests only`);
    }

    // 7. What loads on first use is not imported at load.
    if (from.startsWith(API) && !imp.lazy && !imp.typeOnly && ON_FIRST_USE_PACKAGES.test(specifier))
      report(
        imp,
        'first-use',
        `imports '${specifier}' at load: it loads on first use (import() it, as lib/on-first-use.ts does)`,
      );

    if (!from.startsWith(API) || !local || !to.startsWith(API)) continue;
    const fromModule = moduleOf(from);
    const toModule = moduleOf(to);
    const layer = from.slice(API.length).split('/')[0];

    // 2. Another module only through its public entry; lib/, db/, integrations/ never into modules/.
    if (toModule !== null && toModule !== fromModule) {
      const entry = `${MODULES}${toModule}/index.ts`;
      if (NEVER_FROM_MODULES.includes(layer))
        report(imp, 'module-entry', `${layer}/ does not import from modules/ (imports ${to})`);
      else if (to !== entry)
        report(imp, 'module-entry', `imports ${to}: import module '${toModule}' through ${entry}`);
    }
    if (fromModule !== null && toModule !== null && fromModule !== toModule)
      addEdge(moduleGraph, `modules/${fromModule}`, `modules/${toModule}`, moduleEvidence, {
        file: from,
        line: imp.line,
        to,
      });

    // 3. Route files are read by route files, entries and app.ts only.
    if (
      path.posix.basename(to) === 'routes.ts' &&
      !MAY_IMPORT_ROUTES.has(path.posix.basename(from))
    )
      report(
        imp,
        'routes-import',
        `imports ${to}: only routes.ts, index.ts and app.ts import a routes.ts`,
      );
  }

  // 1. No cycle between files.
  violations.push(
    ...cycleViolations(fileGraph, fileEvidence, 'file-cycle', (cycle) => {
      const lazy = cycle
        .slice(1)
        .map((to, i) => fileEvidence.get(`${cycle[i]}\0${to}`))
        .filter((where) => where.lazy)
        .map((where) => `${where.file}:${where.line}`);
      const note = lazy.length ? ` (lazy import() at ${lazy.join(', ')}: still a cycle)` : '';
      return `import cycle: ${cycle.join(' -> ')}${note}`;
    }),
  );
  // 4. No cycle between the API's modules (each step names one import that makes it).
  violations.push(
    ...cycleViolations(moduleGraph, moduleEvidence, 'module-cycle', (cycle) => {
      const steps = cycle.slice(1).map((to, i) => {
        const where = moduleEvidence.get(`${cycle[i]}\0${to}`);
        return `${where.file}:${where.line}`;
      });
      return `module cycle: ${cycle.join(' -> ')} (imports at ${steps.join(', ')})`;
    }),
  );

  // 6. Stock has one owner.
  violations.push(...stockWrites(root));

  violations.sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.message.localeCompare(b.message),
  );
  return { violations, fileCount: files.length, importCount: imports.length };
}

/** The violations under `rootDir` (a checkout of this repository), each { file, line, rule, message }. */
export function checkBoundaries(rootDir) {
  return scan(rootDir).violations;
}

export const formatViolation = (v) => `${v.file}:${v.line}: ${v.message}`;

function main() {
  const started = performance.now();
  const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { violations, fileCount, importCount } = scan(root);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (violations.length) {
    for (const violation of violations) console.error(formatViolation(violation));
    console.error(
      `check-boundaries: ${violations.length} problem(s) in ${fileCount} files (${seconds}s)`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `check-boundaries: ${fileCount} files, ${importCount} imports, no problems (${seconds}s)`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main();
