/**
 * The one place errors become HTTP answers (STYLE 6). Validation errors answer 400 with
 * `{error, errors: {field: [..]}}`, typed domain errors their own status with `{error}`, and
 * anything unexpected 500 with a fixed text: internal messages and stacks go to the log only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError, TooManyRequestsError, type FieldErrors } from './errors.js';

export const INTERNAL_ERROR_MESSAGE = 'Erro interno do servidor.';
export const NOT_FOUND_MESSAGE = 'Recurso não encontrado.';

/** Client errors raised by Fastify itself (bad JSON, wrong content type...), in Portuguese. */
const clientErrorMessages: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Não autenticado.',
  403: 'Acesso negado.',
  404: NOT_FOUND_MESSAGE,
  405: 'Método não permitido.',
  406: 'Formato de resposta não suportado.',
  408: 'A requisição demorou demais.',
  413: 'Requisição grande demais.',
  414: 'Endereço grande demais.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas requisições. Tente novamente em instantes.',
};

export interface ErrorBody {
  error: string;
  errors?: FieldErrors;
}

function validationBody(
  issues: { instancePath: string; message?: string; keyword: string; params: unknown }[],
  context: string | undefined,
): ErrorBody {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params as { keys?: string[] }).keys ?? [];
      for (const key of keys) add(key, 'Parâmetro não reconhecido.');
      continue;
    }
    add(field || (context ?? 'requisição'), issue.message ?? 'Valor inválido.');
  }
  const messages = [...new Set(Object.values(errors).flat())];
  const lead = context === 'body' ? 'Dados inválidos' : 'Parâmetros inválidos';
  return { error: `${lead}: ${messages.join(' ')}`, errors };
}

export function errorHandler(
  this: FastifyInstance,
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return reply.code(400).send(validationBody(err.validation, err.validationContext));
  }
  if (isAppError(err)) {
    if (err.statusCode >= 500) request.log.error({ err }, 'falha de serviço externo');
    const body: ErrorBody & Record<string, unknown> = { ...err.extra, error: err.message };
    if (err.errors) body.errors = err.errors;
    if (err instanceof TooManyRequestsError && err.retryAfterSeconds) {
      reply.header('retry-after', String(err.retryAfterSeconds));
    }
    return reply.code(err.statusCode).send(body);
  }
  const status = err.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    request.log.info({ err: { code: err.code, message: err.message } }, 'requisição recusada');
    return reply
      .code(status)
      .send({ error: clientErrorMessages[status] ?? clientErrorMessages[400] });
  }
  request.log.error({ err }, 'erro inesperado');
  return reply.code(500).send({ error: INTERNAL_ERROR_MESSAGE });
}
