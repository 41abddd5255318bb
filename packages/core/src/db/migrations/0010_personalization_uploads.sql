CREATE TABLE "personalization_uploads" (
	"path" text PRIMARY KEY NOT NULL,
	"cart_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "personalization_uploads_cart_idx" ON "personalization_uploads" USING btree ("cart_key");--> statement-breakpoint
CREATE INDEX "personalization_uploads_created_idx" ON "personalization_uploads" USING btree ("created_at");