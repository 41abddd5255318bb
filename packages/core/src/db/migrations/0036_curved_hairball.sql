CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"lines" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"order_id" integer,
	"recovered_minor" bigint,
	"recovered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketing_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"recipient" text NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"detail" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_consents_channel_check" CHECK ("marketing_consents"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"moderated_at" timestamp with time zone,
	"moderated_by" integer,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "unsubscribe_token" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_staff_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_answered_by_staff_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_cart_idx" ON "cart_reminders" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_token_idx" ON "cart_reminders" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cart_reminders_customer_idx" ON "cart_reminders" USING btree ("customer_id","sent_at");--> statement-breakpoint
CREATE INDEX "cart_reminders_sent_idx" ON "cart_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "marketing_consents_customer_idx" ON "marketing_consents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_customer_idx" ON "reviews" USING btree ("product_id","customer_id");--> statement-breakpoint
CREATE INDEX "reviews_product_status_idx" ON "reviews" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_customer_idx" ON "reviews" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_unsubscribe_token_idx" ON "customers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "orders_review_request_idx" ON "orders" USING btree ("status","updated_at") WHERE "orders"."review_requested_at" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_rating_check" CHECK ("products"."rating_sum" between "products"."rating_count" and 5 * "products"."rating_count");--> statement-breakpoint
INSERT INTO "marketing_consents" ("customer_id", "recipient", "channel", "granted", "source", "detail", "created_at") SELECT "id", "email", 'email', true, 'HS_WEB', 'Üyelik formu', coalesce("marketing_consent_at", "created_at") FROM "customers" WHERE "marketing_consent" AND "deleted_at" IS NULL;
