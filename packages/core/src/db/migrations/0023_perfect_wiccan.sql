CREATE TABLE "login_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"nonce_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "login_devices_nonce_hash_idx" ON "login_devices" USING btree ("nonce_hash");--> statement-breakpoint
CREATE INDEX "login_devices_account_idx" ON "login_devices" USING btree ("account_kind","account_id");--> statement-breakpoint
CREATE INDEX "login_failures_updated_at_idx" ON "login_failures" USING btree ("updated_at");