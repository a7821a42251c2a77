CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cart_changed_at" timestamp (3) with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_reminders_cart_unique" UNIQUE("user_id","cart_changed_at")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer,
	"email" text,
	"email_hash" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"back_in_stock_at" timestamp with time zone,
	"served_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_email_check" CHECK ("stock_alerts"."email" is null or "stock_alerts"."email" = lower("stock_alerts"."email")),
	CONSTRAINT "stock_alerts_served_check" CHECK ("stock_alerts"."served_at" is not null or "stock_alerts"."email" is not null)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_opt_in_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cart_changed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_reminders_sent_idx" ON "cart_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_unique" ON "stock_alerts" USING btree ("product_id",coalesce("variation_id", 0),"email_hash") WHERE "stock_alerts"."served_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_due_idx" ON "stock_alerts" USING btree ("back_in_stock_at") WHERE "stock_alerts"."served_at" is null and "stock_alerts"."back_in_stock_at" is not null;--> statement-breakpoint
CREATE INDEX "stock_alerts_product_idx" ON "stock_alerts" USING btree ("product_id","variation_id");--> statement-breakpoint
CREATE INDEX "stock_alerts_created_idx" ON "stock_alerts" USING btree ("created_at");--> statement-breakpoint
-- Shoppers come back (docs/shoppers-come-back-contract.md). Her cart's last change, whatever path made it
-- (add, update, remove, merge, the checkout emptying it): the forgotten-cart e-mail waits from it.
CREATE OR REPLACE FUNCTION "cart_items_touch_user"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "users" SET "cart_changed_at" = now()
	WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cart_items_touch_user"
AFTER INSERT OR UPDATE OR DELETE ON "cart_items"
FOR EACH ROW EXECUTE FUNCTION "cart_items_touch_user"();
--> statement-breakpoint
-- 'Avise-me': the statement that takes a piece from no stock to some stamps its waiting requests,
-- in the same transaction, whatever it is (an owner's adjustment, an expiry or a cancellation
-- giving stock back). A product sold by size is stamped by its sizes' rows; its own row (the sum)
-- serves the requests made for the piece as a whole.
CREATE OR REPLACE FUNCTION "products_stock_back"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "stock_alerts" SET "back_in_stock_at" = now()
	WHERE "product_id" = NEW.id AND "variation_id" IS NULL
		AND "served_at" IS NULL AND "back_in_stock_at" IS NULL;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_stock_back"
AFTER UPDATE OF "stock" ON "products"
FOR EACH ROW WHEN (OLD.stock = 0 AND NEW.stock > 0)
EXECUTE FUNCTION "products_stock_back"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_variations_stock_back"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "stock_alerts" SET "back_in_stock_at" = now()
	WHERE "variation_id" = NEW.id
		AND "served_at" IS NULL AND "back_in_stock_at" IS NULL;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_variations_stock_back"
AFTER UPDATE OF "stock" ON "product_variations"
FOR EACH ROW WHEN (OLD.stock = 0 AND NEW.stock > 0)
EXECUTE FUNCTION "product_variations_stock_back"();
