/**
 * The store's backups (docs/backups.md): one consistent copy of the database and the
 * pictures in one .tar.gz (snapshot.ts, archive.ts), in BACKUP_DIR, the newest BACKUP_KEEP kept.
 *
 * - On a schedule: at each sweep (a SweepTask), when the newest backup in the folder is older than
 *   BACKUP_EVERY_HOURS, one instance claims the job in PostgreSQL (job_claims, one guarded
 *   upsert) and makes it; the others find the claim taken, or the new file, and do nothing.
 * - On demand: the back office (POST /api/admin/backups/) and `npm run backup`.
 * A backup is written under a `.partial` name and renamed when whole, so a listing or a download
 * never sees half a file, and a crash leaves nothing that looks like a backup.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { SweepTask } from '../../lib/sweep-task.js';
import { writeArchive } from './archive.js';
import { rowsOf } from './database-tables.js';
import { backupNameFor, listBackups, type BackupFile } from './files.js';
import type { BackupManifest } from './manifest.js';
import { takeSnapshot } from './snapshot.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export const BACKUP_JOB = 'backup';
/** A claim lapses after this: an instance that died mid-backup does not block the next one. */
const CLAIM_MS = 2 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface MadeBackup extends BackupFile {
  manifest: BackupManifest;
}

export interface BackupService extends SweepTask {
  /** A backup now; a second call while one is being made waits for it and answers it. */
  runNow(): Promise<MadeBackup>;
  list(): Promise<BackupFile[]>;
}

export interface BackupServiceOptions {
  database: Database;
  config: Pick<Config, 'backups' | 'storeVersion' | 'paths'>;
  log: Log;
  now?: () => Date;
}

export function createBackupService(options: BackupServiceOptions): BackupService {
  const { database, config, log } = options;
  const now = options.now ?? (() => new Date());
  const dir = config.backups.dir;
  const me = `${hostname()}:${process.pid}`;
  let inFlight: Promise<MadeBackup> | null = null;

  async function make(at: Date): Promise<MadeBackup> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const name = backupNameFor(at);
    const work = await mkdtemp(join(dir, '.trabalho-'));
    const partial = join(dir, `${name}.${randomUUID()}.partial`);
    const started = performance.now();
    try {
      const { manifest, members } = await takeSnapshot(database, work, {
        version: config.storeVersion,
        migrationsFolder: config.paths.migrations,
        at,
      });
      await writeArchive(partial, manifest, members);
      const path = join(dir, name);
      await rename(partial, path);
      const { size } = await stat(path);
      log.info(
        {
          arquivo: name,
          bytes: size,
          ms: Math.round(performance.now() - started),
          ...manifest.contagens,
        },
        'backup: feito',
      );
      await prune();
      await database.db.execute(
        sql`insert into job_claims (job, last_finished_at) values (${BACKUP_JOB}, ${at})
            on conflict (job) do update set last_finished_at =
              greatest(job_claims.last_finished_at, excluded.last_finished_at)`,
      );
      return { name, path, sizeBytes: size, createdAt: at, manifest };
    } finally {
      await rm(work, { recursive: true, force: true });
      await rm(partial, { force: true });
    }
  }

  /** The newest BACKUP_KEEP stay; older ones are deleted. */
  async function prune(): Promise<void> {
    const backups = await listBackups(dir);
    for (const old of backups.slice(config.backups.keep)) {
      await rm(old.path, { force: true });
      log.info({ arquivo: old.name }, 'backup: antigo apagado (BACKUP_KEEP)');
    }
  }

  /** Leftovers of a backup cut short (a crash, a forced stop) once nobody can still be writing them. */
  async function sweepLeftovers(at: Date): Promise<void> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith('.partial') && !name.startsWith('.trabalho-')) continue;
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info && at.getTime() - info.mtimeMs > CLAIM_MS)
        await rm(path, { recursive: true, force: true });
    }
  }

  /** One guarded statement: the claim is taken only when free and no backup is recent enough. */
  async function claim(at: Date, dueBefore: Date): Promise<boolean> {
    const rows = await rowsOf(
      database.db,
      sql`insert into job_claims (job, claimed_until, claimed_by)
          values (${BACKUP_JOB}, ${new Date(at.getTime() + CLAIM_MS)}, ${me})
          on conflict (job) do update
            set claimed_until = excluded.claimed_until, claimed_by = excluded.claimed_by
            where (job_claims.claimed_until is null or job_claims.claimed_until <= ${at})
              and (job_claims.last_finished_at is null or job_claims.last_finished_at <= ${dueBefore})
          returning job`,
    );
    return rows.length > 0;
  }

  async function release(): Promise<void> {
    await database.db.execute(
      sql`update job_claims set claimed_until = null, claimed_by = null
          where job = ${BACKUP_JOB} and claimed_by = ${me}`,
    );
  }

  /** One backup at a time in this process: a second asker gets the one being made. */
  function makeOnce(at: Date): Promise<MadeBackup> {
    inFlight ??= make(at).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    name: 'backup',
    runNow: () => makeOnce(now()),
    list: () => listBackups(dir),
    async runOnce(at: Date) {
      const everyHours = config.backups.everyHours;
      if (everyHours === 0) return;
      await sweepLeftovers(at);
      const dueBefore = new Date(at.getTime() - everyHours * HOUR_MS);
      const [newest] = await listBackups(dir);
      if (newest && newest.createdAt > dueBefore) return;
      if (!(await claim(at, dueBefore))) return;
      try {
        await makeOnce(at);
      } finally {
        await release();
      }
    },
  };
}
