CREATE TABLE "import_staging" (
	"import_id" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"line" integer,
	"sku" text,
	"product_id" integer,
	"variant_id" integer,
	"parent_sku" text,
	"data" jsonb NOT NULL,
	"prices" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_staging_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE INDEX "import_staging_created_idx" ON "import_staging" USING btree ("created_at");