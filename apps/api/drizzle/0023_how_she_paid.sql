-- How she paid (issue 34 item 4): the method and, for a card, the installments the provider
-- reported with the payment. Null until paid, or when the provider did not say. Her orders, the
-- return page, the owners' order page and the paid e-mail show it.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "paid_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "paid_installments" integer;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_paid_method_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_method_check" CHECK ("orders"."paid_method" is null or "orders"."paid_method" in ('pix', 'cartao'));--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_paid_installments_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_installments_check" CHECK ("orders"."paid_installments" is null or "orders"."paid_installments" between 1 and 24);
