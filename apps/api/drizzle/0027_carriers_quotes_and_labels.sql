-- Issue 35: carriers' quotes and labels (Melhor Envio). Not a stop: nullable columns the previous
-- release never reads (each piece's package in cm; the carrier's service an order was quoted with)
-- and a new table, shipping_labels, one row per order whose label the owners buy from the back
-- office (claimed by one guarded statement, so a double click or two instances buy one label).
CREATE TABLE IF NOT EXISTS "shipping_labels" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"service_id" integer NOT NULL,
	"provider_order_id" text,
	"price_cents" integer,
	"protocol" text,
	"tracking_code" text,
	"document_kind" text DEFAULT 'declaracao' NOT NULL,
	"invoice_key" text,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"generated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_labels_status_check" CHECK ("shipping_labels"."status" in ('comprando', 'paga', 'gerada', 'cancelada', 'falhou')),
	CONSTRAINT "shipping_labels_document_check" CHECK ("shipping_labels"."document_kind" in ('declaracao', 'nota_fiscal')),
	CONSTRAINT "shipping_labels_price_check" CHECK ("shipping_labels"."price_cents" is null or "shipping_labels"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "shipping_service_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "shipping_service" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "length_cm" integer;--> statement-breakpoint
ALTER TABLE "shipping_labels" DROP CONSTRAINT IF EXISTS "shipping_labels_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_dimensions_check";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions_check" CHECK (("products"."width_cm" is null or "products"."width_cm" between 1 and 200)
        and ("products"."height_cm" is null or "products"."height_cm" between 1 and 200)
        and ("products"."length_cm" is null or "products"."length_cm" between 1 and 200));