/** Request and answer schemas of the account calls (docs/auth-contract.md). */
import { z } from 'zod';

/**
 * The sign-up body is checked by the domain's registration rules (their messages and order), so
 * the edge takes any JSON here (a missing body reads as every field missing).
 */
export const registrationBody = z.unknown();

export const emailBody = z.object({ email: z.string().max(320) });
export const tokenBody = z.object({ token: z.string().max(200) });

/** Read-only fields may come back as the client read them; they are ignored. */
export const infoUpdateBody = z.object({
  username: z.unknown().optional(),
  cpf: z.unknown().optional(),
  birthdate: z.unknown().optional(),
  first_name: z.unknown().optional(),
  last_name: z.unknown().optional(),
  email: z.string().max(320),
  phone: z.string().max(40),
});

export const registrationAnswer = z.object({ message: z.string(), email_sent: z.boolean() });

export const resendAnswer = z.object({
  message: z.string(),
  already_verified: z.literal(true).optional(),
});

export const verifyAnswer = z.object({
  success: z.literal(true),
  already_verified: z.literal(true).optional(),
  message: z.string(),
  user: z.object({ first_name: z.string(), email: z.string() }),
});

export const infoSchema = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  cpf: z.string(),
  birthdate: z.string(),
});

export const errorSchema = z.looseObject({ error: z.string() });
