/**
 * Numbers in paths and query strings. They arrive as text; `z.coerce` would take "1e3", " 1" and
 * "" (as 0), so a number here is decimal digits only, read, then bounded.
 */
import { z } from 'zod';

/** Ids are PostgreSQL `integer`s. */
export const INT_MAX = 2_147_483_647;

/** A whole number written in decimal digits only: "12" yes; "-1", "1.5", "1e3", " 1", "abc" no. */
export function wholeNumber(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));
}

/** `/:id/` of a row (a product, a coupon, a customer, an address), with its own message. */
export function idParams(message: string) {
  return z.object({ id: wholeNumber(1, INT_MAX, message) }).strict();
}
