/**
 * Typed errors thrown by services and mapped to HTTP in one place (lib/error-handler.ts).
 * Messages are written for the shopper, in Portuguese: the handler sends them as they are.
 */
export type FieldErrors = Record<string, string[]>;

export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  constructor(
    message: string,
    /** Per-field messages, answered as `errors: {field: [..]}` (SPEC §7/§8). */
    readonly errors?: FieldErrors,
    /** More fields of the answer (`message`, `code`, `detail`...), sent beside `error`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request is understood but its data breaks a rule. */
export class ValidationError extends AppError {
  readonly statusCode = 400;
}

/** 401: no valid session. */
export class UnauthorizedError extends AppError {
  readonly statusCode = 401;
}

/** 403: a session, but not allowed. */
export class ForbiddenError extends AppError {
  readonly statusCode = 403;
}

/** 404: the thing asked for does not exist. */
export class NotFoundError extends AppError {
  readonly statusCode = 404;
}

/** 409: clashes with existing data (duplicate e-mail, CPF, profile name...). */
export class ConflictError extends AppError {
  readonly statusCode = 409;
}

/** 429: too many attempts. */
export class TooManyRequestsError extends AppError {
  readonly statusCode = 429;
  /** Sent as Retry-After. */
  retryAfterSeconds?: number;
}

/** 502: an outside service (ViaCEP, the payment provider) failed. */
export class UpstreamError extends AppError {
  readonly statusCode = 502;
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
