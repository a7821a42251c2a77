/** GET and PUT /api/admin/pagamentos/ (docs/admin/payments.md). */
import { z } from 'zod';

export const paymentSettingsJson = z.object({
  parcelas_max: z.number().int(),
  parcelas_sem_juros: z.number().int(),
  /** '20.00' */
  parcela_minima: z.string(),
  /** '5.0' */
  desconto_pix_percentual: z.string(),
});

/** The body is checked by the domain's validatePaymentSettingsForm (the form's own rule). */
export const paymentSettingsBody = z
  .object({
    parcelas_max: z.unknown(),
    parcelas_sem_juros: z.unknown(),
    parcela_minima: z.unknown(),
    desconto_pix_percentual: z.unknown(),
  })
  .partial()
  .strict();

export const paymentSettingsAnswer = z.object({ pagamentos: paymentSettingsJson });
