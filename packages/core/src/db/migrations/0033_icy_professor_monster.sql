CREATE TABLE "channel_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"barcode" text NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"stock_code" text,
	"title" text,
	"approved" boolean DEFAULT false NOT NULL,
	"url" text,
	"channel_quantity" integer,
	"channel_sale_minor" bigint,
	"channel_list_minor" bigint,
	"seen_at" timestamp with time zone,
	"stock_buffer" integer DEFAULT 0 NOT NULL,
	"sent_quantity" integer,
	"sent_sale_minor" bigint,
	"sent_list_minor" bigint,
	"sent_at" timestamp with time zone,
	"batch_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_listings_channel_check" CHECK ("channel_listings"."channel" in ('trendyol')),
	CONSTRAINT "channel_listings_buffer_check" CHECK ("channel_listings"."stock_buffer" >= 0)
);
--> statement-breakpoint
CREATE TABLE "channel_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"local" text NOT NULL,
	"remote" integer NOT NULL,
	"remote_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_mappings_kind_check" CHECK ("channel_mappings"."kind" in ('category', 'brand'))
);
--> statement-breakpoint
CREATE TABLE "channel_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"package_id" text NOT NULL,
	"channel_order_number" text NOT NULL,
	"lines" jsonb NOT NULL,
	"channel_status" text NOT NULL,
	"channel_modified_at" timestamp with time zone NOT NULL,
	"picking_sent_at" timestamp with time zone,
	"invoice_number" text,
	"invoiced_sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_orders_channel_check" CHECK ("channel_orders"."channel" in ('trendyol'))
);
--> statement-breakpoint
ALTER TABLE "channel_listings" ADD CONSTRAINT "channel_listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_listings" ADD CONSTRAINT "channel_listings_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_listings_barcode_idx" ON "channel_listings" USING btree ("channel","barcode");--> statement-breakpoint
CREATE INDEX "channel_listings_product_idx" ON "channel_listings" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_mappings_local_idx" ON "channel_mappings" USING btree ("channel","kind","local");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_orders_package_idx" ON "channel_orders" USING btree ("channel","package_id");