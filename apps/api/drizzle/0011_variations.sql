CREATE TABLE "product_variations" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sku" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variations_stock_check" CHECK ("product_variations"."stock" >= 0),
	CONSTRAINT "product_variations_name_check" CHECK (length("product_variations"."name") between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_order_product_unique";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variation_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variation_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variation_axis" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variation_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variation_axis" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "variation_id" integer;--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variations_live_name_unique" ON "product_variations" USING btree ("product_id","name") WHERE "product_variations"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "product_variations_product_idx" ON "product_variations" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_variation_idx" ON "cart_items" USING btree ("variation_id");--> statement-breakpoint
CREATE INDEX "order_items_variation_idx" ON "order_items" USING btree ("variation_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_line_unique" UNIQUE NULLS NOT DISTINCT("user_id","product_id","variation_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_line_unique" UNIQUE NULLS NOT DISTINCT("order_id","product_id","variation_id");--> statement-breakpoint
-- Sizes (docs/variations-contract.md). A product sold by size keeps its stock per variation;
-- its own `stock` is the sum of its live variations', kept here in the same statement, so every
-- list, search, the low-stock card and the catalog cache's notification (0005) read it as before.
CREATE OR REPLACE FUNCTION "product_variations_sum_stock"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	pid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
BEGIN
	UPDATE "products" SET
		"stock" = (SELECT coalesce(sum("stock"), 0) FROM "product_variations"
			WHERE "product_id" = pid AND "archived_at" IS NULL),
		"updated_at" = now()
	WHERE "id" = pid;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_variations_sum_stock"
	AFTER INSERT OR DELETE OR UPDATE OF "stock", "archived_at" ON "product_variations"
	FOR EACH ROW EXECUTE FUNCTION "product_variations_sum_stock"();
--> statement-breakpoint
-- The ledger of a size: one entry per change of its stock, naming it, with the reasons the code
-- sets (src/lib/stock-ledger.ts), as the products' own (0006).
CREATE OR REPLACE FUNCTION "variation_stock_movement_record"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	before_stock integer := CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.stock END;
	reason text := nullif(current_setting('semijoias.stock_reason', true), '');
BEGIN
	IF NEW.stock = before_stock THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		reason := coalesce(reason, 'initial');
	END IF;
	INSERT INTO "stock_movements" ("product_id", "variation_id", "delta", "stock_after", "reason", "order_id", "actor_user_id", "note")
	VALUES (
		NEW.product_id,
		NEW.id,
		NEW.stock - before_stock,
		NEW.stock,
		coalesce(reason, 'other'),
		nullif(current_setting('semijoias.stock_order_id', true), '')::integer,
		nullif(current_setting('semijoias.stock_actor_id', true), '')::integer,
		coalesce(current_setting('semijoias.stock_note', true), '')
	);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_variations_stock_movement_insert"
	AFTER INSERT ON "product_variations"
	FOR EACH ROW EXECUTE FUNCTION "variation_stock_movement_record"();
--> statement-breakpoint
CREATE TRIGGER "product_variations_stock_movement_update"
	AFTER UPDATE OF "stock" ON "product_variations"
	FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION "variation_stock_movement_record"();
--> statement-breakpoint
-- A product sold by size has its ledger per size: the sum it follows writes no entry of its own.
CREATE OR REPLACE FUNCTION "stock_movement_record"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	before_stock integer := CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.stock END;
	reason text := nullif(current_setting('semijoias.stock_reason', true), '');
BEGIN
	IF NEW.stock = before_stock OR NEW.variation_axis IS NOT NULL THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		reason := coalesce(reason, 'initial');
	END IF;
	INSERT INTO "stock_movements" ("product_id", "delta", "stock_after", "reason", "order_id", "actor_user_id", "note")
	VALUES (
		NEW.id,
		NEW.stock - before_stock,
		NEW.stock,
		coalesce(reason, 'other'),
		nullif(current_setting('semijoias.stock_order_id', true), '')::integer,
		nullif(current_setting('semijoias.stock_actor_id', true), '')::integer,
		coalesce(current_setting('semijoias.stock_note', true), '')
	);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A rename, a new order of the sizes, an archived one: the catalog's answers show them.
CREATE TRIGGER "product_variations_catalog_changed"
	AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variations"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
