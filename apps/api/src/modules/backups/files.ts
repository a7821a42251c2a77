/**
 * The backups folder (BACKUP_DIR): what is in it, newest first, and the names a backup may have.
 * A name carries its time (UTC, to the millisecond), so sorting names sorts by age, and a file
 * being written (`.partial`) is never listed.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface BackupFile {
  /** The file's name in BACKUP_DIR: `backup-2026-11-25T12-34-56-789Z.tar.gz`. */
  name: string;
  path: string;
  sizeBytes: number;
  createdAt: Date;
}

const BACKUP_NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

/** Only names the store itself writes: a download can never name another file. */
export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name);
}

export function backupNameFor(at: Date): string {
  return `backup-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.tar.gz`;
}

function timeOfName(name: string): Date | null {
  const m = BACKUP_NAME.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

/** The backups in `dir`, newest first; none when the folder does not exist yet. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    const createdAt = timeOfName(name);
    if (!createdAt) continue;
    const path = join(dir, name);
    try {
      const info = await stat(path);
      if (info.isFile()) files.push({ name, path, sizeBytes: info.size, createdAt });
    } catch {
      // Deleted by retention between readdir and stat: not a backup any more.
    }
  }
  return files.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}
