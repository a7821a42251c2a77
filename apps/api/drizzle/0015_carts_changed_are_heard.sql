-- Issue 32: a logged-in shopper's cart is read on every page and quote; the instances now keep
-- her lines in memory (modules/cart/kept-lines.ts) and forget them when this says her cart
-- changed, on the change feed's channel: 'cart:<user ids>' ('cart': anyone's, when there are
-- too many to name or after a truncate). A change of a piece in it comes from the catalog's own
-- notifications (migrations 0005, 0013). Row level (cheaper than transition tables for the
-- one-line changes a cart sees): PostgreSQL folds a transaction's identical notifications, so a
-- checkout emptying her cart says it once. An instance of the previous release hears it
-- as a change of the catalog and drops its cache: only while both releases run.
CREATE OR REPLACE FUNCTION "cart_items_changed_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('catalog_changed', 'cart');
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM pg_notify('catalog_changed', 'cart:' || NEW.user_id);
	ELSE
		-- An update moving a line to another cart (never done) names both.
		PERFORM pg_notify('catalog_changed', 'cart:' || OLD.user_id);
		IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
			PERFORM pg_notify('catalog_changed', 'cart:' || NEW.user_id);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cart_items_changed_heard"
	AFTER INSERT OR UPDATE OR DELETE ON "cart_items"
	FOR EACH ROW EXECUTE FUNCTION "cart_items_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "cart_items_truncated_heard"
	AFTER TRUNCATE ON "cart_items"
	FOR EACH STATEMENT EXECUTE FUNCTION "cart_items_changed_notify"();
