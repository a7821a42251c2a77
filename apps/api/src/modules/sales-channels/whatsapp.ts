/**
 * The store's WhatsApp in use (issue 37, docs/whatsapp.md): what the owners saved in 'Canais de
 * venda' (sales_channel_settings.whatsapp_number), else the environment's WHATSAPP_NUMBER.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { salesChannelSettings } from '../../db/schema.js';

/**
 * The number shoppers are sent to (DDD and number, digits only: '11974523180'), or null when
 * the store shows no WhatsApp. The row's column: null → the environment's default; '' → the
 * owners turned WhatsApp off; else their number. No row yet (never saved): the environment's.
 */
export async function readStoreWhatsapp(
  db: Db,
  config: Pick<Config, 'whatsappNumber'>,
): Promise<string | null> {
  const [row] = await db
    .select({ whatsappNumber: salesChannelSettings.whatsappNumber })
    .from(salesChannelSettings)
    .where(eq(salesChannelSettings.id, 1));
  return whatsappInUse(row?.whatsappNumber ?? null, config);
}

/** The number in use given the row's column (null: no row, or never saved), as above. */
export function whatsappInUse(
  saved: string | null,
  config: Pick<Config, 'whatsappNumber'>,
): string | null {
  if (saved === null) return config.whatsappNumber ?? null;
  return saved === '' ? null : saved;
}
