/** Request and answer schemas of the second factor's calls (docs/second-factor.md). */
import { z } from 'zod';
import { SECOND_FACTOR_CODE_FORMAT } from '@semijoias/domain/second-factor';
import { SECOND_FACTOR_LINK_INVALID } from '@semijoias/domain/second-factor-link';

/** What she typed: read by the domain's parseSecondFactorCode; bounded before any work. */
export const codeBody = z.object({
  codigo: z
    .string({ error: SECOND_FACTOR_CODE_FORMAT })
    .max(64, { error: SECOND_FACTOR_CODE_FORMAT }),
});

/** The e-mailed link's token: it opens the setup (configurar/). */
export const setupBody = z.object({
  token: z
    .string({ error: SECOND_FACTOR_LINK_INVALID })
    .max(200, { error: SECOND_FACTOR_LINK_INVALID }),
});

export const linkAnswer = z.object({ message: z.string() });

export const statusAnswer = z.object({
  configurado: z.boolean(),
  obrigatorio: z.boolean(),
  codigos_restantes: z.number().int(),
});

export const setupAnswer = z.object({
  segredo: z.string(),
  uri: z.string(),
  qr_svg: z.string(),
});

const recoveryCodes = z.array(z.string());

export const activateAnswer = z.object({
  access: z.string(),
  refresh: z.string(),
  codigos_recuperacao: recoveryCodes,
});

export const verifyAnswer = z.object({
  access: z.string(),
  refresh: z.string(),
  codigos_restantes: z.number().int(),
});

export const recoveryCodesAnswer = z.object({ codigos_recuperacao: recoveryCodes });

/** Every error: `error`, and `errors: {codigo: [..]}`, or `codigo` on the 403 of the factor. */
export const errorAnswer = z.looseObject({ error: z.string() });

export const errors = {
  400: errorAnswer,
  401: errorAnswer,
  403: errorAnswer,
  409: errorAnswer,
  429: errorAnswer,
};
