-- Issue 36: the owners' timing of the review request ('Avaliações'), one row absent until they
-- first save (REVIEW_REQUEST_DELAY_MINUTES / REVIEW_REQUEST_SHIPPED_DAYS stand in). A new table
-- the previous release never reads (not a stop).
CREATE TABLE IF NOT EXISTS "review_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"delivered_days" integer NOT NULL,
	"shipped_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_settings_one_row" CHECK ("review_settings"."id" = 1),
	CONSTRAINT "review_settings_delivered_check" CHECK ("review_settings"."delivered_days" between 0 and 60),
	CONSTRAINT "review_settings_shipped_check" CHECK ("review_settings"."shipped_days" between 1 and 60)
);

