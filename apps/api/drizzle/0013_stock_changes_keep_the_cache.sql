-- Issue 32: a sale must not empty the catalog cache. Until now every statement on `products` or
-- `product_variations` notified 'catalog_changed' with an empty payload, and every instance
-- dropped every kept answer and page: during a drop, every order (a stock change) made every
-- page be rendered and compressed again. An UPDATE now says what it changed:
--   ''                  a column a shopper sees besides the counts (a price, a name, a picture, a
--                       size's name, visibility...): drop everything now, as before;
--   'stock:<ids>'       only stock and sales counts (and updated_at) changed, of these products
--                       (a size's change names its product): the cache refreshes what shows them
--                       within a second (docs/catalog-cache.md);
--   'stock'             the same for more products than a notification can name;
--   nothing             the statement changed no row, or nothing at all in them.
-- Inserts, deletes and truncates still notify ''. An instance of the previous release drops
-- everything on any notification, payload or not: both releases can run side by side.
CREATE OR REPLACE FUNCTION "catalog_rows_updated_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	ids text;
BEGIN
	IF EXISTS (
		SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
		WHERE o.id IS NULL
			OR (to_jsonb(o) - 'stock' - 'sales_count' - 'updated_at')
				IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'sales_count' - 'updated_at')
	) OR EXISTS (SELECT 1 FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id WHERE n.id IS NULL) THEN
		PERFORM pg_notify('catalog_changed', '');
		RETURN NULL;
	END IF;
	-- TG_ARGV[0]: the column naming the product ('id' on products, 'product_id' on its sizes).
	SELECT string_agg(DISTINCT (to_jsonb(n) ->> TG_ARGV[0]), ',') INTO ids
	FROM new_rows n JOIN old_rows o ON o.id = n.id
	WHERE to_jsonb(o) IS DISTINCT FROM to_jsonb(n);
	IF ids IS NOT NULL THEN
		-- A notification's payload holds at most 8000 bytes.
		PERFORM pg_notify('catalog_changed', CASE WHEN length(ids) > 7000 THEN 'stock' ELSE 'stock:' || ids END);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_catalog_changed" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed"
	AFTER INSERT OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "products_catalog_updated"
	AFTER UPDATE ON "products"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_rows_updated_notify"('id');
--> statement-breakpoint
DROP TRIGGER "product_variations_catalog_changed" ON "product_variations";
--> statement-breakpoint
CREATE TRIGGER "product_variations_catalog_changed"
	AFTER INSERT OR DELETE OR TRUNCATE ON "product_variations"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "product_variations_catalog_updated"
	AFTER UPDATE ON "product_variations"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_rows_updated_notify"('product_id');
