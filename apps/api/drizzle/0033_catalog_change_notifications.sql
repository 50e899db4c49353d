-- Every instance keeps the prices it has read (product, category, location and the price at the
-- location); any change to those tables tells every instance to forget them, after it commits.
CREATE FUNCTION "notify_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ruwa_catalog', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "product_categories_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "locations_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();--> statement-breakpoint
CREATE TRIGGER "product_locations_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_locations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
