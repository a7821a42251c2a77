-- Issue 33: accounts cannot be taken over (docs/account-security.md, docs/second-factor.md).
-- email_changes: a change of e-mail waits for the link sent to the new address, and the old one
-- can say 'não fui eu'. users.owner_email: the address an account proved while it was in
-- ADMIN_EMAILS (an owner only while her e-mail is that one); today's owners keep their role.
-- owner_setup_links and owner_second_factors.setup_token_hash: the second factor is set up only
-- from a one-time link e-mailed to the owner. The older release ignores all of these.
CREATE TABLE "email_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"cancel_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "email_changes_cancel_token_hash_unique" UNIQUE("cancel_token_hash")
);
--> statement-breakpoint
CREATE TABLE "owner_setup_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_setup_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "owner_second_factors" ADD COLUMN "setup_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "owner_email" text;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_setup_links" ADD CONSTRAINT "owner_setup_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_changes_cancel_expires_idx" ON "email_changes" USING btree ("cancel_expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "owner_setup_links_user_idx" ON "owner_setup_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "owner_setup_links_expires_idx" ON "owner_setup_links" USING btree ("expires_at");--> statement-breakpoint
UPDATE "users" SET "owner_email" = "email" WHERE "role" = 'owner' AND "owner_email" IS NULL;