-- Issue 33, item 6c: refused payment notifications are recorded at a bounded rate. One row per
-- provider, reason and minute with its count (modules/store-health/refused-notifications.ts), so a
-- flood of forged notices writes one row a minute instead of one a notice. The older release
-- inserts rows as before (minute null, count 1: distinct in the unique index, counted as one by
-- both releases). IF NOT EXISTS as in 0016 (docs/migrations.md).
ALTER TABLE "refused_payment_notifications" ADD COLUMN "minute" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refused_payment_notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "refused_payment_notifications_minute_idx" ON "refused_payment_notifications" USING btree ("provider","reason","minute");