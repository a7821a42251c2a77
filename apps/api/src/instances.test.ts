/**
 * Several instances of the store on one PostgreSQL behave as one store: they start
 * together on an empty database and migrate and seed it once; a picture uploaded through one is
 * served by the other; a catalog change made through one is seen by the other within a second.
 * PostgreSQL only: the embedded PGlite belongs to one process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMigrationMillis } from './db/migrate.js';
import { catalogSeed } from './db/catalog-data.js';
import { mediaFiles, products } from './db/schema.js';
import { buildApp } from './app.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../test/admin.js';
import { testConfig, testDatabaseUrl } from '../test/helpers.js';
import { adminStatement, databaseUrl, uniqueDatabaseName } from '../test/postgres-admin.js';
import { openDatabase, type Database } from './db/client.js';

const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)('two instances on one PostgreSQL', () => {
  const name = uniqueDatabaseName('semijoias_instances');
  let one: FastifyInstance;
  let other: FastifyInstance;
  let database: Database;

  const admin = (statement: string) => adminStatement(adminUrl!, statement);

  beforeAll(async () => {
    await admin(`create database "${name}"`);
    const url = databaseUrl(adminUrl!, name);
    const config = testConfig({
      databaseUrl: url,
      dbPoolMax: 4,
      seedDemoCatalog: true,
      adminEmails: [...OWNER_EMAILS],
    });
    // Both start at the same moment on the empty database: each opens, migrates and seeds.
    [one, other] = await Promise.all([
      buildApp({ config, logger: false, background: false }),
      buildApp({ config, logger: false, background: false }),
    ]);
    await Promise.all([one.ready(), other.ready()]);
    database = await openDatabase({ kind: 'postgres', url, poolMax: 2 });
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await other?.close();
    await database?.close();
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('migrates and seeds an empty database once when they start together', async () => {
    const journal = JSON.parse(
      readFileSync(join(testConfig().paths.migrations, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = (await database.db.execute(
      sql`select count(*)::int as n, max(created_at)::bigint as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number; newest: string }[] };
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    expect(Number(applied.rows[0]!.newest)).toBe(
      latestMigrationMillis(testConfig().paths.migrations),
    );
    const [seeded] = await database.db.select({ n: count() }).from(products);
    expect(seeded!.n).toBe(catalogSeed.length);
    for (const app of [one, other]) {
      expect((await app.inject({ url: '/api/health/ready/' })).statusCode).toBe(200);
    }
  });

  it('a picture uploaded through one instance is served by the other', async () => {
    const owner = await loggedInOwner(one, database);
    const picture = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: '#b08d57' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await one.inject({
      method: 'PUT',
      url: '/api/admin/produtos/1/imagens/image/',
      payload: picture,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/jpeg' },
    });
    expect(uploaded.statusCode).toBe(200);
    const url = (uploaded.json() as { produto: { imagens: { image: { url: string } } } }).produto
      .imagens.image.url;

    const served = await other.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 900, height: 900 });
    // In the database, so the loss of an instance's disk loses nothing.
    const [stored] = await database.db.select({ n: count() }).from(mediaFiles);
    expect(stored!.n).toBe(1);
    // Its picture for shared links too.
    const share = await other.inject({
      url: url.replace('/media/', '/media/compartilhar/').replace(/\.webp$/, '.jpg'),
    });
    expect(share.statusCode).toBe(200);
    expect(share.headers['content-type']).toBe('image/jpeg');
  });

  it('a catalog change made through one instance is seen by the other within a second', async () => {
    const detail = (app: FastifyInstance) =>
      app.inject({ url: '/api/produtos/detalhes/2/' }).then((r) => r.statusCode);
    expect(await detail(other)).toBe(200);
    expect(other.catalogCache.stats.entries).toBeGreaterThan(0); // kept in its memory now
    const owner = await loggedInOwner(one, database);
    const hidden = await adminCall(one, owner.token, 'POST', '/api/admin/produtos/2/ocultar/');
    expect(hidden.statusCode).toBe(200);
    const started = Date.now();
    let status = 200;
    while (status !== 404 && Date.now() - started < 1000) {
      status = await detail(other);
      if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(404);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
