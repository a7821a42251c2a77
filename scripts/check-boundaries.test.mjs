// scripts/check-boundaries.mjs on small trees written to a temporary folder: a clean tree passes,
// and each rule catches the violation planted for it (and only that one).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries, formatViolation } from './check-boundaries.mjs';

const SCRIPT = fileURLToPath(new URL('./check-boundaries.mjs', import.meta.url));
/** The repository's Drizzle, linked into the trees: rule 6 reads its types. */
const DRIZZLE = fileURLToPath(new URL('../node_modules/drizzle-orm', import.meta.url));

const CONFIGS = {
  'tsconfig.base.json': {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
    },
  },
  'apps/api/tsconfig.json': { extends: '../../tsconfig.base.json', include: ['src', 'test'] },
  'apps/web/tsconfig.json': {
    extends: '../../tsconfig.base.json',
    compilerOptions: { jsx: 'react-jsx', paths: { '@/*': ['./src/*'] } },
    include: ['src'],
  },
  'packages/domain/tsconfig.json': { extends: '../../tsconfig.base.json', include: ['src'] },
  'packages/domain/package.json': {
    name: '@semijoias/domain',
    type: 'module',
    exports: { './*': './src/*.ts' },
  },
};

/** A small store that keeps every rule: modules through their index, no cycle, tests aside. */
const CLEAN = {
  'apps/api/src/app.ts': `
    import { catalogRoutes } from './modules/catalog/index.js';
    import { cartRoutes } from './modules/cart/index.js';
    import { NotFoundError } from './lib/errors.js';
    export const plugins = [catalogRoutes, cartRoutes, NotFoundError];`,
  'apps/api/src/server.ts': `import { plugins } from './app.js';\nexport const count = plugins.length;`,
  'apps/api/src/lib/errors.ts': `export class NotFoundError extends Error {}`,
  'apps/api/src/modules/catalog/index.ts': `
    // The catalog.
    export { catalogRoutes } from './routes.js';
    export { imageUrlFrom, type ImageUrl } from './serializers.js';`,
  'apps/api/src/modules/catalog/routes.ts': `
    import { formatMoney } from '@semijoias/domain/money';
    import { NotFoundError } from '../../lib/errors.js';
    import { findProduct } from './service.js';
    import { imageUrlFrom } from './serializers.js';
    export const catalogRoutes = () => [formatMoney, NotFoundError, findProduct, imageUrlFrom];`,
  'apps/api/src/modules/catalog/service.ts': `export function findProduct(id: number) { return id; }`,
  'apps/api/src/modules/catalog/serializers.ts': `
    export type ImageUrl = (path: string) => string;
    export const imageUrlFrom = (base: string): ImageUrl => (p) => base + p;`,
  'apps/api/src/modules/catalog/catalog.test.ts': `
    import { it } from 'vitest';
    import { findProduct } from './service.js';
    import { helper } from '../../../test/helpers.js';
    it('finds', () => findProduct(helper));`,
  'apps/api/src/modules/cart/index.ts': `// The cart.\nexport { cartRoutes } from './routes.js';`,
  'apps/api/src/modules/cart/routes.ts': `
    import { imageUrlFrom, type ImageUrl } from '../catalog/index.js';
    import { addToCart } from './service.js';
    export const cartRoutes = (url: ImageUrl) => [imageUrlFrom, addToCart, url];`,
  'apps/api/src/modules/cart/service.ts': `export const addToCart = () => 1;`,
  // A test reaches into another module's inner files: the rules are for non-test files.
  'apps/api/src/modules/cart/cart.test.ts': `
    import { expect, it } from 'vitest';
    import { findProduct } from '../catalog/service.js';
    import { catalogRoutes } from '../catalog/routes.js';
    it('adds', () => expect(findProduct(1)).toBe(1) && catalogRoutes);`,
  'apps/api/test/helpers.ts': `import { vi } from 'vitest';\nexport const helper = vi ? 1 : 2;`,
  'apps/web/src/main.tsx': `
    import { lazy } from 'react';
    import { Button } from '@/ui/Button';
    import { formatMoney } from '@semijoias/domain/money';
    const Page = lazy(() => import('./features/home/HomePage'));
    export const app = [Button, formatMoney, Page];`,
  'apps/web/src/features/home/HomePage.tsx': `
    import { Button } from '@/ui/Button';
    export function HomePage() { return <Button />; }`,
  'apps/web/src/ui/Button.tsx': `export function Button() { return <button />; }`,
  'apps/web/src/ui/Button.test.tsx': `
    import { it } from 'vitest';
    import { Button } from './Button';
    it('renders', () => Button());`,
  'packages/domain/src/money.ts': `
    import { digits } from './digits';
    export const formatMoney = (cents: number) => digits(String(cents));`,
  'packages/domain/src/digits.ts': `export const digits = (s: string) => s.replace(/\\D/g, '');`,
  'packages/domain/src/money.test.ts': `import { formatMoney } from './money';\nformatMoney(1);`,
};

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** The clean store with `changes` on top (a null removes a file); answers the tree's root. */
function tree(changes = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-boundaries-'));
  roots.push(root);
  const files = { ...CLEAN, ...changes };
  for (const [name, content] of Object.entries(CONFIGS))
    write(root, name, JSON.stringify(content, null, 2));
  for (const [name, content] of Object.entries(files))
    if (content !== null) write(root, name, `${content.replace(/^\n/, '')}\n`);
  fs.mkdirSync(path.join(root, 'node_modules/@semijoias'), { recursive: true });
  fs.symlinkSync('../../packages/domain', path.join(root, 'node_modules/@semijoias/domain'), 'dir');
  fs.symlinkSync(DRIZZLE, path.join(root, 'node_modules/drizzle-orm'), 'dir');
  return root;
}

