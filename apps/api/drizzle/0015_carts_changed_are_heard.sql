-- Issue 32: a logged-in shopper's cart is read on every page and quote; the instances now keep
-- her lines in memory (modules/cart/kept-lines.ts) and forget them when this says her cart
-- changed, on the change feed's channel: 'cart:<user ids>' ('cart': anyone's, when there are
-- too many to name or after a truncate). A change of a piece in it comes from the catalog's own
-- notifications (migrations 0005, 0013). Statement level: a checkout emptying her cart, or an
-- account deleted with its lines, says it once. An instance of the previous release hears it
-- as a change of the catalog and drops its cache: only while both releases run.
CREATE OR REPLACE FUNCTION "cart_items_changed_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	ids text;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('catalog_changed', 'cart');
		RETURN NULL;
	ELSIF TG_OP = 'INSERT' THEN
		SELECT string_agg(DISTINCT n.user_id::text, ',') INTO ids FROM new_rows n;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT string_agg(DISTINCT o.user_id::text, ',') INTO ids FROM old_rows o;
	ELSE
		SELECT string_agg(DISTINCT u.user_id::text, ',') INTO ids
		FROM (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) u;
	END IF;
	IF ids IS NOT NULL THEN
		-- A notification's payload holds at most 8000 bytes.
		PERFORM pg_notify('catalog_changed', CASE WHEN length(ids) > 7000 THEN 'cart' ELSE 'cart:' || ids END);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cart_items_inserted_heard"
	AFTER INSERT ON "cart_items"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "cart_items_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "cart_items_updated_heard"
	AFTER UPDATE ON "cart_items"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "cart_items_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "cart_items_deleted_heard"
	AFTER DELETE ON "cart_items"
	REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "cart_items_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "cart_items_truncated_heard"
	AFTER TRUNCATE ON "cart_items"
	FOR EACH STATEMENT EXECUTE FUNCTION "cart_items_changed_notify"();
