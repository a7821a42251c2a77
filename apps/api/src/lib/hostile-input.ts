/**
 * One rule at the edge for every text the API accepts. A NUL reaching PostgreSQL fails
 * the query (`invalid byte sequence for encoding "UTF8": 0x00`, a 500 whose failed query carried
 * the shopper's data into the log), and other control characters only hide text from people who
 * read it later. So before any handler or schema sees a request:
 *
 * - path params, the query string (keys and values) and the headers the API reads
 *   (authorization, idempotency-key, x-request-id) take no control character at all;
 * - the parsed body (JSON, forms, plain text; keys and values, at any depth) takes none either,
 *   except tab, line feed and carriage return, which a pasted address or a note may carry;
 * - lone UTF-16 surrogates (`"\ud800"` is valid JSON) are refused too: PostgreSQL would store a
 *   replacement character instead of what was sent.
 *
 * "Control" is C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F): nothing a shopper types.
 * The answer is the store's 400 `{error}` through the one error handler.
 *
 * Lengths stay with each call's schema (the domain's limits); `nfkc` is the normalisation used
 * where texts are compared (e-mails, search; coupon codes in the domain).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BROKEN_TEXT_REFUSED, CONTROL_CHARACTERS_REFUSED } from '@semijoias/domain/messages';
import { ValidationError } from './errors.js';

/** Every control character (C0, DEL, C1). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without tab, LF and CR: what a body's text may not hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate without its low one, or a low one alone (the u flag pairs valid ones). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Headers the API reads; the others are never looked at, so never refused. */
const READ_HEADERS = ['authorization', 'idempotency-key', 'x-request-id'] as const;

type Problem = 'control' | 'encoding' | undefined;

function textProblem(text: string, control: RegExp): Problem {
  if (control.test(text)) return 'control';
  if (LONE_SURROGATE.test(text)) return 'encoding';
  return undefined;
}

/**
 * The first problem in any string of `value` (object keys included), walked without recursion so
 * a deeply nested body cannot overflow the stack.
 */
export function findTextProblem(value: unknown, allowWhitespace: boolean): Problem {
  const control = allowWhitespace ? CONTROL_BUT_WHITESPACE : ANY_CONTROL;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      const problem = textProblem(current, control);
      if (problem) return problem;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const problem = textProblem(key, control);
        if (problem) return problem;
        pending.push(item);
      }
    }
  }
  return undefined;
}

function refuse(problem: Problem): void {
  if (problem === 'control') throw new ValidationError(CONTROL_CHARACTERS_REFUSED);
  if (problem === 'encoding') throw new ValidationError(BROKEN_TEXT_REFUSED);
}

function checkUrlAndHeaders(req: FastifyRequest): void {
  refuse(findTextProblem(req.params, false));
  refuse(findTextProblem(req.query, false));
  for (const name of READ_HEADERS) refuse(findTextProblem(req.headers[name], false));
}

/**
 * Registers the guard on the root instance, before the modules (so it runs before their own
 * hooks, authentication included, and for the not-found handler too).
 */
export function registerHostileInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => checkUrlAndHeaders(req));
  // After the body is parsed, before the schemas validate it.
  app.addHook('preValidation', async (req) => refuse(findTextProblem(req.body, true)));
}

/** Compatibility normalisation for compared texts: full-width "ａｎａ" and "ana" are the same. */
export function nfkc(text: string): string {
  return text.normalize('NFKC');
}

/** A route as registered: what the property test walks (it reads them from the app). */
export interface KnownRoute {
  method: string;
  url: string;
  /** The route's schemas as given (zod), for tests that want its field names. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order (HEAD twins included). */
    knownRoutes: KnownRoute[];
  }
}

/** Collects every route registered after this call, in every plugin (an `onRoute` hook). */
export function collectRoutes(app: FastifyInstance): void {
  const routes: KnownRoute[] = [];
  app.decorate('knownRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, schema: route.schema as KnownRoute['schema'] });
    }
  });
}
