-- The API keeps its catalog answers in memory (src/modules/catalog/cache.ts) and drops them the
-- moment the catalog changes: every statement that writes a table those answers read (products,
-- stock and sales counts included, so every order; the "Complete o Look" links) notifies
-- 'catalog_changed' at commit, to every instance listening on this database. Statement level, so
-- a checkout updating ten lines sends one notification, and PostgreSQL folds repeats within a
-- transaction into one. A rolled-back transaction notifies nobody.
CREATE OR REPLACE FUNCTION "catalog_changed_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalog_changed', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed"
	AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "product_compositions_catalog_changed"
	AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_compositions"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
