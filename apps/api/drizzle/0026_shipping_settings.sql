-- Issue 35: the owners' freight settings ('Frete', docs/shipping-settings-contract.md), one row
-- like payment_settings, absent until they first save (MELHORENVIO_* stand in). A new table and
-- its trigger that the previous release never reads (not a stop). The token is sealed by the
-- application (AES-256-GCM), never stored in the clear. A change notifies every instance on the
-- catalog's channel (0005) so each drops its kept settings and Melhor Envio client.
CREATE TABLE IF NOT EXISTS "shipping_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean,
	"environment" text,
	"token_sealed" text,
	"token_last4" text,
	"technical_email" text DEFAULT '' NOT NULL,
	"sender" jsonb,
	"services" jsonb,
	"packages" jsonb,
	"last_test_result" text,
	"last_test_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_settings_one_row" CHECK ("shipping_settings"."id" = 1),
	CONSTRAINT "shipping_settings_environment_check" CHECK ("shipping_settings"."environment" is null or "shipping_settings"."environment" in ('sandbox', 'producao'))
);--> statement-breakpoint
DROP TRIGGER IF EXISTS "shipping_settings_catalog_changed" ON "shipping_settings";--> statement-breakpoint
CREATE TRIGGER "shipping_settings_catalog_changed"
	AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
