/**
 * `npm run restore -- <arquivo> [--force]`: puts a backup back into the database the settings
 * name (DATABASE_URL, or PGlite in DATA_DIR), with the store stopped. The file is checked whole
 * before anything is touched; a database that already holds a shop is refused unless --force.
 * Prints what it restored. See docs/backups.md.
 */
import { resolve } from 'node:path';
import { databaseTarget, openDatabase } from '../db/client.js';
import { RESTORE_APPLICATION_NAME, restoreBackup } from '../modules/backups/index.js';
import { configOrExit, runTool } from './common.js';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => !a.startsWith('--'));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');

if (files.length !== 1 || unknown.length > 0) {
  console.error('Uso: npm run restore -- <arquivo-de-backup.tar.gz> [--force]');
  process.exit(2);
}

runTool(async () => {
  const config = configOrExit();
  const target = databaseTarget(config);
  const database = await openDatabase(
    target.kind === 'postgres' ? { ...target, applicationName: RESTORE_APPLICATION_NAME } : target,
  );
  try {
    console.log(`Restaurando ${files[0]} em ${database.description}...`);
    const outcome = await restoreBackup({
      file: resolve(files[0]!),
      database,
      migrationsFolder: config.paths.migrations,
      force,
    });
    const { manifest, counts } = outcome;
    console.log(
      `Restaurado o backup de ${manifest.criado_em} (loja ${manifest.loja.versao}, migração ` +
        `${manifest.migracao.nome}):`,
    );
    console.log(
      `  ${counts.clientes} clientes, ${counts.pedidos} pedidos, ${counts.produtos} produtos, ` +
        `${counts.fotos} fotos`,
    );
    for (const table of outcome.tables) console.log(`  ${table.nome}: ${table.linhas} linhas`);
    console.log('Pronto: a loja já pode ser iniciada.');
  } finally {
    await database.close();
  }
}, 'Pare a loja antes de restaurar.');
