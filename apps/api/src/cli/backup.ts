/**
 * `npm run backup`: one backup now, from a shell (a nightly job of the host, a copy before an
 * update), into BACKUP_DIR, the newest BACKUP_KEEP kept — the same file the back office makes.
 * A PostgreSQL store may be running; the embedded PGlite must be stopped (or use the back office).
 */
import { databaseTarget, openDatabase } from '../db/client.js';
import {
  appliedMigration,
  BackupRefusedError,
  createBackupService,
} from '../modules/backups/index.js';
import { formatFileSize } from '@semijoias/domain/admin';
import { configOrExit, runTool } from './common.js';

const quiet = { info() {}, warn() {}, error() {} };

runTool(async () => {
  const config = configOrExit({ writesBackups: true });
  const database = await openDatabase(databaseTarget(config));
  try {
    if ((await appliedMigration(database.db).catch(() => null)) === null)
      throw new BackupRefusedError(
        `O banco ${database.description} não tem a loja (nunca foi migrado): nada a copiar.`,
      );
    const made = await createBackupService({ database, config, log: quiet }).runNow();
    const { clientes, pedidos, produtos, fotos } = made.manifest.contagens;
    console.log(`Backup feito: ${made.path} (${formatFileSize(made.sizeBytes)})`);
    console.log(
      `  ${clientes} clientes, ${pedidos} pedidos, ${produtos} produtos, ${fotos} fotos; ` +
        `migração ${made.manifest.migracao.nome}; loja ${made.manifest.loja.versao}`,
    );
  } finally {
    await database.close();
  }
}, 'Com o banco embutido, faça o backup pelo painel (Backups) ou pare a loja antes.');
