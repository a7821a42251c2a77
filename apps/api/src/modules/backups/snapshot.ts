/**
 * Copies the whole database into a folder, as one consistent moment: every table is read inside
 * one `repeatable read` transaction, so an order, its lines, its stock movements and its coupon
 * use are all in the backup or none is, while shoppers keep buying (on PostgreSQL the backup
 * holds one pooled connection and blocks no one; the embedded PGlite has one connection, so its
 * queries wait for the copy — a small shop's copy takes a moment).
 *
 * Each table becomes `banco/<table>.jsonl`, one row per line as PostgreSQL's own `to_jsonb`
 * writes it, read through a cursor in batches (memory stays flat). The pictures' bytes become
 * files of their own, `fotos/<path>`, so the archive opens in any tool and shows them.
 */
import { open, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { migrationJournal } from '../../db/migrate.js';
import { describeFile, type MemberFile } from './archive.js';
import {
  appliedMigration,
  NOT_BACKED_UP,
  PICTURE_CONTENT_COLUMN,
  PICTURES_TABLE,
  rowsOf,
  sequenceValues,
  tablesInRestoreOrder,
} from './database-tables.js';
import { BACKUP_FORMAT, PICTURE_MEMBER, TABLE_MEMBER, type BackupManifest } from './manifest.js';

const ROWS_PER_FETCH = 1000;
const PICTURES_PER_FETCH = 20;

export interface Snapshot {
  manifest: BackupManifest;
  members: MemberFile[];
}

export async function takeSnapshot(
  database: Database,
  folder: string,
  about: { version: string; migrationsFolder: string; at: Date },
): Promise<Snapshot> {
  const members: MemberFile[] = [];
  const snapshot = await database.db.transaction(
    async (tx) => {
      const migration = await appliedMigration(tx);
      if (migration === null) throw new Error('o banco nunca foi migrado: nada a copiar');
      const tables: BackupManifest['tabelas'] = [];
      for (const table of await tablesInRestoreOrder(tx)) {
        if (NOT_BACKED_UP.includes(table)) continue;
        const file = join(folder, TABLE_MEMBER(table));
        const lines =
          table === PICTURES_TABLE
            ? await copyPictures(tx, file, folder, members)
            : await copyTable(tx, table, file);
        members.push({ name: TABLE_MEMBER(table), path: file });
        tables.push({ nome: table, linhas: lines });
      }
      const [counts] = await rowsOf<{ clientes: number; pedidos: number; produtos: number }>(
        tx,
        sql`select (select count(*) from users where role <> 'owner')::int as clientes,
                   (select count(*) from orders)::int as pedidos,
                   (select count(*) from products)::int as produtos`,
      );
      return {
        migration,
        tables,
        counts: counts!,
        sequences: await sequenceValues(tx),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const journal = migrationJournal(about.migrationsFolder);
  const tag = journal.entries.find((e) => e.when === snapshot.migration)?.tag ?? 'desconhecida';
  const described = [];
  for (const member of members) {
    const { size, sha256 } = await describeFile(member.path);
    described.push({ nome: member.name, tamanho: size, sha256 });
  }
  const pictures = snapshot.tables.find((t) => t.nome === PICTURES_TABLE)?.linhas ?? 0;
  return {
    manifest: {
      formato: BACKUP_FORMAT,
      loja: { versao: about.version },
      migracao: { nome: tag, criada_em: snapshot.migration },
      criado_em: about.at.toISOString(),
      banco: database.kind,
      contagens: { ...snapshot.counts, fotos: pictures },
      tabelas: snapshot.tables,
      sequencias: snapshot.sequences,
      membros: described,
    },
    members,
  };
}

async function openFile(path: string) {
  await mkdir(dirname(path), { recursive: true });
  return open(path, 'wx', 0o600);
}

/** One table through a cursor into JSON lines; answers how many rows. */
async function copyTable(tx: Db, table: string, file: string): Promise<number> {
  const out = await openFile(file);
  let count = 0;
  try {
    await tx.execute(
      sql`declare backup_rows no scroll cursor for select to_jsonb(t)::text as r from ${sql.identifier(table)} t`,
    );
    for (;;) {
      const rows = await rowsOf<{ r: string }>(
        tx,
        sql.raw(`fetch ${ROWS_PER_FETCH} from backup_rows`),
      );
      if (rows.length === 0) break;
      await out.write(rows.map((row) => `${row.r}\n`).join(''));
      count += rows.length;
    }
    await tx.execute(sql`close backup_rows`);
  } finally {
    await out.close();
  }
  return count;
}

/** The pictures: each row without its bytes into JSON lines, the bytes into `fotos/<path>`. */
async function copyPictures(
  tx: Db,
  file: string,
  folder: string,
  members: MemberFile[],
): Promise<number> {
  const out = await openFile(file);
  let count = 0;
  try {
    await tx.execute(
      sql`declare backup_pictures no scroll cursor for
          select (to_jsonb(t) - ${PICTURE_CONTENT_COLUMN})::text as r, t.path as path,
                 t.${sql.identifier(PICTURE_CONTENT_COLUMN)} as content
          from ${sql.identifier(PICTURES_TABLE)} t`,
    );
    for (;;) {
      const rows = await rowsOf<{ r: string; path: string; content: Uint8Array }>(
        tx,
        sql.raw(`fetch ${PICTURES_PER_FETCH} from backup_pictures`),
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        const name = PICTURE_MEMBER(row.path);
        const picture = await openFile(join(folder, name));
        try {
          await picture.write(row.content);
        } finally {
          await picture.close();
        }
        members.push({ name, path: join(folder, name) });
        await out.write(`${row.r}\n`);
        count += 1;
      }
    }
    await tx.execute(sql`close backup_pictures`);
  } finally {
    await out.close();
  }
  return count;
}
