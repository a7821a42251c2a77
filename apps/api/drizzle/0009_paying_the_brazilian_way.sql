CREATE TABLE "payment_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_installments" integer NOT NULL,
	"interest_free_installments" integer NOT NULL,
	"min_installment_cents" integer NOT NULL,
	"pix_discount_tenths" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_one_row" CHECK ("payment_settings"."id" = 1),
	CONSTRAINT "payment_settings_installments_check" CHECK ("payment_settings"."max_installments" between 1 and 12
        and "payment_settings"."interest_free_installments" between 1 and "payment_settings"."max_installments"
        and "payment_settings"."min_installment_cents" >= 0),
	CONSTRAINT "payment_settings_pix_check" CHECK ("payment_settings"."pix_discount_tenths" between 0 and 200 and "payment_settings"."pix_discount_tenths" % 5 = 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_discount_tenths" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "max_installments" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "interest_free_installments" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "min_installment_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" is null or "orders"."payment_method" in ('pix', 'cartao'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."pix_discount_cents" >= 0
        and "orders"."discount_cents" + "orders"."pix_discount_cents" <= "orders"."subtotal_cents" and "orders"."shipping_cents" >= 0
        and "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" - "orders"."pix_discount_cents" + "orders"."shipping_cents");--> statement-breakpoint
INSERT INTO "payment_settings" ("id", "max_installments", "interest_free_installments", "min_installment_cents", "pix_discount_tenths") VALUES (1, 6, 6, 2000, 50) ON CONFLICT DO NOTHING;
