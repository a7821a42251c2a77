-- Issue 32: every authenticated call checked the user's `sessions_valid_after` in the database
-- (half the queries of a cart read). The instances now keep it in memory (lib/authenticate.ts)
-- and forget it when this says her sessions ended — a password reset, a second factor reset, an
-- anonymised or deleted account — on the change feed's channel: 'session:<user id>' ('session':
-- anyone's, after a truncate). An instance of the previous release hears it as a change of the
-- catalog and drops its cache: rare, and harmless.
CREATE OR REPLACE FUNCTION "users_sessions_ended_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('catalog_changed', 'session');
	ELSE
		PERFORM pg_notify('catalog_changed', 'session:' || OLD.id);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_sessions_ended"
	AFTER UPDATE OF "sessions_valid_after" ON "users"
	FOR EACH ROW
	WHEN (OLD."sessions_valid_after" IS DISTINCT FROM NEW."sessions_valid_after")
	EXECUTE FUNCTION "users_sessions_ended_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_deleted_sessions_ended"
	AFTER DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "users_sessions_ended_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_truncated_sessions_ended"
	AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "users_sessions_ended_notify"();
