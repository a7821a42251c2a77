-- Issue 32: nobody hoards the stock (docs/purchase-limits.md). A piece's 'máximo por cliente'
-- (null: the store's default, payment_settings.max_units_per_customer); who placed an unpaid
-- order (HMACs of the browser's id and the IP address, never the values); partial indexes so
-- api/pay counts what one browser, one address, one e-mail holds unpaid without reading the rest.
ALTER TABLE "orders" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_from_hash" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "max_units_per_customer" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_per_customer" integer;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_unpaid_device_idx" ON "orders" USING btree ("device_hash") WHERE "orders"."status" in ('awaiting_payment', 'payment_failed') and "orders"."device_hash" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_unpaid_placed_from_idx" ON "orders" USING btree ("placed_from_hash") WHERE "orders"."status" in ('awaiting_payment', 'payment_failed') and "orders"."placed_from_hash" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_unpaid_email_idx" ON "orders" USING btree (lower("email")) WHERE "orders"."status" in ('awaiting_payment', 'payment_failed') and "orders"."email" is not null;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_max_units_check" CHECK ("payment_settings"."max_units_per_customer" between 1 and 99);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_per_customer_check" CHECK ("products"."max_per_customer" is null or "products"."max_per_customer" between 1 and 99);