// =================================================================================================
// Reading a server answer: the outcome, the body's fields, a lost connection.
// =================================================================================================

// isOk, field, text and firstFieldError are exported for the other subjects' modules only:
// messages.ts re-exports this module by name, so they stay off '@semijoias/domain/messages'.

export type Outcome =
  | { kind: 'response'; status: number; data?: unknown }
  | { kind: 'no-response' }
  | { kind: 'other' };

// A plain boolean, not a type guard: a false answer must not narrow away 'response'.
export const isOk = (o: Outcome): boolean =>
  o.kind === 'response' && o.status >= 200 && o.status < 300;

export function field(data: unknown, key: string): unknown {
  return data !== null && typeof data === 'object'
    ? (data as Record<string, unknown>)[key]
    : undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The first message of an `errors: {field: [messages]}` body, with its field. */
export function firstFieldError(data: unknown): { field: string; message: string } | undefined {
  const errors = field(data, 'errors');
  if (errors === null || typeof errors !== 'object') return undefined;
  for (const [name, value] of Object.entries(errors as Record<string, unknown>)) {
    const message = Array.isArray(value) ? value.map(text).find(Boolean) : text(value);
    if (message) return { field: name, message };
  }
  return undefined;
}

/** Every field's first message: `{field: [messages]}` (or `{field: message}`) -> `{field: message}`. */
export function serverFieldErrors(data: unknown): Record<string, string> {
  const errors = field(data, 'errors');
  const out: Record<string, string> = {};
  if (errors === null || typeof errors !== 'object') return out;
  for (const [name, value] of Object.entries(errors as Record<string, unknown>)) {
    const message = Array.isArray(value) ? value.map(text).find(Boolean) : text(value);
    if (message) out[name] = message;
  }
  return out;
}

/** The server's own words: `message`, else `error`, else `detail` (the SPEC's client reads these). */
export function serverMessage(data: unknown): string | undefined {
  return text(field(data, 'message')) ?? text(field(data, 'error')) ?? text(field(data, 'detail'));
}

/** Shared by several flows. */
export const CONNECTION_ERROR = 'Erro de conexão. Verifique sua internet e tente novamente.';
