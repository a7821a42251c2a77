#!/usr/bin/env node
// The shop's search on 10,000 products (docs/search-contract.md): EXPLAIN ANALYZE of the SQL the
// catalog service runs for each try (median of 7), then the service itself end to end (statements
// and compositions, median and p95 of 30), on PostgreSQL. A database of its own, filled with
// big-catalog's products and vacuumed as autovacuum would leave it, dropped at the end (KEEP=1
// keeps it):
//
//   TEST_DATABASE_URL=postgres://… node --import tsx bench/search-explain.mjs
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { appPaths } from '../apps/api/src/lib/paths.ts';
import { createCatalogService } from '../apps/api/src/modules/catalog/service.ts';
import { searchWords } from '../packages/domain/src/catalog.ts';
import { NO_LISTING_FILTERS } from '../packages/domain/src/listing.ts';
import { adminStatement, databaseUrl } from '../apps/api/test/postgres-admin.ts';
import { productRows } from './big-catalog/fill.mjs';
const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!admin) throw new Error('BENCH_DATABASE_URL or TEST_DATABASE_URL: a PostgreSQL server');
const NAME = 'semijoias_search_bench';
await adminStatement(admin, `drop database if exists ${NAME}`);
await adminStatement(admin, `create database ${NAME}`);
const database = await openDatabase({
  kind: 'postgres',
  url: databaseUrl(admin, NAME),
  poolMax: 1,
});
const pool = database.pool;
try {
  await runMigrations(database, appPaths().migrations);
  const rows = productRows(10_000);
  const col = (k) => rows.map((r) => r[k]);
  await pool.query(`delete from products`);
  await pool.query(
    `insert into products (id, slug, name, category, price_cents, original_price_cents, description, image, img_pessoa, image_carrossel, composicao_img_1, composicao_img_2, stock, novo, promocao, sales_count, variation_axis, search_text, plating, created_at)
     select id, slug, name, category, price, original, description, image, image, '', image, image, stock, novo, promocao, sales, axis, search, plating, now() - (id % 700) * interval '1 day'
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[], $9::int[], $10::bool[], $11::bool[], $12::int[], $13::text[], $14::text[], $15::text[])
       as t(id, slug, name, category, price, original, description, image, stock, novo, promocao, sales, axis, search, plating)`,
    [
      'id',
      'slug',
      'name',
      'category',
      'priceCents',
      'originalPriceCents',
      'description',
      'image',
      'stock',
      'novo',
      'promocao',
      'salesCount',
      'variationAxis',
      'searchText',
      'plating',
    ].map(col),
  );
  // Sizes as big-catalog has them: rings 14 to 22, the others 40 to 70 cm; a few sold out.
  await pool.query(
    `insert into product_variations (product_id, name, position, stock)
     select p.id,
            case when p.variation_axis = 'Aro' then (12 + 2 * s)::text
                 else (array['40 cm', '45 cm', '50 cm', '60 cm', '70 cm'])[s] end,
            s, case when (p.id + s) % 10 = 0 then 0 else 1 + (p.id * s) % 40 end
     from products p, generate_series(1, case when p.variation_axis = 'Aro' then 5 else 4 end) s
     where p.variation_axis is not null`,
  );
  await pool.query('vacuum analyze product_variations');
  // As autovacuum leaves a table: the GIN indexes' pending lists merged (a fresh bulk insert
  // keeps every new entry in them, and the planner then reads every row instead).
  await pool.query('vacuum analyze products');
  console.log('products:', (await pool.query('select count(*)::int n from products')).rows[0].n);
  console.log(
    'sample names:',
    (await pool.query('select name from products where id <= 4')).rows.map((r) => r.name),
  );

  const esc = (w) => `\\m${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  const cols = 'id, name, category, price_cents, stock';
  const name = `lower_unaccent(name)`;
  const exactWhere = (ws) =>
    ws.map((w, i) => `search_text ~ $${i + 1}`).join(' and ') + ' and hidden_at is null';
  const missing = async (w) =>
    (
      await pool.query(
        `select 1 from products where search_text ~ $1 and hidden_at is null limit 1`,
        [esc(w)],
      )
    ).rows.length === 0;
  async function explain(label, sql, params) {
    for (let i = 0; i < 3; i++) await pool.query(sql, params); // warm
    const times = [];
    let plan = '';
    for (let i = 0; i < 7; i++) {
      const { rows } = await pool.query(`explain (analyze, buffers off) ${sql}`, params);
      plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]));
    }
    times.sort((a, b) => a - b);
    console.log(`\n=== ${label}: median ${times[3]} ms, fastest ${times[0]} ms of 7\n${plan}`);
  }
  for (const text of ['anel', 'anel dourado', 'perola', 'co']) {
    const ws = searchWords(text);
    const ps = ws.map(esc);
    await explain(
      `exact page 1 "${text}"`,
      `select ${cols} from products where ${exactWhere(ws)} order by sales_count desc nulls last, id limit 36 offset 0`,
      ps,
    );
    await explain(
      `exact count "${text}"`,
      `select count(*) from products where ${exactWhere(ws)}`,
      ps,
    );
  }
  for (const text of ['colr', 'brinko', 'brinko perola', 'brinco prola', 'xyzzyqq']) {
    const ws = searchWords(text);
    // The words no piece has as typed are the near ones (the service's second try).
    const nearOnes = await Promise.all(ws.map(missing));
    const ps = [];
    const conds = [];
    const closeness = [];
    ws.forEach((w, i) => {
      if (nearOnes[i]) {
        ps.push(w);
        conds.push(`$${ps.length} <% ${name}`);
        closeness.push(`word_similarity($${ps.length}, ${name})`);
      } else {
        ps.push(esc(w));
        conds.push(`search_text ~ $${ps.length}`);
      }
    });
    await explain(
      `near page 1 with its count "${text}" (near: ${nearOnes})`,
      `select ${cols}, count(*) over () from products where ${conds.join(' and ')} and hidden_at is null order by (${closeness.join(' + ')}) desc, sales_count desc nulls last, id limit 36 offset 0`,
      ps,
    );
  }

  // The service itself, end to end (statements, compositions), median of 30.
  const catalog = createCatalogService(database.db);
  const median30 = async (label, run) => {
    const times = [];
    let last;
    for (let i = 0; i < 32; i++) {
      const t = performance.now();
      last = await run();
      if (i >= 2) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}: total ${last.total}, median ${times[15].toFixed(2)}, p95 ${times[28].toFixed(2)}`,
    );
  };
  // Sorted and filtered (issue 34 item 2), the service end to end: a category's 2,500 pieces and
  // a search's, each page with its count, then what the filters offer.
  console.log('\n=== service, sorted and filtered (median / p95 of 30, ms)');
  const f = (over) => ({ ...NO_LISTING_FILTERS, ...over });
  for (const [label, filters, offset] of [
    ['category, menor-preco', f({ sort: 'menor-preco' }), 0],
    ['category, menor-preco page 30', f({ sort: 'menor-preco' }), 36 * 30],
    ['category, novidades', f({ sort: 'novidades' }), 0],
    ['category, mais-vendidos', f({ sort: 'mais-vendidos' }), 0],
    ['category, banho=dourado', f({ platings: ['dourado'] }), 0],
    [
      'category, banho=dourado+rose, 50-150, menor-preco',
      f({
        sort: 'menor-preco',
        platings: ['dourado', 'rose'],
        priceMinCents: 5000,
        priceMaxCents: 15000,
      }),
      0,
    ],
    ['category, tamanho=16', f({ sizes: ['16'] }), 0],
    ['category, promocao, maior-preco', f({ sort: 'maior-preco', promo: true }), 0],
  ]) {
    await median30(`Anel ${label} offset ${offset}`, () =>
      catalog.pageByCategory('Anel', 36, offset, filters),
    );
  }
  for (const [text, filters] of [
    ['anel', f({ sort: 'menor-preco' })],
    ['anel', f({ platings: ['dourado'], sort: 'maior-preco' })],
    ['coracao', f({ priceMinCents: 5000, priceMaxCents: 15000 })],
    ['colr', f({ promo: true })],
    ['anel', f({ sizes: ['16'] })],
  ]) {
    await median30(`search "${text}" ${JSON.stringify(filters)}`, () =>
      catalog.searchPage(searchWords(text), 36, 0, { filters }),
    );
  }
  for (const category of ['Anel', 'Colar']) {
    await median30(`facets of ${category}`, () => catalog.categoryFacets(category));
  }
  for (const text of ['anel', 'coracao', 'colr']) {
    await median30(`facets of search "${text}"`, () => catalog.searchFacets(searchWords(text)));
  }

  console.log('\n=== service searchPage (median / p95 of 30, ms)');
  for (const text of ['anel', 'colr', 'brinko']) {
    const ws = searchWords(text);
    const times = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      await catalog.searchProducts(ws, 24);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`dropdown "${text}": median ${times[15].toFixed(2)}, p95 ${times[28].toFixed(2)}`);
  }
  for (const [text, offset] of [
    ['anel', 0],
    ['anel', 36 * 20],
    ['anel dourado', 0],
    ['perola', 0],
    ['colr', 0],
    ['colr', 36 * 10],
    ['brinko perola', 0],
    ['brinco prola', 0],
    ['xyzzyqq', 0],
  ]) {
    const ws = searchWords(text);
    const times = [];
    let last;
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      last = await catalog.searchPage(ws, 36, offset);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `"${text}" offset ${offset}: total ${last.total}${last.approximate ? ' (near)' : ''}, median ${times[15].toFixed(2)}, p95 ${times[28].toFixed(2)}`,
    );
  }
} finally {
  await database.close();
  if (!process.env.KEEP) await adminStatement(admin, `drop database if exists ${NAME}`);
}
