// The store's backups (docs/backups.md): made on a schedule or by hand, listed, and restored.
export { createBackupService, type BackupService } from './service.js';
export { appliedMigration } from './database-tables.js';
export { isBackupName, listBackups, type BackupFile } from './files.js';
export { BackupRefusedError } from './manifest.js';
export { RESTORE_APPLICATION_NAME, restoreBackup } from './restore.js';
