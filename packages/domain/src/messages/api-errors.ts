// =================================================================================================
// Any API call: the error handler's and the edge's texts, whatever the route.
// =================================================================================================

/** A 500: anything unexpected (what went wrong goes to the log only). */
export const INTERNAL_ERROR_MESSAGE = 'Erro interno do servidor.';
/** A 404 of a path that names nothing (no route, no file, no picture). */
export const NOT_FOUND_MESSAGE = 'Recurso não encontrado.';
/** A 400 without a better word: a body that does not parse, a request that breaks no one rule. */
export const REQUEST_INVALID = 'Requisição inválida.';

/** The client errors Fastify raises by itself (bad JSON, wrong content type...), by status. */
export const CLIENT_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: REQUEST_INVALID,
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

/** A schema's 400: a key the call does not take. */
export const PARAMETER_NOT_RECOGNIZED = 'Parâmetro não reconhecido.';
/** A schema's 400: a value refused by a rule that has no text of its own. */
export const VALUE_INVALID = 'Valor inválido.';
/** Before ': ' and the field messages in a schema's 400 about the body. */
export const BODY_INVALID_LEAD = 'Dados inválidos';
/** Before ': ' and the field messages in a schema's 400 about the path or the query. */
export const PARAMS_INVALID_LEAD = 'Parâmetros inválidos';

/** A request with a control character where none may be (lib/hostile-input.ts). */
export const CONTROL_CHARACTERS_REFUSED =
  'Requisição inválida: caracteres de controle não são aceitos.';
/** A request with a lone UTF-16 surrogate (lib/hostile-input.ts). */
export const BROKEN_TEXT_REFUSED = 'Requisição inválida: texto com codificação inválida.';
