CREATE TABLE "health_items" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"advice" text DEFAULT '' NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_items_state_check" CHECK ("health_items"."state" in ('verde', 'amarelo', 'vermelho'))
);
--> statement-breakpoint
CREATE TABLE "job_claims" (
	"job" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"last_finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "owner_devices" (
	"user_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "owner_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_recovery_codes_user_code_unique" UNIQUE("user_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "owner_second_factors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refused_payment_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reason" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_devices" ADD CONSTRAINT "owner_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_recovery_codes" ADD CONSTRAINT "owner_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_second_factors" ADD CONSTRAINT "owner_second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refused_payment_notifications_received_idx" ON "refused_payment_notifications" USING btree ("received_at");