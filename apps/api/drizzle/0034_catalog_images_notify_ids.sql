-- A product's card carries its first image, and each instance's catalog index now holds the cards
-- (docs/decisions/0016-in-process-catalog-index.md, addendum): a change to product_images must say
-- whose images changed, as products and variants do since 0033 ("product_images:12,57@1043",
-- product ids). More than 200 products, or a TRUNCATE, name none and the index is rebuilt whole.
CREATE OR REPLACE FUNCTION catalog_notify_images() RETURNS trigger
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
    -- An image may move to another product: both are changed.
    SELECT array_agg(r.id) INTO ids FROM (
      SELECT product_id AS id FROM new_rows UNION SELECT product_id FROM old_rows LIMIT 201
    ) r;
  END IF;
  PERFORM catalog_notify_ids('product_images', ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER product_images_notify ON product_images;
--> statement-breakpoint
CREATE TRIGGER product_images_notify AFTER UPDATE ON product_images
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_images();
--> statement-breakpoint
CREATE TRIGGER product_images_notify_inserted AFTER INSERT ON product_images
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_images();
--> statement-breakpoint
CREATE TRIGGER product_images_notify_deleted AFTER DELETE ON product_images
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_images();
--> statement-breakpoint
CREATE TRIGGER product_images_notify_truncated AFTER TRUNCATE ON product_images
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_changed();
