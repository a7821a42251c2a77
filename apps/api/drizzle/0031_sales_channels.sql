-- Issue 37: the shopping catalogs (Google Merchant Center, Meta) and WhatsApp. Not a stop: a new
-- table the previous release never reads (`sales_channel_settings`, one row absent until the
-- owners first save 'Canais de venda': the brand the feeds name and the WhatsApp number), and
-- defaulted or nullable product columns it never reads (`feed_excluded`, `feed_color`,
-- `feed_gender`). A change of the settings notifies the catalog's channel, as the payment and
-- shipping settings do, so GET /api/loja/ and the feeds follow on every instance at once.
CREATE TABLE IF NOT EXISTS "sales_channel_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"brand" text,
	"whatsapp_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_channel_settings_one_row" CHECK ("sales_channel_settings"."id" = 1),
	CONSTRAINT "sales_channel_settings_brand_check" CHECK ("sales_channel_settings"."brand" is null or length("sales_channel_settings"."brand") between 1 and 70),
	CONSTRAINT "sales_channel_settings_whatsapp_check" CHECK ("sales_channel_settings"."whatsapp_number" is null or "sales_channel_settings"."whatsapp_number" ~ '^([1-9][0-9]{9,10})?$')
);
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sales_channel_settings_catalog_changed" ON "sales_channel_settings";--> statement-breakpoint
CREATE TRIGGER "sales_channel_settings_catalog_changed"
	AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sales_channel_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "feed_excluded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "feed_color" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "feed_gender" text;--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_feed_gender_check";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_feed_gender_check" CHECK ("products"."feed_gender" is null or "products"."feed_gender" in ('female', 'male', 'unisex'));--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_feed_color_check";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_feed_color_check" CHECK ("products"."feed_color" is null or length("products"."feed_color") between 1 and 100);
