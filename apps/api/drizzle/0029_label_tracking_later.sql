-- Issue 35: the carrier's tracking code that comes after the label (docs/shipping-labels.md). Not a
-- stop: a nullable column the previous release never reads (whose code shipping_labels.tracking_code
-- is: the carrier's, or Melhor Envio's own given while the carrier's comes later; null with no code
-- and on older labels), its check, and a small partial index of the generated labels still waiting
-- for the carrier's code, which a periodic pass asks Melhor Envio about.
ALTER TABLE "shipping_labels" ADD COLUMN IF NOT EXISTS "tracking_source" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipping_labels_awaiting_code_idx" ON "shipping_labels" USING btree ("generated_at") WHERE "shipping_labels"."status" = 'gerada' and ("shipping_labels"."tracking_code" is null or "shipping_labels"."tracking_source" = 'melhor_envio');--> statement-breakpoint
ALTER TABLE "shipping_labels" DROP CONSTRAINT IF EXISTS "shipping_labels_tracking_source_check";--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_tracking_source_check" CHECK ("shipping_labels"."tracking_source" is null or "shipping_labels"."tracking_source" in ('transportadora', 'melhor_envio'));
