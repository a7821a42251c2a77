/**
 * The owners' payment settings (docs/admin/payments.md): installments and the PIX
 * discount, one row in `payment_settings`. Read by the storefront (GET /api/loja/), by the
 * checkout when an order is placed (the order keeps its own copy), and edited in the back office.
 */
import { eq, sql } from 'drizzle-orm';
import { centsToDecimal } from '@semijoias/domain/money';
import {
  DEFAULT_PAYMENT_SETTINGS,
  pixPercentText,
  type PaymentSettings,
} from '@semijoias/domain/payment-terms';
import type { Db } from '../../db/client.js';
import { paymentSettings } from '../../db/schema.js';

/** The settings now (the migration writes the row; its defaults stand in if it were gone). */
export async function readPaymentSettings(db: Db): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
  if (!row) return DEFAULT_PAYMENT_SETTINGS;
  return {
    maxInstallments: row.maxInstallments,
    interestFreeInstallments: row.interestFreeInstallments,
    minInstallmentCents: row.minInstallmentCents,
    pixDiscountTenths: row.pixDiscountTenths,
  };
}

/** Replaces the settings, in the caller's transaction (the audit entry rides in it). */
export async function writePaymentSettings(tx: Db, settings: PaymentSettings): Promise<void> {
  await tx
    .insert(paymentSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({
      target: paymentSettings.id,
      set: { ...settings, updatedAt: sql`now()` },
    });
}

/** The settings as the API answers them: money as '20.00', the percentage as '5.0'. */
export function paymentSettingsJson(settings: PaymentSettings) {
  return {
    parcelas_max: settings.maxInstallments,
    parcelas_sem_juros: settings.interestFreeInstallments,
    parcela_minima: centsToDecimal(settings.minInstallmentCents),
    desconto_pix_percentual: pixPercentText(settings.pixDiscountTenths),
  };
}

export type PaymentSettingsJson = ReturnType<typeof paymentSettingsJson>;
