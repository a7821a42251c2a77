-- Issue 32: a sale must not make every page be rendered again. A page's HTML shows a piece's
-- stock only as a band: 'Esgotado' (0), 'Últimas unidades' (1 to 3, LAST_UNITS_SHOWN_FROM in
-- packages/domain) or 'Em estoque', for the piece and for each of its sizes. A stock-only UPDATE
-- still says 'stock:<ids>' (the API's answers show the exact stock), and now also, after it,
-- 'shown:<ids>' naming the products of the rows whose band changed ('shown' alone when too many
-- to name): the kept pages are rendered again only then (docs/catalog-cache.md). The previous
-- release reads 'shown:…' as a change of the catalog and drops what it keeps: correct, only
-- slower, while both run.
CREATE OR REPLACE FUNCTION "catalog_stock_shown"(stock integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN stock <= 0 THEN 0 WHEN stock <= 3 THEN 1 ELSE 2 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_rows_updated_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	ids text;
	shown text;
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
		SELECT string_agg(DISTINCT (to_jsonb(n) ->> TG_ARGV[0]), ',') INTO shown
		FROM new_rows n JOIN old_rows o ON o.id = n.id
		WHERE "catalog_stock_shown"((to_jsonb(o) ->> 'stock')::int)
			IS DISTINCT FROM "catalog_stock_shown"((to_jsonb(n) ->> 'stock')::int);
		IF shown IS NOT NULL THEN
			PERFORM pg_notify('catalog_changed', CASE WHEN length(shown) > 7000 THEN 'shown' ELSE 'shown:' || shown END);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;
