/** GET/POST api/admin/backups/ and the download of one (docs/admin/backups.md). */
import { apiDownload } from '@/lib/api';
import {
  ADMIN_QUERY_ROOT,
  adminGet,
  adminPath,
  adminSend,
  watchSecondFactor,
} from '../lib/admin-api';

export interface Backup {
  arquivo: string;
  /** Bytes. */
  tamanho: number;
  criado_em: string;
}

export interface BackupList {
  backups: Backup[];
  /** BACKUP_EVERY_HOURS (0: none on a schedule) and BACKUP_KEEP. */
  a_cada_horas: number;
  guardados: number;
}

export const BACKUPS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'backups'] as const;

export const backupsQuery = {
  queryKey: BACKUPS_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) => adminGet<BackupList>('backups/', { signal }),
};

export function makeBackup(): Promise<Backup> {
  return adminSend<Backup>('POST', 'backups/');
}

/** Fetches the file with her session and hands it to the browser as a download. */
export async function downloadBackup(name: string): Promise<void> {
  const blob = await watchSecondFactor(
    apiDownload(adminPath(`backups/${encodeURIComponent(name)}`)),
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the URL would otherwise hold its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
