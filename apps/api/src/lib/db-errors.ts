/** Recognizing database errors through the driver and Drizzle's wrapping (pg and PGlite alike). */

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  cause?: unknown;
}

/** `err` and the errors it wraps (Drizzle wraps the driver's), outermost first, 5 deep at most. */
function* causes(err: unknown): Generator<PgLikeError> {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as PgLikeError;
    current = (current as PgLikeError).cause;
  }
}

/**
 * The constraint named by a unique violation (SQLSTATE 23505) anywhere in the cause chain, or
 * undefined when `err` is something else. '' when the driver did not name it.
 */
export function uniqueViolation(err: unknown): string | undefined {
  for (const e of causes(err)) {
    if (e.code !== '23505') continue;
    if (typeof e.constraint === 'string') return e.constraint;
    return typeof e.detail === 'string' ? e.detail : '';
  }
  return undefined;
}

/** True when `err`, or an error it wraps, has SQLSTATE `code`. */
export function hasSqlState(err: unknown, code: string): boolean {
  for (const e of causes(err)) if (e.code === code) return true;
  return false;
}
