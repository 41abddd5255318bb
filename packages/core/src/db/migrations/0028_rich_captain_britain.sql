CREATE TABLE "catalogue_changes" (
	"xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"product_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_xid_idx" ON "catalogue_changes" USING btree ("xid");--> statement-breakpoint
CREATE FUNCTION "catalogue_changes_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column naming the product (id in products, product_id in the others).
  EXECUTE format('INSERT INTO catalogue_changes (product_id) SELECT DISTINCT %I FROM changed_rows', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_inserted_log" AFTER INSERT ON "products" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('id');
--> statement-breakpoint
CREATE TRIGGER "products_updated_log" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('id');
--> statement-breakpoint
CREATE TRIGGER "products_deleted_log" AFTER DELETE ON "products" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('id');
--> statement-breakpoint
CREATE TRIGGER "product_tags_inserted_log" AFTER INSERT ON "product_tags" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('product_id');
--> statement-breakpoint
CREATE TRIGGER "product_tags_updated_log" AFTER UPDATE ON "product_tags" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('product_id');
--> statement-breakpoint
CREATE TRIGGER "product_tags_deleted_log" AFTER DELETE ON "product_tags" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('product_id');
--> statement-breakpoint
CREATE TRIGGER "product_prices_inserted_log" AFTER INSERT ON "product_prices" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('product_id');
--> statement-breakpoint
CREATE TRIGGER "product_prices_updated_log" AFTER UPDATE ON "product_prices" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('product_id');
--> statement-breakpoint
CREATE TRIGGER "product_prices_deleted_log" AFTER DELETE ON "product_prices" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('product_id');
--> statement-breakpoint
CREATE TRIGGER "product_variants_inserted_log" AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('product_id');
--> statement-breakpoint
CREATE TRIGGER "product_variants_updated_log" AFTER UPDATE ON "product_variants" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('product_id');
--> statement-breakpoint
CREATE TRIGGER "product_variants_deleted_log" AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changes_log('product_id');
