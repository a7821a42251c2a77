/**
 * What the store's command-line tools share: the settings read like the server reads them (a bad
 * one stops with its one line), the database they name opened, and an error said in one sentence
 * rather than a stack.
 */
import { checkBackupDir, ConfigError, loadConfig, type Config } from '../config.js';
import { DatabaseLockedError } from '../db/client.js';
import { BackupRefusedError } from '../modules/backups/index.js';

export function configOrExit(options: { writesBackups?: boolean } = {}): Config {
  try {
    const config = loadConfig();
    if (options.writesBackups) checkBackupDir(config);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

/** Runs a tool: known refusals are one line and exit 1; anything else is a bug, shown whole. */
export function runTool(tool: () => Promise<void>, lockedHint: string): void {
  tool().then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof BackupRefusedError) console.error(`Recusado: ${err.message}`);
      else if (err instanceof DatabaseLockedError) console.error(`${err.message} ${lockedHint}`);
      else console.error(err);
      process.exit(1);
    },
  );
}
