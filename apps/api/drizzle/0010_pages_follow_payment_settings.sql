-- The server-rendered pages are kept in the catalog's memory cache like its answers
-- (src/modules/web-app/web-app.ts) and every price on them carries the owners' payment settings
-- ('em até 6x…', '… no PIX'). A change of those settings must drop the kept pages on every
-- instance at once, as a change of the catalog does: the same notification (0005).
CREATE TRIGGER "payment_settings_catalog_changed"
	AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
