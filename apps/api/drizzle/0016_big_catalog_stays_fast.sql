-- Issue 32, item 7: a big catalog stays fast (bench/big-catalog.mjs: 10,000 products, 50,000
-- customers, 200,000 orders). Indexes only; no query answers differently.
--
-- pg_trgm indexes the `like/ilike '%…%'` and `~` searches that a B-tree cannot serve: the shop's
-- search (a regular expression per word on products.search_text), the back office's order search
-- (buyer's name and e-mail, the account's) and customer search (name without accents, e-mail, CPF
-- digits). It ships with PostgreSQL (contrib; trusted since 13: the store's own role may create it)
-- and with PGlite (@electric-sql/pglite/contrib/pg_trgm, loaded by db/client.ts). It lives in
-- public, as most installations have it; the restore's drop of the store's functions leaves an
-- extension's own alone.
--
-- B-trees for the order list newest first (all, by status), the Painel's 30 days of payments and
-- a search by CPF. Built inside the migrations' transaction (drizzle runs them in one, so
-- CONCURRENTLY is not possible): on 200,000 orders and 50,000 accounts they took 15 s in all on
-- the busy 2-core bench machine, while checkouts wait. IF NOT EXISTS: a bigger shop builds them
-- CONCURRENTLY by hand beforehand, and this finds them (docs/migrations.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_cpf_idx" ON "orders" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_nome_completo_trgm_idx" ON "orders" USING gin ("nome_completo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_unaccented_trgm_idx" ON "users" USING gin (translate(lower("first_name" || ' ' || "last_name"), 'áàâãäéèêëíìîïóòôõöúùûüç', 'aaaaaeeeeiiiiooooouuuuc') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_cpf_trgm_idx" ON "users" USING gin ("cpf" gin_trgm_ops);
