/**
 * pino options for Fastify. Secrets never reach the log: auth headers and cookies are redacted,
 * and tokens in URLs (the reset-password page, ?token= links) are masked before they are written.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** Body fields never written to the log, wherever they appear in a logged object. */
const SECRET_FIELDS = ['password', 'senha', 'cpf', 'token', 'refresh', 'access'];

const TOKEN_IN_PATH = /(\/redefinir-senha\/)[^/?#]+/g;
const TOKEN_IN_QUERY = /([?&](?:token|refresh|access|password|senha)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1***').replace(TOKEN_IN_QUERY, '$1***');
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const pretty = config.nodeEnv === 'development' && process.stdout.isTTY && prettyAvailable();
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS.map((f) => `*.${f}`),
      ],
      censor: '***',
    },
    serializers: {
      req: (req: {
        method: string;
        url: string;
        ip?: string;
        headers?: Record<string, unknown>;
      }) => ({
        method: req.method,
        url: maskUrl(req.url),
        remoteAddress: req.ip,
        userAgent: req.headers?.['user-agent'],
      }),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
