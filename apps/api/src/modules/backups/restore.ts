/**
 * Puts a backup back (`npm run restore`): into PostgreSQL (DATABASE_URL) or the embedded PGlite,
 * whichever made it — a demonstration store on PGlite moves to PostgreSQL this way too.
 *
 * In this order, so that nothing is touched before everything is known to be right:
 * 1. the archive is read into a work folder, every member checked against the manifest (a
 *    damaged file is refused, `--force` or not);
 * 2. its migration must be one this release knows (a backup of a newer store is refused);
 * 3. the database must hold no shop (no account, order, product or picture) unless
 *    `--force`; on PostgreSQL, no other session may be connected to it (a running store would
 *    write into the restore). The store's tables there (empty, or the shop --force replaces) are
 *    dropped;
 * 4. the schema is built up to the backup's migration, every table is loaded in one transaction
 *    (its triggers off: the stock ledger is restored as it was, not written again), the sequences
 *    set where they were, the counts compared with the manifest's; then this release's newer
 *    migrations run over the restored data, as they would have over the live store.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { migrationJournal, runMigrations, runMigrationsUpTo } from '../../db/migrate.js';
import { readArchive } from './archive.js';
import {
  PICTURE_CONTENT_COLUMN,
  PICTURES_TABLE,
  rowsOf,
  tablesInRestoreOrder,
  writableColumns,
} from './database-tables.js';
import {
  BackupRefusedError,
  PICTURE_MEMBER,
  TABLE_MEMBER,
  type BackupCounts,
  type BackupManifest,
} from './manifest.js';

const ROWS_PER_INSERT = 500;
/**
 * The restore's own connections name themselves (`npm run restore` opens them so), and any other
 * session on the database — a running store, a forgotten psql — stops it.
 */
export const RESTORE_APPLICATION_NAME = 'semijoias-restauracao';

export interface RestoreOptions {
  file: string;
  database: Database;
  migrationsFolder: string;
  /** Replace whatever the database holds. Never skips the archive's checks. */
  force: boolean;
  /** Where the archive is unpacked while restoring (default: the system's temporary folder). */
  workDir?: string;
}

