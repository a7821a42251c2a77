/**
 * Starts the store: one process serving the API, the images and the built web app on one port.
 *   node apps/api/dist/server.js   (after npm run build), or npm run dev -w @semijoias/api
 */
import { buildApp } from './app.js';
import { checkBackupDir, ConfigError, loadConfig } from './config.js';
import { DatabaseLockedError } from './db/client.js';
import { shutDownGracefully, shutdownTimings } from './modules/health/index.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    checkBackupDir(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp({ config });

  // SIGTERM (a proxy's rolling update, podman stop, systemd): drain, then close, then exit 0, all
  // within SHUTDOWN_TIMEOUT_SECONDS. Ctrl-C on a laptop has no proxy to wait for: no drain.
  let closing = false;
  const shutdown = (signal: 'SIGTERM' | 'SIGINT') => {
    if (closing) return;
    closing = true;
    const timings = shutdownTimings(config.shutdownTimeoutSeconds);
    if (signal === 'SIGINT') timings.drainMs = 0;
    app.log.info({ signal, ...timings }, 'encerrando');
    shutDownGracefully(app, timings).then(
      (outcome) => {
        if (outcome === 'closed') process.exit(0);
        app.log.error(
          // Where it stood is on shutDownGracefully's line just before this one.
          { timeoutSeconds: config.shutdownTimeoutSeconds },
          'encerramento não terminou no prazo; saindo à força',
        );
        process.exit(1);
      },
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
