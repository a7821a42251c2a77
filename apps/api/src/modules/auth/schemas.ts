/** Request and answer schemas of the session calls (docs/auth-contract.md). */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, REGISTRATION_EMAIL_TOO_LONG } from '@semijoias/domain/registration';
import { nfkc } from '../../lib/hostile-input.js';

/** Long enough for any real value, short enough to bound hashing work. */
const text = (max: number) => z.string().max(max);

/**
 * An e-mail as it is compared: the domain's length (254, as at sign-up) and NFKC, so a
 * full-width "ａｎａ@..." finds the account "ana@...".
 */
const emailText = () => {
  const tooLong = { error: REGISTRATION_EMAIL_TOO_LONG };
  return z
    .string()
    .max(EMAIL_MAX_LENGTH, tooLong)
    .transform((v) => nfkc(v).trim())
    .pipe(z.string().max(EMAIL_MAX_LENGTH, tooLong));
};

export const loginBody = z.object({
  username: emailText(),
  password: text(1024),
});

export const refreshBody = z.object({ refresh: text(200) });

export const emailBody = z.object({ email: emailText() });

export const resetBody = z.object({ token: text(200), password: text(1024) });

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });

export const messageSchema = z.object({ message: z.string() });

/** Every error answer: `error`, and per call `detail`, `code`, `message` or `errors`. */
export const errorSchema = z.looseObject({ error: z.string() });
