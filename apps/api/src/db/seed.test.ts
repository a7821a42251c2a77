import { asc, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { productSearchText } from '@semijoias/domain/catalog';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers.js';
import { catalogSeed, catalogSeedProblems, type SeedProduct } from './catalog-data.js';
import { runMigrations } from './migrate.js';
import { productCompositions, products } from './schema.js';
import { insertProducts, seedCatalog } from './seed.js';

let current: TestDatabase | undefined;
afterEach(async () => {
  await current?.drop();
  current = undefined;
});

// The real path (initdb, every migration, the seed), not the run's snapshot: it is the subject
// of the first test and of runMigrations'. The others ask the seed's own questions of the run's
// copy (migrated, or migrated and seeded by this same seedCatalog): 4-5 s less each on PGlite.
async function fresh(seed: boolean) {
  current = await createTestDatabase({ seed, fresh: true });
  return current.database.db;
}
async function copied(seed: boolean) {
  current = await createTestDatabase({ seed });
  return current.database.db;
}

describe('the catalog seed data', () => {
  it('is consistent (the content module checks itself)', () => {
    expect(catalogSeedProblems()).toEqual([]);
  });
});

describe('seedCatalog', () => {
  it('fills an empty catalog once, and is a no-op afterwards', async () => {
    const db = await fresh(false);
    expect(await seedCatalog(db)).toEqual({ seeded: true, products: catalogSeed.length });
    expect(await seedCatalog(db)).toEqual({ seeded: false, products: catalogSeed.length });
    expect(await db.$count(products)).toBe(catalogSeed.length);
    const links = catalogSeed.reduce((n, p) => n + p.composicoes.length, 0);
    expect(await db.$count(productCompositions)).toBe(links);
  });

  it('two starts seeding at once insert the catalog once', async () => {
    const db = await copied(false);
    const results = await Promise.all([seedCatalog(db), seedCatalog(db)]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(await db.$count(products)).toBe(catalogSeed.length);
  });

  it('stores image paths relative to the media root and the normalized search text', async () => {
    const db = await copied(true);
    const [first] = await db.select().from(products).orderBy(asc(products.id)).limit(1);
    const seed = catalogSeed[0]!;
    expect(first).toMatchObject({
      slug: seed.key,
      image: `produtos/${seed.key}.svg`,
      imgPessoa: `produtos/${seed.key}-pessoa.svg`,
      composicaoImg3: seed.hasLook3 ? `produtos/${seed.key}-look-3.svg` : null,
      weightGrams: 200,
      searchText: productSearchText(seed),
    });
  });

  it('keeps the order of the compositions', async () => {
    const db = await copied(true);
    const seed = catalogSeed.find((p) => p.composicoes.length === 3)!;
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, seed.key));
    const links = await db
      .select({ slug: products.slug, position: productCompositions.position })
      .from(productCompositions)
      .innerJoin(products, eq(products.id, productCompositions.composedProductId))
      .where(eq(productCompositions.productId, row!.id))
      .orderBy(asc(productCompositions.position));
    expect(links.map((l) => l.slug)).toEqual(seed.composicoes);
  });

  it('a composition naming an unknown product fails, and the transaction leaves nothing', async () => {
    const db = await copied(false);
    const broken: SeedProduct[] = [{ ...catalogSeed[0]!, composicoes: ['nao-existe'] }];
    await expect(seedCatalog(db, broken)).rejects.toThrow(/nao-existe/);
    const [n] = await db.select({ n: count() }).from(products);
    expect(n?.n).toBe(0);
  });

  it('insertProducts adds products composing with ones already there (fixtures use it)', async () => {
    const db = await copied(true);
    const extra: SeedProduct = {
      ...catalogSeed.find((p) => p.category === 'Anel')!,
      key: 'anel-extra-de-teste',
      name: 'Anel Extra de Teste',
    };
    const ids = await insertProducts(db, [extra]);
    expect(ids.get('anel-extra-de-teste')).toBeTypeOf('number');
    expect(await db.$count(products)).toBe(catalogSeed.length + 1);
  });

  it('the database refuses negative stock and unknown categories', async () => {
    const db = await copied(true);
    await expect(
      db.update(products).set({ stock: -1 }).where(eq(products.slug, catalogSeed[0]!.key)),
    ).rejects.toThrow();
    await expect(
      insertProducts(db, [
        { ...catalogSeed[0]!, key: 'x-relogio', category: 'Relógio' as 'Anel', composicoes: [] },
      ]),
    ).rejects.toThrow();
  });
});

describe('runMigrations', () => {
  it('is a no-op the second time', async () => {
    current = await createTestDatabase({ seed: true, fresh: true });
    await runMigrations(current.database, testConfig().paths.migrations);
    expect(await current.database.db.$count(products)).toBe(catalogSeed.length);
  });
});
