-- Engagement's derived data, kept by the database so that every writer (the reviews API, staff,
-- an account being deleted, an import changing stock) keeps it right.

-- ---------------------------------------------------------------------------------------------
-- Reviews -> products.average_rating and review_count
-- ---------------------------------------------------------------------------------------------

-- Recounts one product from its visible reviews. The product row is locked first (NO KEY UPDATE,
-- which does not wait for the KEY SHARE lock that inserting a review takes through its foreign
-- key), and the count runs as the next statement, so with a fresh snapshot (READ COMMITTED): a
-- concurrent review's transaction holds the lock until it commits, and is then counted here.
-- Concurrent reviews never lose one. The update NOTIFYs catalog_changed (products_notify), which
-- drops the API's cached catalog answers.
CREATE OR REPLACE FUNCTION reviews_recount_product(target integer) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM products WHERE id = target FOR NO KEY UPDATE;
  UPDATE products p
  SET average_rating = s.average, review_count = s.total
  FROM (
    SELECT coalesce(round(avg(r.rating), 2), 0)::numeric(3, 2) AS average, count(*)::integer AS total
    FROM product_reviews r
    WHERE r.product_id = target AND NOT r.is_hidden
  ) s
  WHERE p.id = target
    AND (p.average_rating, p.review_count) IS DISTINCT FROM (s.average, s.total);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM reviews_recount_product(OLD.product_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.product_id <> OLD.product_id) THEN
    PERFORM reviews_recount_product(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_reviews_inserted
AFTER INSERT ON product_reviews
FOR EACH ROW EXECUTE FUNCTION reviews_changed();
--> statement-breakpoint
CREATE TRIGGER product_reviews_updated
AFTER UPDATE OF rating, is_hidden, product_id ON product_reviews
FOR EACH ROW
WHEN (
  OLD.rating IS DISTINCT FROM NEW.rating
  OR OLD.is_hidden IS DISTINCT FROM NEW.is_hidden
  OR OLD.product_id IS DISTINCT FROM NEW.product_id
)
EXECUTE FUNCTION reviews_changed();
--> statement-breakpoint
CREATE TRIGGER product_reviews_deleted
AFTER DELETE ON product_reviews
FOR EACH ROW EXECUTE FUNCTION reviews_changed();
--> statement-breakpoint

-- ---------------------------------------------------------------------------------------------
-- Wishlist alerts: a wished bottle went on sale or came back in stock
-- ---------------------------------------------------------------------------------------------

-- One row per customer (never an anonymous visitor) whose wishlist holds the bottle, written in
-- the transaction that made the change, once per change. The API is told (NOTIFY
-- wishlist_alerts) and publishes the domain events.
--
-- Entries for one size follow that size (product_variants); entries for "any size" follow the
-- product's list columns, which the catalog keeps from its sizes: in_stock (any size in stock)
-- and the default size's price and original price.

CREATE OR REPLACE FUNCTION wishlist_variant_alerts() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  written integer := 0;
  added integer;
BEGIN
  IF OLD.stock = 0 AND NEW.stock > 0 THEN
    INSERT INTO wishlist_alerts (user_id, product_id, variant_id, kind)
    SELECT w.user_id, w.product_id, w.variant_id, 'back_in_stock'
    FROM wishlist_items w
    JOIN users u ON u.id = w.user_id AND NOT u.is_anonymous
    JOIN products p ON p.id = w.product_id AND p.is_active
    WHERE w.variant_id = NEW.id;
    GET DIAGNOSTICS added = ROW_COUNT;
    written := written + added;
  END IF;
  IF NEW.original_price > NEW.price AND NOT coalesce(OLD.original_price > OLD.price, false) THEN
    INSERT INTO wishlist_alerts (user_id, product_id, variant_id, kind)
    SELECT w.user_id, w.product_id, w.variant_id, 'on_sale'
    FROM wishlist_items w
    JOIN users u ON u.id = w.user_id AND NOT u.is_anonymous
    JOIN products p ON p.id = w.product_id AND p.is_active
    WHERE w.variant_id = NEW.id;
    GET DIAGNOSTICS added = ROW_COUNT;
    written := written + added;
  END IF;
  IF written > 0 THEN
    PERFORM pg_notify('wishlist_alerts', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_wishlist_alerts
AFTER UPDATE OF stock, price, original_price ON product_variants
FOR EACH ROW
WHEN (
  (OLD.stock = 0 AND NEW.stock > 0)
  OR (NEW.original_price > NEW.price AND NOT coalesce(OLD.original_price > OLD.price, false))
)
EXECUTE FUNCTION wishlist_variant_alerts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wishlist_product_alerts() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  written integer := 0;
  added integer;
BEGIN
  IF NOT NEW.listed THEN
    RETURN NULL;
  END IF;
  IF NEW.in_stock AND NOT OLD.in_stock THEN
    INSERT INTO wishlist_alerts (user_id, product_id, variant_id, kind)
    SELECT w.user_id, w.product_id, NULL, 'back_in_stock'
    FROM wishlist_items w
    JOIN users u ON u.id = w.user_id AND NOT u.is_anonymous
    WHERE w.product_id = NEW.id AND w.variant_id IS NULL;
    GET DIAGNOSTICS added = ROW_COUNT;
    written := written + added;
  END IF;
  IF NEW.original_price > NEW.price AND NOT coalesce(OLD.original_price > OLD.price, false) THEN
    INSERT INTO wishlist_alerts (user_id, product_id, variant_id, kind)
    SELECT w.user_id, w.product_id, NULL, 'on_sale'
    FROM wishlist_items w
    JOIN users u ON u.id = w.user_id AND NOT u.is_anonymous
    WHERE w.product_id = NEW.id AND w.variant_id IS NULL;
    GET DIAGNOSTICS added = ROW_COUNT;
    written := written + added;
  END IF;
  IF written > 0 THEN
    PERFORM pg_notify('wishlist_alerts', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_wishlist_alerts
AFTER UPDATE OF in_stock, price, original_price ON products
FOR EACH ROW
WHEN (
  (NEW.in_stock AND NOT OLD.in_stock)
  OR (NEW.original_price > NEW.price AND NOT coalesce(OLD.original_price > OLD.price, false))
)
EXECUTE FUNCTION wishlist_product_alerts();
