/**
 * Her cart's CEP (docs/cart-contract.md, "The cart's CEP"): the one she last quoted her cart's
 * freight for while logged in, so another device (or this one after its storage was cleared)
 * shows it and quotes it again by itself. One column of her row, `users.cart_cep`, 8 digits.
 * It says where she lives: never logged, and cleared with the rest when her account is
 * anonymised.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CEP_DIGITS } from '@semijoias/domain/cep';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

const CEP_PATTERN = new RegExp(`^\\d{${CEP_DIGITS}}$`);

/** Remembers `cep` (8 digits; anything else is ignored) as her cart's; a write only when new. */
export async function rememberCartCep(db: Db, userId: number, cep: string): Promise<void> {
  if (!CEP_PATTERN.test(cep)) return;
  await db
    .update(users)
    .set({ cartCep: cep })
    .where(and(eq(users.id, userId), sql`${users.cartCep} is distinct from ${cep}`));
}

/** Her cart's CEP, 8 digits, or null when she never quoted one (or it is not one). */
export async function cartCepOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ cep: users.cartCep }).from(users).where(eq(users.id, userId));
  const cep = row?.cep ?? null;
  return cep !== null && CEP_PATTERN.test(cep) ? cep : null;
}
