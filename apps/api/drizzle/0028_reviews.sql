-- Issue 36: reviews from real buyers (docs/reviews-contract.md). Not a stop: two new tables
-- (reviews, one per order line; review_photos, re-encoded WebP) and columns the previous release
-- never reads (orders.review_requested_at, stamped once by the request's guarded statement;
-- products.reviews_count / reviews_stars_sum, the approved reviews summed up in the transaction
-- that approves or hides one).
CREATE TABLE IF NOT EXISTS "review_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"review_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"stars" integer NOT NULL,
	"title" text,
	"body" text,
	"author_name" text NOT NULL,
	"author_city" text,
	"size_label" text,
	"hide_reason" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_order_item_unique" UNIQUE("order_item_id"),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('pendente', 'aprovada', 'oculta')),
	CONSTRAINT "reviews_stars_check" CHECK ("reviews"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "reviews_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "reviews_stars_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_photos" DROP CONSTRAINT IF EXISTS "review_photos_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" DROP CONSTRAINT IF EXISTS "review_photos_review_id_reviews_id_fk";--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT IF EXISTS "reviews_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT IF EXISTS "reviews_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT IF EXISTS "reviews_order_item_id_order_items_id_fk";--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_photos_review_idx" ON "review_photos" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "review_photos_order_idx" ON "review_photos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_product_status_created_idx" ON "reviews" USING btree ("product_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_order_idx" ON "reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_review_due_idx" ON "orders" USING btree ("status") WHERE "orders"."review_requested_at" is null and "orders"."status" in ('shipped', 'delivered');
