/** Request and answer schemas of the account calls (docs/auth-contract.md). */
import { z } from 'zod';
import { safeDestination } from '@semijoias/domain/destination';
import { EMAIL_MAX_LENGTH, REGISTRATION_EMAIL_TOO_LONG } from '@semijoias/domain/registration';
import { nfkc } from '../../lib/hostile-input.js';

/**
 * An e-mail as it is compared: the domain's length (254, as at sign-up) on every call that takes
 * one, and NFKC, so a full-width "ａｎａ@..." is "ana@...".
 */
const emailText = () => {
  const tooLong = { error: REGISTRATION_EMAIL_TOO_LONG };
  return z
    .string()
    .max(EMAIL_MAX_LENGTH, tooLong)
    .transform((v) => nfkc(v).trim())
    .pipe(z.string().max(EMAIL_MAX_LENGTH, tooLong));
};

/** The sign-up body's e-mail, NFKC-normalised before the domain's rules judge it. */
export function withComparableEmail(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' ? { ...body, email: nfkc(email) } : body;
}

/**
 * The sign-up body is checked by the domain's registration rules (their messages and order), so
 * the edge takes any JSON here (a missing body reads as every field missing).
 */
export const registrationBody = z.unknown();

/**
 * `destino`: the store path she was on when she signed up, carried in the verification link.
 * Anything but a path of this store (another site, '//host', a backslash trick) is ignored, never
 * refused: the sign-up goes on, and the page after the link sends her home.
 */
export function destinationOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  return safeDestination((body as { destino?: unknown }).destino);
}

export const emailBody = z.object({ email: emailText() });
/** POST /api/send_verification/: the e-mail, and the sign-up's `destino` (see destinationOf). */
export const resendBody = emailBody.extend({ destino: z.unknown().optional() });
export const tokenBody = z.object({ token: z.string().max(200) });

/** Read-only fields may come back as the client read them; they are ignored. */
export const infoUpdateBody = z.object({
  username: z.unknown().optional(),
  cpf: z.unknown().optional(),
  birthdate: z.unknown().optional(),
  first_name: z.unknown().optional(),
  last_name: z.unknown().optional(),
  email: emailText(),
  phone: z.string().max(40),
  /** Offers by e-mail: true or false (else a field error, from the route); absent: unchanged. */
  aceita_marketing: z.unknown().optional(),
  /** Her current password: needed only when `email` changes (docs/account-security.md). */
  senha_atual: z.string().max(1024).optional(),
});

/** `email_sent` is always true: the e-mail is queued with the account (the outbox sends it). */
export const registrationAnswer = z.object({ message: z.string(), email_sent: z.literal(true) });

export const resendAnswer = z.object({
  message: z.string(),
  already_verified: z.literal(true).optional(),
});

/**
 * The link that verifies the account also logs her in: `access` and `refresh` as POST
 * /api/token/ answers them, only then (not for an account already verified, nor an owner's).
 */
export const verifyAnswer = z.object({
  success: z.literal(true),
  already_verified: z.literal(true).optional(),
  message: z.string(),
  user: z.object({ first_name: z.string(), email: z.string() }),
  access: z.string().optional(),
  refresh: z.string().optional(),
});

export const infoSchema = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  cpf: z.string(),
  birthdate: z.string(),
  administrador: z.boolean(),
  aceita_marketing: z.boolean(),
});

/** PUT /api/infos/: her details; with a new e-mail asked, the address waiting for its link. */
export const infoUpdateAnswer = infoSchema.extend({
  email_pendente: z.string().optional(),
  message: z.string().optional(),
});

export const messageAnswer = z.object({ message: z.string() });
export const emailChangeConfirmAnswer = z.object({ message: z.string(), email: z.string() });

export const errorSchema = z.looseObject({ error: z.string() });
