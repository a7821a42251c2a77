/**
 * pino options for Fastify. Secrets never reach the log: auth headers and cookies are redacted,
 * and tokens in URLs (the reset-password page, ?token= links) are masked before they are written.
 *
 * Errors go through `serializeError`: a failed query's parameters (Drizzle's
 * DrizzleQueryError puts them in its message and in `params`), a driver's `detail` ("Key
 * (email)=(...) already exists") or a mail server's answer ("501 <ana@...>: rejected") would
 * otherwise carry e-mails, CPFs and phones into the log. Only known fields are kept, and every
 * text in them is scrubbed of what looks like personal data or a token.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.js';

/** Body fields never written to the log, wherever they appear in a logged object. */
const SECRET_FIELDS = ['password', 'senha', 'cpf', 'token', 'refresh', 'access'];

const TOKEN_IN_PATH = /(\/redefinir-senha\/)[^/?#]+/g;
const TOKEN_IN_QUERY = /([?&](?:token|refresh|access|password|senha)=)[^&#]*/gi;

/**
 * Anything shaped like an e-mail address (also inside `<...>` of an SMTP answer); a path like
 * `node_modules/@electric-sql/...` is not one (no local part before the @); a query string's `?`,
 * `=` and `&` end the local part, so `?busca=ana@x.com` keeps its name.
 */
const EMAIL_LIKE = /[^\s@<>()[\]"',;:/?=&]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** A CPF, masked or not, and phone numbers: 10 or more digits, with or without punctuation. */
const CPF_LIKE = /\d{3}\.\d{3}\.\d{3}-\d{2}/g;
const PHONE_LIKE = /\(?\d{2}\)?[\s-]?9?\d{4}-\d{4}/g;
const LONG_DIGITS = /\d{10,}/g;
/** A JWT, or a long opaque token (base64url of 32 bytes is 43 characters; a SHA-256 hex 64). */
const JWT_LIKE = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const TOKEN_LIKE = /[A-Za-z0-9_-]{40,}/g;
/**
 * Where Drizzle lists a failed query's values ("Failed query: ...\nparams: a,b"): everything up
 * to the stack's first frame or the end goes, even when a value spans lines.
 */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

/** A text with the personal data and secrets it may quote replaced by markers. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, '\nparams: [omitidos]')
    .replace(EMAIL_LIKE, '[e-mail]')
    .replace(JWT_LIKE, '[token]')
    .replace(TOKEN_LIKE, '[token]')
    .replace(CPF_LIKE, '[cpf]')
    .replace(PHONE_LIKE, '[telefone]')
    .replace(LONG_DIGITS, '[número]');
}

export function maskUrl(url: string): string {
  const masked = url.replace(TOKEN_IN_PATH, '$1***').replace(TOKEN_IN_QUERY, '$1***');
  // A search typed in the back office arrives percent-encoded (`ana%40exemplo.com`,
  // `529%2E982...`): read as typed, so the e-mail and the CPF are seen and replaced.
  return scrubText(percentDecoded(masked));
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text.replace(/%40/gi, '@');
  }
}

/** Error fields worth logging; anything else an error carries (params, query, rejected...) is not. */
const ERROR_TEXT_FIELDS = ['message', 'stack', 'detail', 'hint', 'where', 'response'] as const;
const ERROR_PLAIN_FIELDS = [
  'code',
  'statusCode',
  'responseCode',
  'command',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
] as const;
const MAX_CAUSES = 4;

export interface SerializedError {
  type: string;
  [field: string]: unknown;
}

/** pino's `err` serializer: known fields only, texts scrubbed, causes followed a few levels. */
export function serializeError(err: unknown, depth = 0): SerializedError | string {
  if (!(err instanceof Error) && (err === null || typeof err !== 'object')) {
    return scrubText(String(err));
  }
  const source = err as Record<string, unknown>;
  const out: SerializedError = {
    type: err instanceof Error ? err.constructor.name || err.name : 'Object',
  };
  for (const field of ERROR_TEXT_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') out[field] = scrubText(value);
  }
  for (const field of ERROR_PLAIN_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') {
      out[field] = typeof value === 'string' ? scrubText(value) : value;
    }
  }
  if (source.cause !== undefined && depth < MAX_CAUSES) {
    out.cause = serializeError(source.cause, depth + 1);
  }
  return out;
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** How long a log line may wait in the buffer before it is written. */
export const LOG_FLUSH_MS = 250;

/**
 * Standard output written in batches: pino's default writes each line with its own blocking
 * write, one system call per request (in a sale's profile, 5 % of the instance's CPU went to
 * writing its log lines). Lines now wait in a buffer until it holds 8 KB or LOG_FLUSH_MS have
 * passed, and pino writes what is left when the process exits (its exit hook on the destination),
 * a crash included; only a SIGKILL can lose the last quarter second.
 */
export function bufferedStdout(flushMs = LOG_FLUSH_MS, fd = 1): { write(line: string): void } {
  const destination = pino.destination({ dest: fd, minLength: 8192, sync: false });
  let pending = false;
  setInterval(() => {
    if (!pending) return;
    pending = false;
    try {
      destination.flush();
    } catch {
      // Destroyed at exit: pino has written what was left.
    }
  }, flushMs).unref();
  return {
    write(line: string) {
      pending = true;
      destination.write(line);
    },
  };
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
    hooks: {
      // `log.error(err)` makes the error's message the line's msg, past every serializer: the
      // texts of a line (its message and format arguments) are scrubbed like an error's.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        const scrubbed = rest.map((a) => (typeof a === 'string' ? scrubText(a) : a));
        if (first instanceof Error) {
          const message = typeof rest[0] === 'string' ? scrubbed[0] : scrubText(first.message);
          return method.apply(this, [{ err: first }, message, ...scrubbed.slice(1)] as never);
        }
        const head = typeof first === 'string' ? scrubText(first) : first;
        return method.apply(this, [head, ...scrubbed] as never);
      },
    },
    serializers: {
      // pino's types want message and stack strings; absent ones are simply not written.
      err: (err: Error) => serializeError(err) as { type: string; message: string; stack: string },
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
      : { stream: bufferedStdout() }),
  };
}
