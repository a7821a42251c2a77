/**
 * The owners' 'Canais de venda' (issue 37, docs/admin/sales-channels.md): the brand the shopping
 * feeds name and the store's WhatsApp, in the one row of sales_channel_settings; and what the
 * owners need to connect the feeds (their addresses, how many pieces they list). A save is one
 * upsert with its audit entry; the row's trigger drops the catalog's kept answers (the feeds, the
 * store's settings) on every instance.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GOOGLE_FEED_PATH,
  META_FEED_PATH,
  SALES_CHANNELS_MESSAGES,
  validateSalesChannelsForm,
} from '@semijoias/domain/product-feeds';
import { STORE_INFO } from '@semijoias/domain/store-info';
import { formatWhatsappNumber } from '@semijoias/domain/whatsapp';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { salesChannelSettings } from '../../../db/schema.js';
import { ValidationError } from '../../../lib/errors.js';
import { requireOwner } from '../../owner-access/index.js';
import { readFeedCatalog } from '../../product-feeds/index.js';
import { whatsappInUse } from '../../sales-channels/index.js';
import { writeAudit } from '../audit.js';
import type { AdminRouteOptions } from '../options.js';
import { adminErrors } from '../schemas.js';
import { salesChannelsAnswer, salesChannelsBody, type SalesChannelsJson } from './schemas.js';

async function readSalesChannels(db: Db, config: Config): Promise<SalesChannelsJson> {
  const [[row], catalog] = await Promise.all([
    db.select().from(salesChannelSettings).where(eq(salesChannelSettings.id, 1)),
    readFeedCatalog(db, { publicUrl: config.publicUrl, imageBaseUrl: config.imageBaseUrl }),
  ]);
  const saved = row?.whatsappNumber ?? null;
  const inUse = whatsappInUse(saved, config);
  const fallback = config.whatsappNumber ?? null;
  return {
    marca: row?.brand ?? null,
    marca_padrao: STORE_INFO.name,
    marca_em_uso: catalog.brand,
    whatsapp: saved,
    whatsapp_padrao: fallback,
    whatsapp_em_uso: inUse,
    whatsapp_origem:
      saved === '' ? 'desligado' : saved !== null ? 'painel' : fallback ? 'ambiente' : 'nenhum',
    feeds: [
      {
        canal: 'google',
        nome: 'Google Merchant Center',
        url: `${config.publicUrl}${GOOGLE_FEED_PATH}`,
      },
      {
        canal: 'meta',
        nome: 'Meta (Facebook e Instagram)',
        url: `${config.publicUrl}${META_FEED_PATH}`,
      },
    ],
    pecas_nos_catalogos: catalog.pieces,
    itens_nos_catalogos: catalog.items.length,
    pecas_fora: catalog.leftOut,
    atualizado_em: row?.updatedAt.toISOString() ?? null,
  };
}

/** The WhatsApp as the owners read it on 'Auditoria'. */
function whatsappWords(saved: string | null): string {
  if (saved === null) return 'o padrão do servidor';
  if (saved === '') return 'desligado';
  return formatWhatsappNumber(saved);
}

export const adminSalesChannelsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db, config },
) => {
  app.get(
    '/canais/',
    { schema: { response: { 200: salesChannelsAnswer, ...adminErrors } } },
    async () => ({ canais: await readSalesChannels(db, config) }),
  );

  app.put(
    '/canais/',
    { schema: { body: salesChannelsBody, response: { 200: salesChannelsAnswer, ...adminErrors } } },
    async (req) => {
      const owner = requireOwner(req);
      const checked = validateSalesChannelsForm(req.body);
      if (!checked.ok) {
        const errors = Object.fromEntries(
          Object.entries(checked.errors).map(([field, message]) => [field, [message]]),
        );
        throw new ValidationError(SALES_CHANNELS_MESSAGES.invalido, errors);
      }
      const { brand, whatsappNumber } = checked.value;
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            marca: salesChannelSettings.brand,
            whatsapp: salesChannelSettings.whatsappNumber,
          })
          .from(salesChannelSettings)
          .where(eq(salesChannelSettings.id, 1));
        await tx
          .insert(salesChannelSettings)
          .values({ id: 1, brand, whatsappNumber })
          .onConflictDoUpdate({
            target: salesChannelSettings.id,
            set: { brand, whatsappNumber, updatedAt: sql`now()` },
          });
        const was = { marca: before?.marca ?? null, whatsapp: before?.whatsapp ?? null };
        const now = { marca: brand, whatsapp: whatsappNumber };
        const changes: string[] = [];
        const brandWords = (b: string | null) => (b === null ? `o nome da loja` : `"${b}"`);
        if (was.marca !== now.marca) {
          changes.push(`marca ${brandWords(was.marca)} → ${brandWords(now.marca)}`);
        }
        if (was.whatsapp !== now.whatsapp) {
          changes.push(`WhatsApp ${whatsappWords(was.whatsapp)} → ${whatsappWords(now.whatsapp)}`);
        }
        await writeAudit(tx, owner, {
          action: 'sales_channels.update',
          entityType: 'sales_channels',
          entityId: 'canais',
          summary:
            changes.length === 0
              ? 'Canais de venda salvos sem mudanças'
              : `Canais de venda: ${changes.join('; ')}`,
          before: was,
          after: now,
        });
      });
      // Every instance hears the row's trigger; this one at once, so the feeds and the store's
      // settings the owner opens next already say it.
      app.catalogCache.invalidate();
      return { canais: await readSalesChannels(db, config) };
    },
  );
};