function write(root, name, content) {
  fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  fs.writeFileSync(path.join(root, name), content);
}

const lines = (root) => checkBoundaries(root).map(formatViolation);

describe('check-boundaries', () => {
  it('passes a tree that keeps every rule, and says so in one line', () => {
    const root = tree();
    expect(checkBoundaries(root)).toEqual([]);
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toMatch(/^check-boundaries: \d+ files, \d+ imports, no problems \(/);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
  });

  describe('1. no import cycle between files', () => {
    it('catches one through .js imports of .ts files, type-only imports included, printed once', () => {
      const root = tree({
        'apps/api/src/lib/a.ts': `import type { B } from './b.js';\nexport type A = { b?: B };`,
        'apps/api/src/lib/b.ts': `\nimport type { A } from './a.js';\nexport type B = { a?: A };`,
      });
      expect(lines(root)).toEqual([
        'apps/api/src/lib/a.ts:1: import cycle: apps/api/src/lib/a.ts -> apps/api/src/lib/b.ts -> apps/api/src/lib/a.ts',
      ]);
    });

    it("catches one through the web's @/ alias and a lazy import()", () => {
      const root = tree({
        'apps/web/src/ui/toast.tsx': `
          import { lazy } from 'react';
          export const TOAST_MS = 3000;
          export const Viewport = lazy(() => import('@/ui/ToastViewport'));`,
        'apps/web/src/ui/ToastViewport.tsx': `
          import { TOAST_MS } from './toast';
          export const ToastViewport = () => TOAST_MS;`,
      });
      expect(lines(root)).toEqual([
        'apps/web/src/ui/ToastViewport.tsx:1: import cycle: apps/web/src/ui/ToastViewport.tsx -> apps/web/src/ui/toast.tsx -> apps/web/src/ui/ToastViewport.tsx (lazy import() at apps/web/src/ui/toast.tsx:3: still a cycle)',
      ]);
    });

    it('prints each cycle of a tangle once, from its first file (the domain package too)', () => {
      const root = tree({
        'packages/domain/src/digits.ts': `
          import { formatMoney } from './money';
          import { cents } from './cents';
          export const digits = (s: string) => s + String(formatMoney) + String(cents);`,
        'packages/domain/src/cents.ts': `import { formatMoney } from './money';\nexport const cents = formatMoney;`,
        'packages/domain/src/money.ts': `
          import { digits } from './digits';
          export const formatMoney = (c: number) => digits(String(c));`,
      });
      expect(lines(root)).toEqual([
        'packages/domain/src/cents.ts:1: import cycle: packages/domain/src/cents.ts -> packages/domain/src/money.ts -> packages/domain/src/digits.ts -> packages/domain/src/cents.ts',
        'packages/domain/src/digits.ts:1: import cycle: packages/domain/src/digits.ts -> packages/domain/src/money.ts -> packages/domain/src/digits.ts',
      ]);
    });
  });

  describe('2. another API module only through its public entry', () => {
    it("catches a module reaching past another's index.ts, and app.ts, server.ts and cli/ too", () => {
      const root = tree({
        'apps/api/src/modules/cart/service.ts': `
          import { findProduct } from '../catalog/service.js';
          export const addToCart = () => findProduct(1);`,
        'apps/api/src/server.ts': `
          import { plugins } from './app.js';
          import { imageUrlFrom } from './modules/catalog/serializers.js';
          export const count = plugins.length + imageUrlFrom.length;`,
        'apps/api/src/cli/backup.ts': `
          import type { ImageUrl } from '../modules/catalog/serializers.js';
          export const url: ImageUrl | null = null;`,
      });
      expect(lines(root)).toEqual([
        "apps/api/src/cli/backup.ts:1: imports apps/api/src/modules/catalog/serializers.ts: import module 'catalog' through apps/api/src/modules/catalog/index.ts",
        "apps/api/src/modules/cart/service.ts:1: imports apps/api/src/modules/catalog/service.ts: import module 'catalog' through apps/api/src/modules/catalog/index.ts",
        "apps/api/src/server.ts:2: imports apps/api/src/modules/catalog/serializers.ts: import module 'catalog' through apps/api/src/modules/catalog/index.ts",
      ]);
    });

    it('counts a sub-folder as part of its first-level module', () => {
      const root = tree({
        'apps/api/src/modules/admin/index.ts': `// The back office.\nexport { adminRoutes } from './routes.js';`,
        'apps/api/src/modules/admin/routes.ts': `
          import { productsRoutes } from './products/routes.js';
          export const adminRoutes = [productsRoutes];`,
        'apps/api/src/modules/admin/audit.ts': `export const writeAudit = () => 1;`,
        // Inside its own module: relative, fine. Into catalog: the index, fine; an inner file, not.
        'apps/api/src/modules/admin/products/routes.ts': `
          import { writeAudit } from '../audit.js';
          import { imageUrlFrom } from '../../catalog/index.js';
          import { findProduct } from '../../catalog/service.js';
          export const productsRoutes = [writeAudit, imageUrlFrom, findProduct];`,
      });
      expect(lines(root)).toEqual([
        "apps/api/src/modules/admin/products/routes.ts:3: imports apps/api/src/modules/catalog/service.ts: import module 'catalog' through apps/api/src/modules/catalog/index.ts",
      ]);
    });

    it('catches lib/, db/ and integrations/ importing from modules/ at all, even an index', () => {
      const root = tree({
        'apps/api/src/lib/params.ts': `
          import type { ImageUrl } from '../modules/catalog/index.js';
          export const params: ImageUrl[] = [];`,
        'apps/api/src/db/schema.ts': `import { findProduct } from '../modules/catalog/service.js';\nexport const t = findProduct;`,
        'apps/api/src/integrations/mail/mailer.ts': `import { cartRoutes } from '../../modules/cart/index.js';\nexport const m = cartRoutes;`,
      });
      expect(lines(root)).toEqual([
        'apps/api/src/db/schema.ts:1: db/ does not import from modules/ (imports apps/api/src/modules/catalog/service.ts)',
        'apps/api/src/integrations/mail/mailer.ts:1: integrations/ does not import from modules/ (imports apps/api/src/modules/cart/index.ts)',
        'apps/api/src/lib/params.ts:1: lib/ does not import from modules/ (imports apps/api/src/modules/catalog/index.ts)',
      ]);
    });
  });

  describe('3. only routes.ts, index.ts and app.ts import a routes.ts', () => {
    it('catches a service reading its own routes file; routes, index and app may', () => {
      const root = tree({
        'apps/api/src/modules/catalog/service.ts': `
          import { catalogRoutes } from './routes.js';
          export function findProduct(id: number) { return id + catalogRoutes.length; }`,
        'apps/api/src/modules/catalog/routes.ts': `
          import { formatMoney } from '@semijoias/domain/money';
          import { findProduct } from './service.js';
          import { pageRoutes } from './page/routes.js';
          export const catalogRoutes = () => [formatMoney, findProduct, pageRoutes];`,
        'apps/api/src/modules/catalog/page/routes.ts': `export const pageRoutes = 1;`,
        'apps/api/src/app.ts': `
          import { catalogRoutes } from './modules/catalog/index.js';
          import { cartRoutes } from './modules/cart/index.js';
          export const plugins = [catalogRoutes, cartRoutes];`,
      });
      expect(lines(root)).toEqual([
        'apps/api/src/modules/catalog/routes.ts:2: import cycle: apps/api/src/modules/catalog/routes.ts -> apps/api/src/modules/catalog/service.ts -> apps/api/src/modules/catalog/routes.ts',
        'apps/api/src/modules/catalog/service.ts:1: imports apps/api/src/modules/catalog/routes.ts: only routes.ts, index.ts and app.ts import a routes.ts',
      ]);
    });

    it('catches another module reading a routes file past its index (both rules)', () => {
      const root = tree({
        'apps/api/src/modules/cart/service.ts': `
          import { catalogRoutes } from '../catalog/routes.js';
          export const addToCart = () => catalogRoutes;`,
      });
      expect(lines(root)).toEqual([
        "apps/api/src/modules/cart/service.ts:1: imports apps/api/src/modules/catalog/routes.ts: import module 'catalog' through apps/api/src/modules/catalog/index.ts",
        'apps/api/src/modules/cart/service.ts:1: imports apps/api/src/modules/catalog/routes.ts: only routes.ts, index.ts and app.ts import a routes.ts',
      ]);
    });
  });

  describe('4. no cycle between API modules', () => {
    it('catches modules importing each other through their indexes, with no file cycle', () => {
      const root = tree({
        // cart -> catalog, and catalog -> cart from a file catalog's index does not lead to.
        'apps/api/src/modules/catalog/feed.ts': `
          import { cartRoutes } from '../cart/index.js';
          export const feed = () => cartRoutes;`,
      });
      expect(lines(root)).toEqual([
        'apps/api/src/modules/cart/routes.ts:1: module cycle: modules/cart -> modules/catalog -> modules/cart (imports at apps/api/src/modules/cart/routes.ts:1, apps/api/src/modules/catalog/feed.ts:1)',
      ]);
    });

    it('reports the file cycle too when an index leads back to where it started', () => {
      const root = tree({
        'apps/api/src/modules/catalog/routes.ts': `
          import { cartRoutes } from '../cart/index.js';
          export const catalogRoutes = () => [cartRoutes];`,
      });
      expect(lines(root)).toEqual([
        'apps/api/src/modules/cart/index.ts:2: import cycle: apps/api/src/modules/cart/index.ts -> apps/api/src/modules/cart/routes.ts -> apps/api/src/modules/catalog/index.ts -> apps/api/src/modules/catalog/routes.ts -> apps/api/src/modules/cart/index.ts',
        'apps/api/src/modules/cart/routes.ts:1: module cycle: modules/cart -> modules/catalog -> modules/cart (imports at apps/api/src/modules/cart/routes.ts:1, apps/api/src/modules/catalog/routes.ts:1)',
      ]);
    });
  });

  describe('5. test fixtures stay out of src/', () => {
    it('catches vitest, @playwright/test and apps/api/test/ in non-test files of the API and web', () => {
      const root = tree({
        'apps/api/src/lib/fake-clock.ts': `
          import { vi } from 'vitest';
          import { helper } from '../../test/helpers.js';
          export const clock = [vi, helper];`,
        'apps/web/src/test/page.ts': `import { expect } from '@playwright/test';\nexport const e = expect;`,
        'apps/web/src/test/setup.ts': `import { afterEach } from 'vitest/globals';\nafterEach(() => {});`,
      });
      expect(lines(root)).toEqual([
        "apps/api/src/lib/fake-clock.ts:1: imports 'vitest', which is for tests only",
        'apps/api/src/lib/fake-clock.ts:2: imports apps/api/test/helpers.ts: apps/api/test/ is for tests only',
        "apps/web/src/test/page.ts:1: imports '@playwright/test', which is for tests only",
        "apps/web/src/test/setup.ts:1: imports 'vitest/globals', which is for tests only",
      ]);
    });
  });

  describe('6. only modules/stock/ writes stock', () => {
    // A store's tables as Drizzle declares them, a transaction type, and the stock module.
    const STORE = {
      'apps/api/src/db/schema.ts': `
        import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
        export const products = pgTable('products', {
          id: serial('id').primaryKey(),
          name: text('name').notNull(),
          stock: integer('stock').notNull().default(0),
        });
        export const productVariations = pgTable('product_variations', {
          id: serial('id').primaryKey(),
          productId: integer('product_id').notNull(),
          name: text('name').notNull(),
          stock: integer('stock').notNull().default(0),
        });
        export const stockAlerts = pgTable('stock_alerts', {
          id: serial('id').primaryKey(),
          stock: integer('stock').notNull(),
        });`,
      'apps/api/src/db/client.ts': `
        import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
        import type * as schema from './schema.js';
        export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;`,
      'apps/api/src/db/seed.ts': `
        import type { Db } from './client.js';
        import { products, productVariations } from './schema.js';
        export async function seed(db: Db) {
          const [p] = await db.insert(products).values({ name: 'Anel', stock: 5 }).returning();
          await db.insert(productVariations).values([{ productId: p!.id, name: '14', stock: 2 }]);
        }`,
      'apps/api/src/modules/stock/index.ts': `// Stock.\nexport { take } from './moves.js';`,
      'apps/api/src/modules/stock/moves.ts': `
        import { and, eq, gte, sql } from 'drizzle-orm';
        import type { Db } from '../../db/client.js';
        import { products } from '../../db/schema.js';
        export async function take(tx: Db, id: number, n: number) {
          await tx.execute(sql\`select set_config('semijoias.stock_reason', 'sale', true)\`);
          return tx
            .update(products)
            .set({ stock: sql\`\${products.stock} - \${n}\` })
            .where(and(eq(products.id, id), gte(products.stock, n)));
        }`,
    };

    it('passes the stock module, the seed, tests, other columns and tables, reads, and a Map', () => {
      const root = tree({
        ...STORE,
        'apps/api/src/modules/catalog/service.ts': `
          import { eq, gt, sql } from 'drizzle-orm';
          import type { Db } from '../../db/client.js';
          import { products, stockAlerts } from '../../db/schema.js';
          const seen = new Map<string, number>();
          export async function findProduct(db: Db, id: number) {
            seen.set('stock', id);
            await db.update(products).set({ name: 'Colar' }).where(gt(products.stock, 0));
            await db.insert(stockAlerts).values({ stock: 1 });
            await db.execute(sql\`update orders set status = 'x' where stock = 0\`);
            await db.execute(sql\`select * from \${products} where \${products.stock} = 0\`);
            return db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
          }`,
        'apps/api/src/modules/catalog/catalog.test.ts': `
          import { products } from '../../db/schema.js';
          import type { Db } from '../../db/client.js';
          export const setStock = (db: Db) => db.update(products).set({ stock: 3 });`,
      });
      expect(lines(root)).toEqual([]);
    });

    it('catches Drizzle writes of stock, through a spread, a variable, a helper and an alias too', () => {
      const root = tree({
        ...STORE,
        'apps/api/src/modules/cart/service.ts': `
          import { sql } from 'drizzle-orm';
          import type { Db } from '../../db/client.js';
          import { products, productVariations as sizes } from '../../db/schema.js';
          const columns = (n: number) => ({ name: 'Brinco', stock: n });
          export async function addToCart(db: Db) {
            await db.update(products).set({ stock: sql\`\${products.stock} - 1\` });
            const changes = { ...columns(2) };
            await db.update(sizes).set(changes);
            const table = products;
            await db.insert(table).values([{ name: 'Pulseira' }, columns(4)]);
            await db
              .insert(sizes)
              .values({ productId: 1, name: '16' })
              .onConflictDoUpdate({ target: sizes.id, set: { stock: 0 } });
          }`,
      });
      expect(lines(root)).toEqual([
        'apps/api/src/modules/cart/service.ts:6: writes the stock of products: .set(): only modules/stock/ changes a quantity (docs/stock.md)',
        'apps/api/src/modules/cart/service.ts:8: writes the stock of product_variations: .set(): only modules/stock/ changes a quantity (docs/stock.md)',
        'apps/api/src/modules/cart/service.ts:10: writes the stock of products: .values(): only modules/stock/ changes a quantity (docs/stock.md)',
        'apps/api/src/modules/cart/service.ts:14: writes the stock of product_variations: .onConflictDoUpdate(): only modules/stock/ changes a quantity (docs/stock.md)',
      ]);
    });

    it('catches raw SQL writing stock, whether the table and column are spelled or interpolated', () => {
      const root = tree({
        ...STORE,
        'apps/api/src/lib/restock.ts': `
          import { sql } from 'drizzle-orm';
          import { products } from '../db/schema.js';
          export const statements = [
            sql\`update \${products} set \${products.stock} = 0 where id = 1\`,
            'UPDATE product_variations AS v SET name = $1, "stock" = v.stock + 1 WHERE id = $2',
            \`insert into "products" (name, stock) values ('Anel', 3)\`,
          ];`,
      });
      expect(lines(root)).toEqual([
        'apps/api/src/lib/restock.ts:4: writes the stock of products in raw SQL: only modules/stock/ changes a quantity (docs/stock.md)',
        'apps/api/src/lib/restock.ts:5: writes the stock of product_variations in raw SQL: only modules/stock/ changes a quantity (docs/stock.md)',
        'apps/api/src/lib/restock.ts:6: writes the stock of products in raw SQL: only modules/stock/ changes a quantity (docs/stock.md)',
      ]);
    });
  });

  describe('7. what loads on first use is not imported at load', () => {
    it('catches a static import of sharp or PGlite; import(), import type and the migrator pass', () => {
      const root = tree({
        'apps/api/src/modules/catalog/pictures.ts': `
          import sharp from 'sharp';
          import type { Sharp } from 'sharp';
          export const load = () => import('qrcode');
          export const resize = (s: Sharp) => sharp ?? s;`,
        'apps/api/src/db/open.ts': `
          import type { PGlite } from '@electric-sql/pglite';
          import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
          import { migrate } from 'drizzle-orm/pglite/migrator';
          export const open = (p: PGlite) => [p, pg_trgm, migrate];`,
      });
      expect(lines(root)).toEqual([
        "apps/api/src/db/open.ts:2: imports '@electric-sql/pglite/contrib/pg_trgm' at load: it loads on first use (import() it, as lib/on-first-use.ts does)",
        "apps/api/src/modules/catalog/pictures.ts:1: imports 'sharp' at load: it loads on first use (import() it, as lib/on-first-use.ts does)",
      ]);
    });
  });

  it('prints path:line: problem lines and exits 1 when anything is wrong', () => {
    const root = tree({
      'apps/api/src/modules/cart/service.ts': `
        import { findProduct } from '../catalog/service.js';
        export const addToCart = () => findProduct(1);`,
    });
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      "apps/api/src/modules/cart/service.ts:1: imports apps/api/src/modules/catalog/service.ts: import module 'catalog' through apps/api/src/modules/catalog/index.ts",
      expect.stringMatching(/^check-boundaries: 1 problem\(s\) in \d+ files \(/),
    ]);
  });
});
