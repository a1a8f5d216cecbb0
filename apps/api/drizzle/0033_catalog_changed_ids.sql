-- The catalog_changed NOTIFY names the products a statement changed ("products:12,57"), so each
-- instance's in-process catalog index (docs/decisions/0016-in-process-catalog-index.md) refreshes
-- those products alone: a checkout changes one product's stock, and rebuilding the index of
-- 100,000 products for it is not an option. A statement that changes more than 200 products (an
-- import, a bulk edit) names none, as before ("products"): the index is then rebuilt whole.
-- Every notification also carries the catalog's version ("products:12,57@1043"), a sequence
-- that every change statement advances: an instance compares the index's version with the
-- database's to know whether a change has not reached it yet (a NOTIFY arrives a moment after
-- the commit), and answers from the SQL until it has.
-- Transition tables need one event per trigger, so the UPDATE triggers keep the old names and
-- INSERT, DELETE and TRUNCATE get their own.
CREATE SEQUENCE IF NOT EXISTS catalog_version;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME || '@' || nextval('catalog_version'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_ids(table_name text, ids integer[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  ELSIF cardinality(ids) > 200 THEN
    PERFORM pg_notify('catalog_changed', table_name || '@' || nextval('catalog_version'));
  ELSE
    PERFORM pg_notify('catalog_changed',
      table_name || ':' || array_to_string(ids, ',') || '@' || nextval('catalog_version'));
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_products() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT r.id) INTO ids FROM (SELECT id FROM old_rows LIMIT 201) r;
  ELSE
    SELECT array_agg(DISTINCT r.id) INTO ids FROM (SELECT id FROM new_rows LIMIT 201) r;
  END IF;
  PERFORM catalog_notify_ids('products', ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_variants() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.id) INTO ids FROM (SELECT DISTINCT product_id AS id FROM old_rows LIMIT 201) r;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.id) INTO ids FROM (SELECT DISTINCT product_id AS id FROM new_rows LIMIT 201) r;
  ELSE
    -- A variant may move to another product: both are changed.
    SELECT array_agg(r.id) INTO ids FROM (
      SELECT product_id AS id FROM new_rows UNION SELECT product_id FROM old_rows LIMIT 201
    ) r;
  END IF;
  PERFORM catalog_notify_ids('product_variants', ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_notify ON products;
--> statement-breakpoint
DROP TRIGGER product_variants_notify ON product_variants;
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_products();
--> statement-breakpoint
CREATE TRIGGER products_notify_inserted AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_products();
--> statement-breakpoint
CREATE TRIGGER products_notify_deleted AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_products();
--> statement-breakpoint
CREATE TRIGGER products_notify_truncated AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_notify AFTER UPDATE ON product_variants
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_inserted AFTER INSERT ON product_variants
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_deleted AFTER DELETE ON product_variants
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_notify_truncated AFTER TRUNCATE ON product_variants
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_changed();
