/** Request and answer schemas of POST /api/validar-cep/ (docs/cart-contract.md, "Postal codes"). */
import { z } from 'zod';
import { cepDigits, isCompleteCep } from '@semijoias/domain/cep';
import { CEP_ENTER_VALID } from '@semijoias/domain/messages';

/** `{cep}`: 8 digits, mask allowed ('01310-100'); anything else is 'Por favor, insira um CEP válido'. */
export const cepRequest = z.object(
  {
    cep: z.unknown().transform((value, ctx) => {
      if (typeof value !== 'string' || !isCompleteCep(value)) {
        ctx.addIssue({ code: 'custom', message: CEP_ENTER_VALID });
        return z.NEVER;
      }
      return cepDigits(value);
    }),
  },
  { error: CEP_ENTER_VALID },
);

/** Taken as any JSON at the edge, so that bad bodies answer in the SPEC's shape. */
export const cepBody = z.unknown();

export const cepFoundAnswer = z.object({
  success: z.literal(true),
  endereco: z.object({
    logradouro: z.string(),
    bairro: z.string(),
    cidade: z.string(),
    estado: z.string(),
  }),
});

/** `{success: false, error}` from the handler; `{error}` from Fastify itself (bad JSON...). */
export const cepFailure = z.looseObject({
  success: z.literal(false).optional(),
  error: z.string(),
});
