/** Request and answer schemas of the session calls (docs/auth-contract.md). */
import { z } from 'zod';

/** Long enough for any real value, short enough to bound hashing work. */
const text = (max: number) => z.string().max(max);

export const loginBody = z.object({
  username: text(320),
  password: text(1024),
});

export const refreshBody = z.object({ refresh: text(200) });

export const emailBody = z.object({ email: text(320) });

export const resetBody = z.object({ token: text(200), password: text(1024) });

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });

export const messageSchema = z.object({ message: z.string() });

/** Every error answer: `error`, and per call `detail`, `code`, `message` or `errors`. */
export const errorSchema = z.looseObject({ error: z.string() });
