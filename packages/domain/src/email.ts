/**
 * The two e-mail patterns the SPEC uses (§5). Both are checked on the trimmed text.
 *
 * - Registration: a simple "something@something.something" with no spaces, and no comma
 *   ("ana@x.com,bia@y.com" is a common paste slip the simple pattern would let through).
 * - Info edit, address forms, resend verification: the usual stricter pattern (letters, digits,
 *   . _ % + - before the @, a domain, and a top-level domain of 2+ letters).
 */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STANDARD_EMAIL = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

/** Registration rule 2 ('E-mail inválido.'). */
export function isValidRegistrationEmail(value: string | null | undefined): boolean {
  const email = (value ?? '').trim();
  return SIMPLE_EMAIL.test(email) && !email.includes(',');
}

/** Info edit ('Email inválido'), address forms and resend verification. */
export function isValidEmail(value: string | null | undefined): boolean {
  return STANDARD_EMAIL.test((value ?? '').trim());
}

/** How an e-mail is stored and compared: trimmed, lower case (logins are case-insensitive). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
