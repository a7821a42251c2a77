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
import type { KeptCartLines } from './kept-lines.js';

const CEP_PATTERN = new RegExp(`^\\d{${CEP_DIGITS}}$`);

/**
 * Remembers `cep` (8 digits; anything else is ignored) as her cart's; a write only when new. With
 * the instance's kept carts, not even a statement when it is the CEP this instance last wrote.
 */
export async function rememberCartCep(
  db: Db,
  userId: number,
  cep: string,
  kept?: KeptCartLines,
): Promise<void> {
  if (!CEP_PATTERN.test(cep)) return;
  const write = async () => {
    await db
      .update(users)
      .set({ cartCep: cep })
      .where(and(eq(users.id, userId), sql`${users.cartCep} is distinct from ${cep}`));
  };
  await (kept ? kept.rememberCep(userId, cep, write) : write());
}

/** Her cart's CEP, 8 digits, or null when she never quoted one (or it is not one). */
export async function cartCepOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ cep: users.cartCep }).from(users).where(eq(users.id, userId));
  const cep = row?.cep ?? null;
  return cep !== null && CEP_PATTERN.test(cep) ? cep : null;
}
