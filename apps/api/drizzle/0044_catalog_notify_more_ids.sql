-- The catalog index is the only read model of the storefront's lists (decision 0027): a read
-- waits until the index holds every change committed before it. A statement naming no products
-- (more than 200 before this) made every instance rebuild its index whole, and a bulk import's
-- batches (500 rows) one rebuild after another, each longer than the last, while reads waited.
-- Up to 1,000 products are now named, in notifications of 250 ids (a NOTIFY payload is at most
-- 8,000 bytes), each with its own version, so each instance re-reads just those products.
CREATE OR REPLACE FUNCTION catalog_notify_ids(table_name text, ids integer[]) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  first integer;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  ELSIF cardinality(ids) > 1000 THEN
    PERFORM pg_notify('catalog_changed', table_name || '@' || nextval('catalog_version'));
  ELSE
    FOR first IN 1..cardinality(ids) BY 250 LOOP
      PERFORM pg_notify('catalog_changed',
        table_name || ':' || array_to_string(ids[first:first + 249], ',') || '@' || nextval('catalog_version'));
    END LOOP;
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
    SELECT array_agg(DISTINCT r.id) INTO ids FROM (SELECT id FROM old_rows LIMIT 1001) r;
  ELSE
    SELECT array_agg(DISTINCT r.id) INTO ids FROM (SELECT id FROM new_rows LIMIT 1001) r;
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
    SELECT array_agg(r.id) INTO ids FROM (SELECT DISTINCT product_id AS id FROM old_rows LIMIT 1001) r;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.id) INTO ids FROM (SELECT DISTINCT product_id AS id FROM new_rows LIMIT 1001) r;
  ELSE
    -- A variant may move to another product: both are changed.
    SELECT array_agg(r.id) INTO ids FROM (
      SELECT product_id AS id FROM new_rows UNION SELECT product_id FROM old_rows LIMIT 1001
    ) r;
  END IF;
  PERFORM catalog_notify_ids('product_variants', ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_images() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.id) INTO ids FROM (SELECT DISTINCT product_id AS id FROM old_rows LIMIT 1001) r;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(r.id) INTO ids FROM (SELECT DISTINCT product_id AS id FROM new_rows LIMIT 1001) r;
  ELSE
    -- An image may move to another product: both are changed.
    SELECT array_agg(r.id) INTO ids FROM (
      SELECT product_id AS id FROM new_rows UNION SELECT product_id FROM old_rows LIMIT 1001
    ) r;
  END IF;
  PERFORM catalog_notify_ids('product_images', ids);
  RETURN NULL;
END
$$;
