-- Issue 32: the Painel's 'Avise-me' figure hashed the e-mail of every order paid in its 30 days
-- (21,000 on the big catalog: 310 ms of its 400) to find the few whose buyer had asked. It now
-- starts from the served requests' hashes and finds their orders and accounts down these
-- indexes. lower_email_sha256 is hashToken(lower(email)) in SQL, as stock_alerts.email_hash
-- keeps it: the UTF-8 bytes of the address in lower case (the database's encoding), taken by
-- bytea's input with its backslashes doubled, which is immutable (convert_to is only stable, and
-- a function over it could not be inlined). Not a stop: a function and two indexes the previous
-- release never uses.
CREATE OR REPLACE FUNCTION "lower_email_sha256"(email text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
	AS $$ SELECT encode(sha256(replace(lower(email), '\', '\\')::bytea), 'hex') $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_paid_email_sha256_idx" ON "orders" USING btree (lower_email_sha256("email"),"paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_sha256_idx" ON "users" USING btree (lower_email_sha256("email"));
