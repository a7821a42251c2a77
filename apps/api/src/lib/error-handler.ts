/**
 * The one place errors become HTTP answers (STYLE 6). Validation errors answer 400 with
 * `{error, errors: {field: [..]}}`, typed domain errors their own status with `{error}`, and
 * anything unexpected 500 with a fixed text: internal messages and stacks go to the log only.
 *
 * Errors Fastify raises by itself (bad JSON, body too large, unsupported content type, a path
 * parameter too long or badly encoded) get the same shape in Portuguese: the route-less ones
 * through `frameworkErrors` (Fastify's option), the others through `errorHandler`.
 *
 * Every answer here is serialized by this file, not by the route's response schema: an error
 * answer's shape is this handler's, and a route whose 400 schema describes something else
 * must not turn a refused request into a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  BODY_INVALID_LEAD,
  CLIENT_ERROR_MESSAGES,
  INTERNAL_ERROR_MESSAGE,
  PARAMETER_NOT_RECOGNIZED,
  PARAMS_INVALID_LEAD,
  REQUEST_INVALID,
  VALUE_INVALID,
} from '@semijoias/domain/messages';
import { isAppError, TooManyRequestsError, type FieldErrors } from './errors.js';

export interface ErrorBody {
  error: string;
  errors?: FieldErrors;
}

/** Field names echoed back: schema keys, never arbitrary text a caller put in a key. */
const FIELD_NAME = /^[A-Za-z_][\w.-]{0,63}$/;

function validationBody(
  issues: { instancePath: string; message?: string; keyword: string; params: unknown }[],
  context: string | undefined,
): ErrorBody {
  // A Map, not an object: keys like `__proto__` or `constructor` come from the caller.
  const byField = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    const name = FIELD_NAME.test(field) ? field : 'requisição';
    const list = byField.get(name) ?? [];
    if (!list.includes(message)) list.push(message);
    byField.set(name, list);
  };
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params as { keys?: string[] }).keys ?? [];
      for (const key of keys) add(key, PARAMETER_NOT_RECOGNIZED);
      continue;
    }
    add(field || (context ?? 'requisição'), issue.message ?? VALUE_INVALID);
  }
  const errors: FieldErrors = Object.fromEntries(byField);
  const messages = [...new Set([...byField.values()].flat())];
  const lead = context === 'body' ? BODY_INVALID_LEAD : PARAMS_INVALID_LEAD;
  return { error: `${lead}: ${messages.join(' ')}`, errors };
}

/** Sends `body` as JSON text, whatever the route's response schema says. */
function sendJson(reply: FastifyReply, status: number, body: object): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function errorHandler(
  this: FastifyInstance | void,
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return sendJson(reply, 400, validationBody(err.validation, err.validationContext));
  }
  if (isAppError(err)) {
    if (err.statusCode >= 500) request.log.error({ err }, 'falha de serviço externo');
    const body: ErrorBody & Record<string, unknown> = { ...err.extra, error: err.message };
    if (err.errors) body.errors = err.errors;
    if (err instanceof TooManyRequestsError && err.retryAfterSeconds) {
      reply.header('retry-after', String(err.retryAfterSeconds));
    }
    return sendJson(reply, err.statusCode, body);
  }
  const status = err.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    // The code only: Fastify's messages quote the path, and a JSON parser's quotes the body.
    request.log.info(
      { err: { code: err.code ?? err.name, statusCode: status } },
      'requisição recusada',
    );
    return sendJson(reply, status, {
      error: CLIENT_ERROR_MESSAGES[status] ?? REQUEST_INVALID,
    });
  }
  request.log.error({ err }, 'erro inesperado');
  return sendJson(reply, 500, { error: INTERNAL_ERROR_MESSAGE });
}

/**
 * Fastify's `frameworkErrors`: the errors raised before a route is found (a path parameter over
 * `maxParamLength`: 414; one that does not decode: 400), answered like every other error.
 */
export function frameworkErrors(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // No route, so no onSend hook: the headers every answer carries are set here.
  reply.header('x-request-id', request.id);
  reply.header('x-content-type-options', 'nosniff');
  return errorHandler(err, request, reply);
}
