/**
 * What the backup and the restore read from the database's own catalog, so that a table added
 * later is backed up without anyone remembering to list it: the store's tables in the order
 * their foreign keys allow (a table after those it refers to), their columns, their sequences.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The one table whose bytes travel as files of their own (`fotos/...`) rather than as JSON. */
export const PICTURES_TABLE = 'media_files';
export const PICTURE_CONTENT_COLUMN = 'content';

/**
 * Tables that describe the running instances, not the shop: a restored claim would stop the next
 * scheduled backup until it lapsed. They come back empty.
 */
export const NOT_BACKED_UP: readonly string[] = ['job_claims'];

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Every base table of the schema `public`, parents before children, then by name. */
export async function tablesInRestoreOrder(db: Db): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    )
  ).map((t) => t.name);
  const links = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parentsOf = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of links) if (child !== parent) parentsOf.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...parentsOf.get(t)!].every((p) => placed.has(p)),
    );
    // A cycle of foreign keys (none today) would leave nothing ready: take the rest as they come.
    const next = ready.length > 0 ? ready : tables.filter((t) => !placed.has(t));
    for (const t of next) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** The columns a restore may write (generated ones are computed by the database). */
export async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

/** The sequences of `public` (serial and identity columns) with their last value handed out. */
export async function sequenceValues(db: Db): Promise<{ nome: string; valor: number | null }[]> {
  const rows = await rowsOf<{ name: string; value: string | number | null }>(
    db,
    sql`select sequencename as name, last_value as value from pg_sequences
        where schemaname = 'public' order by sequencename`,
  );
  return rows.map((r) => ({ nome: r.name, valor: r.value === null ? null : Number(r.value) }));
}

/** The newest migration drizzle recorded (its journal time), or null on a database never migrated. */
export async function appliedMigration(db: Db): Promise<number | null> {
  const [row] = await rowsOf<{ applied: string | number | null }>(
    db,
    sql`select max(created_at)::bigint as applied from drizzle.__drizzle_migrations`,
  );
  return row?.applied == null ? null : Number(row.applied);
}
