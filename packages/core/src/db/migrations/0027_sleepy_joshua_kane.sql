CREATE TABLE "catalogue_snapshot_chunks" (
	"chunk" integer PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_snapshots" (
	"name" text PRIMARY KEY NOT NULL,
	"format" integer NOT NULL,
	"watermark" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"chunks" integer NOT NULL,
	"writer" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
