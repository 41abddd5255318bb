DROP INDEX "coupons_code_idx";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "code_key" text GENERATED ALWAYS AS (lower(translate("coupons"."code", 'İIıÇçĞğÖöŞşÜü', 'iiiccggoossuu'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Codes told apart before only by case or by I/İ/ı/i (or another Turkish letter) now share a key: the active
-- one (then the oldest) keeps its code, each other gets its id appended (`HOSGELDIN10-7`), shown in the panel.
UPDATE "coupons" SET "code" = "code" || '-' || "id" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "code_key" ORDER BY "is_active" DESC, "id") AS "n" FROM "coupons"
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key_idx" ON "coupons" USING btree ("code_key");