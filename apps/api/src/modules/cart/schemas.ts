/**
 * Request and answer schemas of the cart calls (docs/cart-contract.md). Quantities are checked
 * by the domain's rules in the handlers, so their 400 reads exactly 'Quantidade inválida.'.
 * Other body keys are ignored: a price sent by the browser is never read.
 */
import { z } from 'zod';
import { cartMergeKeyInvalidMessage, PRODUCT_ID_INVALID } from '@semijoias/domain/messages';
import { VARIATION_ID_INVALID } from '@semijoias/domain/variations';

/** Ids are PostgreSQL `integer`s. */
const INT_MAX = 2_147_483_647;

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
const IDEMPOTENCY_KEY_INVALID = cartMergeKeyInvalidMessage(IDEMPOTENCY_KEY_MAX_LENGTH);

/**
 * A product id as a JSON number (3) or as the digit string a guest cart may keep ("3"); never
 * "3.0", "1e3", "-1" or "".
 */
/** A positive `integer` id, as a number or a digit string, refused with `message`. */
function idOf(message: string) {
  const invalid = { error: message };
  const range = z.number(invalid).int(invalid).min(1, invalid).max(INT_MAX, invalid);
  return z.union(
    [
      range,
      z
        .string(invalid)
        .regex(/^\d{1,10}$/, invalid)
        .transform(Number)
        .pipe(range),
    ],
    invalid,
  );
}

const productId = idOf(PRODUCT_ID_INVALID);
/** Her size of a piece sold by size; absent or null for a product without them. */
const variacaoId = idOf(VARIATION_ID_INVALID)
  .nullish()
  .transform((v) => v ?? undefined);

export const addBody = z.object({ product_id: productId, variacao_id: variacaoId });

export const updateBody = z.object({
  productId,
  quantity: z.unknown().optional(),
  variacao_id: variacaoId,
});

export const mergeBody = z.object({
  produto: productId,
  quantidade: z.unknown().optional(),
  variacao_id: variacaoId,
});

/** `GET api/cart/cep/`: her cart's CEP, 8 digits, or null. */
export const cartCepAnswer = z.object({ cep: z.string().nullable() });

/** `DELETE api/cart/item/{id}/?variacao=`: which size's line. */
export const removeQuery = z.object({ variacao: variacaoId });

/**
 * Only the merge key is read; the other headers stay as they came (Fastify replaces the request's
 * headers with the parsed object, so a strict or stripping schema would drop `authorization`).
 */
export const mergeHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, { error: IDEMPOTENCY_KEY_INVALID })
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, { error: IDEMPOTENCY_KEY_INVALID })
    .optional(),
});

export const cartLineSchema = z.object({
  produto: z.object({
    id: z.number().int(),
    name: z.string(),
    /** Decimal string of reais: "89.90". */
    price: z.string(),
    image: z.string(),
    /** The line's stock: its size's, for a piece sold by size. */
    estoque: z.number().int(),
  }),
  quantidade: z.number().int(),
  subtotal: z.string(),
  variacao: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  nome_variacao: z.string().nullable(),
});

export const cartSchema = z.array(cartLineSchema);

export const errorSchema = z.looseObject({
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type CartLineJson = z.infer<typeof cartLineSchema>;
