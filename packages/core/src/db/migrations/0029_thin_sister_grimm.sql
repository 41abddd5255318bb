CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text DEFAULT 'outbound' NOT NULL,
	"carrier" text NOT NULL,
	"request_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"company" text,
	"carrier_shipment_id" text,
	"tracking_no" text,
	"tracking_url" text,
	"label_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_kind_check" CHECK ("shipments"."kind" in ('outbound', 'return')),
	CONSTRAINT "shipments_carrier_check" CHECK ("shipments"."carrier" in ('geliver', 'yurtici')),
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('pending', 'created', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_request_key_idx" ON "shipments" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_carrier_id_idx" ON "shipments" USING btree ("carrier","carrier_shipment_id");