ALTER TABLE "payments" ADD COLUMN "mode" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_total_minor" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_minor" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "line_refs" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_ref" text;