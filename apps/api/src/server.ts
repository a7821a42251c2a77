/**
 * Starts the store: one process serving the API, the images and the built web app on one port.
 *   node apps/api/dist/server.js   (after npm run build), or npm run dev -w @semijoias/api
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/client.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp({ config });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'encerrando');
    // Stop accepting, finish requests in flight, close the database; force out if it hangs.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'erro ao encerrar');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  // The one line a newcomer looks for, whatever the log level.
  console.log(`Loja pronta em http://${shown}:${config.port}`);
}

main().catch((err: unknown) => {
  console.error('Falha ao iniciar a loja:', err instanceof Error ? err.message : err);
  const expected = err instanceof DatabaseLockedError || err instanceof ConfigError;
  if (!expected && err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
