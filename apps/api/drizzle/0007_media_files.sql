-- The owners' uploaded pictures move from one instance's disk (DATA_DIR/media) into the database,
-- so every instance serves them and one backup holds them (src/modules/media). Additive only: the
-- release before this one never reads the table, so it keeps working during a rolling update
-- (docs/migrations.md).
CREATE TABLE "media_files" (
	"path" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
