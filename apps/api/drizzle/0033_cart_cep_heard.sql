-- Issue 32: a logged-in shopper's freight quote remembered her CEP with an UPDATE on every call
-- (one statement each, even when the CEP was the same). The instances now keep the CEP they last
-- wrote for her (modules/cart/kept-lines.ts) and write only a new one; this says on the change
-- feed's channel ('cart:<user id>', as migration 0015 does for her lines) when her cart's CEP
-- changed, whoever changed it (another device on another instance, the owners anonymizing her),
-- so every instance forgets its copy. An instance of the previous release hears it as a change of
-- her cart and forgets her lines: only while both releases run.
CREATE OR REPLACE FUNCTION "users_cart_cep_changed_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalog_changed', 'cart:' || NEW.id);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_cart_cep_changed_heard" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_cart_cep_changed_heard"
	AFTER UPDATE OF "cart_cep" ON "users"
	FOR EACH ROW WHEN (OLD."cart_cep" IS DISTINCT FROM NEW."cart_cep")
	EXECUTE FUNCTION "users_cart_cep_changed_notify"();
