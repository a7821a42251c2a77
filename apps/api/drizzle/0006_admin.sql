CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"actor_user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('initial', 'sale', 'cancellation', 'adjustment', 'other'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "in_progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'owner'));--> statement-breakpoint
-- The stock ledger (stock_movements) is written here, not by the code: every statement that
-- changes a product's stock (a checkout, a cancellation, a late payment, an owner's adjustment,
-- a new product) leaves its row, whatever path it took. The code says why in transaction-local
-- settings just before (src/lib/stock-ledger.ts); a change nobody explained is 'other'.
CREATE OR REPLACE FUNCTION "stock_movement_record"() RETURNS trigger
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
CREATE TRIGGER "products_stock_movement_insert"
	AFTER INSERT ON "products"
	FOR EACH ROW EXECUTE FUNCTION "stock_movement_record"();
--> statement-breakpoint
CREATE TRIGGER "products_stock_movement_update"
	AFTER UPDATE OF "stock" ON "products"
	FOR EACH ROW WHEN (OLD.stock IS DISTINCT FROM NEW.stock) EXECUTE FUNCTION "stock_movement_record"();
