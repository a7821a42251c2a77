/** Recognizing database errors through the driver and Drizzle's wrapping (pg and PGlite alike). */

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  cause?: unknown;
}

/**
 * The constraint named by a unique violation (SQLSTATE 23505) anywhere in the cause chain, or
 * undefined when `err` is something else. '' when the driver did not name it.
 */
export function uniqueViolation(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as PgLikeError;
    if (e.code === '23505') {
      if (typeof e.constraint === 'string') return e.constraint;
      return typeof e.detail === 'string' ? e.detail : '';
    }
    current = e.cause;
  }
  return undefined;
}

/** True when `err`, or an error it wraps (Drizzle wraps the driver's), has SQLSTATE `code`. */
export function hasSqlState(err: unknown, code: string): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as PgLikeError).code === code) return true;
    current = (current as PgLikeError).cause;
  }
  return false;
}