export interface RestoreOutcome {
  manifest: BackupManifest;
  counts: BackupCounts;
  tables: { nome: string; linhas: number }[];
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreOutcome> {
  const { database, migrationsFolder } = options;
  const work = await mkdtemp(join(options.workDir ?? tmpdir(), 'semijoias-restauracao-'));
  try {
    const manifest = await readArchive(options.file, work);
    const known = migrationJournal(migrationsFolder).entries.some(
      (e) => e.when === manifest.migracao.criada_em,
    );
    if (!known)
      throw new BackupRefusedError(
        `O backup foi feito na migração ${manifest.migracao.nome}, que esta versão da loja não ` +
          `conhece (versão do backup: ${manifest.loja.versao}). Restaure com essa versão ou uma mais nova.`,
      );
    if (database.kind === 'postgres') await refuseOtherSessions(database.db);
    if (!options.force && (await holdsAShop(database.db)))
      throw new BackupRefusedError(
        'O banco de destino já tem dados da loja (contas, pedidos, produtos ou fotos). ' +
          'Restaure num banco vazio, ou use --force para substituí-los pelo backup.',
      );
    // Whatever schema is there (a store started once, empty; a newer release's) goes: the backup
    // is loaded into the schema of its own migration, built afresh.
    await dropStoreSchema(database.db);
    await runMigrationsUpTo(database, migrationsFolder, manifest.migracao.criada_em);
    const loaded = await database.db.transaction((tx) => loadTables(tx, manifest, work));
    await runMigrations(database, migrationsFolder);
    return { manifest, ...loaded };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function refuseOtherSessions(db: Db): Promise<void> {
  const [row] = await rowsOf<{ others: number }>(
    db,
    sql`select count(*)::int as others from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and coalesce(application_name, '') <> current_setting('application_name')`,
  );
  if ((row?.others ?? 0) > 0)
    throw new BackupRefusedError(
      `Há ${row!.others} outra(s) conexão(ões) abertas neste banco: pare a loja (e feche o psql, ` +
        'se houver) antes de restaurar.',
    );
}

/**
 * Whether the database holds a shop: any account, order, product or picture. (Not coupons: the
 * welcome coupon is written by a migration, so every store has one.)
 */
export async function holdsAShop(db: Db): Promise<boolean> {
  const tables = new Set(await tablesInRestoreOrder(db));
  for (const table of ['users', 'orders', 'products', PICTURES_TABLE]) {
    if (!tables.has(table)) continue;
    const rows = await rowsOf(db, sql`select 1 from ${sql.identifier(table)} limit 1`);
    if (rows.length > 0) return true;
  }
  return false;
}

/**
 * `--force`: the store's tables, functions and migration records go, nothing else. An extension's
 * functions (pg_trgm's, migration 0016) stay with it: the migrations create it if it is missing.
 */
async function dropStoreSchema(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of (await tablesInRestoreOrder(tx)).reverse())
      await tx.execute(sql`drop table if exists ${sql.identifier(table)} cascade`);
    const functions = await rowsOf<{ signature: string }>(
      tx,
      sql`select format('%I(%s)', p.proname, pg_get_function_identity_arguments(p.oid)) as signature
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
            and not exists (select 1 from pg_depend d
                            where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    );
    for (const f of functions)
      await tx.execute(sql.raw(`drop function if exists public.${f.signature} cascade`));
    for (const { name } of await rowsOf<{ name: string }>(
      tx,
      sql`select sequencename as name from pg_sequences where schemaname = 'public'`,
    ))
      await tx.execute(sql`drop sequence if exists ${sql.identifier(name)} cascade`);
    for (const { name } of await rowsOf<{ name: string }>(
      tx,
      sql`select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname = 'public' and t.typtype in ('e', 'd')`,
    ))
      await tx.execute(sql`drop type if exists ${sql.identifier(name)} cascade`);
    await tx.execute(sql`drop schema if exists drizzle cascade`);
  });
}

async function loadTables(
  tx: Db,
  manifest: BackupManifest,
  work: string,
): Promise<Omit<RestoreOutcome, 'manifest'>> {
  const present = await tablesInRestoreOrder(tx);
  const missing = manifest.tabelas.find((t) => !present.includes(t.nome));
  if (missing)
    throw new BackupRefusedError(`A tabela ${missing.nome} do backup não existe na migração dele.`);
  // Rows the migrations wrote (defaults of a setting) give way to the backup's own.
  await tx.execute(
    sql`truncate ${sql.join(
      present.map((t) => sql.identifier(t)),
      sql`, `,
    )} restart identity cascade`,
  );
  for (const table of present)
    await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
  const tables: RestoreOutcome['tables'] = [];
  for (const { nome, linhas } of manifest.tabelas) {
    const loaded =
      nome === PICTURES_TABLE ? await loadPictures(tx, work) : await loadTable(tx, nome, work);
    if (loaded !== linhas)
      throw new BackupRefusedError(
        `A tabela ${nome} tem ${linhas} linhas no manifesto, mas ${loaded} no arquivo.`,
      );
    tables.push({ nome, linhas: loaded });
  }
  for (const { nome, valor } of manifest.sequencias) {
    if (valor === null) continue;
    await tx.execute(sql`select setval(${`public.${quoteIdent(nome)}`}::regclass, ${valor}, true)`);
  }
  // The deferred foreign keys (a sale's ledger entry names its order) are checked now: a table
  // cannot take its triggers back with checks pending.
  await tx.execute(sql`set constraints all immediate`);
  for (const table of present)
    await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
  const [counts] = await rowsOf<Omit<BackupCounts, 'fotos'>>(
    tx,
    sql`select (select count(*) from users where role <> 'owner')::int as clientes,
               (select count(*) from orders)::int as pedidos,
               (select count(*) from products)::int as produtos`,
  );
  const restored = {
    ...counts!,
    fotos: tables.find((t) => t.nome === PICTURES_TABLE)?.linhas ?? 0,
  };
  for (const key of Object.keys(restored) as (keyof BackupCounts)[])
    if (restored[key] !== manifest.contagens[key])
      throw new BackupRefusedError(
        `Restaurados ${restored[key]} ${key}, mas o manifesto diz ${manifest.contagens[key]}.`,
      );
  return { counts: restored, tables };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function* jsonLines(path: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== '') yield line;
}

/** JSON lines in batches, each one `insert … select from json_populate_recordset`. */
async function loadTable(tx: Db, table: string, work: string): Promise<number> {
  const columns = await writableColumns(tx, table);
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  let count = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${list})
          select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::json)`,
    );
    count += batch.length;
    batch = [];
  };
  for await (const line of jsonLines(join(work, TABLE_MEMBER(table)))) {
    batch.push(line);
    if (batch.length >= ROWS_PER_INSERT) await flush();
  }
  await flush();
  return count;
}

/** The pictures: each row with its bytes read back from `fotos/<path>`. */
async function loadPictures(tx: Db, work: string): Promise<number> {
  const columns = (await writableColumns(tx, PICTURES_TABLE)).filter(
    (c) => c !== PICTURE_CONTENT_COLUMN,
  );
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  let count = 0;
  for await (const line of jsonLines(join(work, TABLE_MEMBER(PICTURES_TABLE)))) {
    const { path } = JSON.parse(line) as { path: string };
    const content = await readFile(join(work, PICTURE_MEMBER(path)));
    await tx.execute(
      sql`insert into ${sql.identifier(PICTURES_TABLE)} (${list}, ${sql.identifier(PICTURE_CONTENT_COLUMN)})
          select ${list}, ${content}::bytea from json_populate_record(null::${sql.identifier(PICTURES_TABLE)}, ${line}::json)`,
    );
    count += 1;
  }
  return count;
}
