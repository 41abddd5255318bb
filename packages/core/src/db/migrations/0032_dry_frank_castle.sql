CREATE TABLE "order_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invoice_number" text,
	"document_type" text,
	"pdf_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_invoices_provider_check" CHECK ("order_invoices"."provider" in ('parasut')),
	CONSTRAINT "order_invoices_status_check" CHECK ("order_invoices"."status" in ('pending', 'issued', 'failed', 'cancelled')),
	CONSTRAINT "order_invoices_document_type_check" CHECK ("order_invoices"."document_type" is null or "order_invoices"."document_type" in ('e_archive', 'e_invoice'))
);
--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_invoices_order_idx" ON "order_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_invoices_due_idx" ON "order_invoices" USING btree ("status","next_attempt_at");