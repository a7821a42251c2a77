-- Issue 32, item 7: the Painel on a big shop (bench/big-catalog.mjs: 200,000 orders, about
-- 21,000 paid in its 30 days). Its figures read the orders paid in those days: the sales series
-- (paid_at, status, total_cents), the orders paid after their reminder (reminder_sent_at) and the
-- window of 'Avise-me' (id, user_id, email). orders_paid_idx found them but each was then read
-- from the table, about 8,000 pages there (40-50 ms for the series, 25-50 ms for the reminders);
-- this index holds what they read, so each is an index-only scan (12 ms, 1-3 ms). It replaces
-- orders_paid_idx: the same first column and the same condition, so whatever that one served
-- (the previous release's queries during a rolling update included) this one serves; it is made
-- before the old one goes. An index only, no query answers differently; IF NOT EXISTS as in 0016
-- (a shop too big to wait builds it CONCURRENTLY beforehand, docs/migrations.md). Built in about
-- a second on the big catalog.
CREATE INDEX IF NOT EXISTS "orders_paid_window_idx" ON "orders" USING btree ("paid_at","status","total_cents","reminder_sent_at","user_id","id","email") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_paid_idx";
