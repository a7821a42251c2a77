-- Issue 33, item 6d: 'Avise-me' is double opt-in. A request is kept pending (confirmed_at null,
-- confirm_token_hash the hash of the single-use token e-mailed to the address) until the link is
-- opened; only confirmed requests are mailed, pending ones are erased after two days. The default
-- now() keeps today's requests confirmed, and so the older release's inserts (it knows neither
-- column). IF NOT EXISTS as in 0016 (docs/migrations.md).
ALTER TABLE "stock_alerts" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_alerts_confirm_token_unique" ON "stock_alerts" USING btree ("confirm_token_hash");