/**
 * What the running store's settings mean for the owners: the start-up log says it to
 * whoever reads the server's log, these notices say it to the owners, who do not. Read from the
 * config the store started with, so they change only with a restart.
 */
import { ENVIRONMENT_NOTICES, type EnvironmentNoticeCode } from '@semijoias/domain/admin';
import type { Config } from '../../../config.js';

export interface EnvironmentNotice {
  codigo: EnvironmentNoticeCode;
  titulo: string;
  texto: string;
}

type EnvironmentConfig = Pick<Config, 'paymentProvider' | 'nodeEnv' | 'databaseUrl' | 'smtpUrl'>;

export function environmentNotices(config: EnvironmentConfig): EnvironmentNotice[] {
  const production = config.nodeEnv === 'production';
  const codes: EnvironmentNoticeCode[] = [];
  if (config.paymentProvider === 'sandbox') codes.push('pagamentos_de_teste');
  // Unset DATABASE_URL: the embedded PGlite in DATA_DIR (db/client.ts, databaseTarget).
  if (production && config.databaseUrl === undefined) codes.push('banco_embutido');
  // Unset SMTP_URL: the mailer writes each message to DATA_DIR/outbox (integrations/mail/mailer.ts).
  if (production && config.smtpUrl === undefined) codes.push('email_em_arquivo');
  return codes.map((codigo) => ({ codigo, ...ENVIRONMENT_NOTICES[codigo] }));
}
