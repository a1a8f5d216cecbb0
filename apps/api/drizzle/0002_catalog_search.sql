-- Catalog search and derived columns, kept by the database so that every writer (seed, import,
-- orders taking stock, reviews updating ratings) keeps them right.

-- Lower case without accents or apostrophes: 'Château' -> 'chateau', 'Hendrick''s' -> 'hendricks'.
-- unaccent is not available everywhere: letters are decomposed (NFD, the database is UTF-8) and
-- their combining marks dropped; the few letters that do not decompose are mapped by hand.
CREATE OR REPLACE FUNCTION catalog_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT CASE
    -- Plain ASCII (most text) needs no decomposition.
    WHEN octet_length(input) = length(input) THEN replace(lower(input), '''', '')
    ELSE translate(
      lower(regexp_replace(normalize(input, NFD), '[\u0300-\u036f]', '', 'g')),
      'øæœłđßıħŧðþØÆŒŁĐĦŦÐÞ''’‘',
      'oaoldsihtdtoaoldhtdt'
    )
  END
$$;
--> statement-breakpoint

-- The search columns of a product: folded name (sorting), trigram text (typo-tolerant search)
-- and the weighted full-text document (name A; varietal, region, country, category and type B;
-- description, tasting notes and food pairing C).
CREATE OR REPLACE FUNCTION catalog_place(varietal text, region text, country text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT catalog_fold(coalesce(varietal, '') || ' ' || coalesce(region, '') || ' ' || coalesce(country, ''))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_document(
  name_folded text, place text, category_name text, product_type text,
  description text, tasting_notes text, food_pairing text
) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('english', name_folded), 'A')
      || setweight(to_tsvector('english',
           place || ' ' || catalog_fold(coalesce(category_name, '')) || ' ' || product_type), 'B')
      || setweight(to_tsvector('english', catalog_fold(
           coalesce(description, '') || ' ' || coalesce(tasting_notes, '') || ' ' || coalesce(food_pairing, '')
         )), 'C')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_products_derive() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  category_name text;
  place text;
BEGIN
  SELECT c.name INTO category_name FROM categories c WHERE c.id = NEW.category_id;
  place := catalog_place(NEW.varietal, NEW.region, NEW.country);
  NEW.name_folded := catalog_fold(NEW.name);
  NEW.search_text := NEW.name_folded || ' ' || place;
  NEW.search_document := catalog_document(
    NEW.name_folded, place, category_name, NEW.product_type::text,
    NEW.description, NEW.tasting_notes, NEW.food_pairing
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_derive
BEFORE INSERT OR UPDATE OF name, varietal, region, country, description, tasting_notes, food_pairing,
  category_id, product_type
ON products
FOR EACH ROW EXECUTE FUNCTION catalog_products_derive();
--> statement-breakpoint

-- A renamed category renames the word in its products' search documents.
CREATE OR REPLACE FUNCTION catalog_category_renamed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE products SET category_id = category_id WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_renamed
AFTER UPDATE OF name ON categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION catalog_category_renamed();
--> statement-breakpoint

-- The list columns of the given products: the default variant's id, price and original price,
-- and whether any variant has stock. Only rows that change are written.
CREATE OR REPLACE FUNCTION catalog_refresh_products(ids integer[]) RETURNS void
LANGUAGE sql
AS $$
  UPDATE products p
  SET default_variant_id = x.default_id,
      price = x.price,
      original_price = x.original_price,
      in_stock = x.in_stock
  FROM (
    SELECT t.product_id,
           d.id AS default_id,
           d.price,
           d.original_price,
           EXISTS (
             SELECT 1 FROM product_variants v WHERE v.product_id = t.product_id AND v.stock > 0
           ) AS in_stock
    FROM (SELECT DISTINCT unnest(ids) AS product_id) t
    LEFT JOIN product_variants d ON d.product_id = t.product_id AND d.is_default
  ) x
  WHERE p.id = x.product_id
    AND (p.default_variant_id, p.price, p.original_price, p.in_stock)
        IS DISTINCT FROM (x.default_id, x.price, x.original_price, x.in_stock)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_variants_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_refresh_products(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalog_refresh_products(ARRAY(
      SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows
    ));
  ELSE
    PERFORM catalog_refresh_products(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_inserted
AFTER INSERT ON product_variants
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_updated
AFTER UPDATE ON product_variants
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_deleted
AFTER DELETE ON product_variants
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_variants_changed();
--> statement-breakpoint

-- Every change to the catalog tells every API instance to drop its cached lists.
CREATE OR REPLACE FUNCTION catalog_notify_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_changed();
--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_changed();
--> statement-breakpoint

-- The products a search finds: full-text matches (stemmed, accents folded) and, unless the
-- words alone already find plenty (50), typo-tolerant trigram matches on name, varietal, region
-- and country ("henesy", "jonnie walker", "chardonay"). The trigram threshold is lowered for
-- these functions only (SET clause), so one wrong letter in a short word still matches; both
-- conditions use their GIN index.
CREATE OR REPLACE FUNCTION catalog_search_ids(query text)
RETURNS SETOF integer
LANGUAGE plpgsql STABLE PARALLEL SAFE ROWS 200
SET pg_trgm.word_similarity_threshold = 0.4
AS $$
DECLARE
  folded text := catalog_fold(query);
  words tsquery := websearch_to_tsquery('english', catalog_fold(query));
  plenty boolean := (
    SELECT count(*) >= 50 FROM (SELECT 1 FROM products p WHERE p.listed AND p.search_document @@ words LIMIT 50) found
  );
BEGIN
  IF plenty THEN
    RETURN QUERY SELECT p.id FROM products p WHERE p.listed AND p.search_document @@ words;
  ELSE
    RETURN QUERY
      SELECT p.id FROM products p
      WHERE p.listed AND (p.search_document @@ words OR folded <% p.search_text);
  END IF;
END
$$;
--> statement-breakpoint

-- The same products with their relevance. Finding every word beats a near miss; then the
-- weights (name first) and how close the name is. Near misses rank by closeness of the name,
-- of the varietal and of the whole search text.
CREATE OR REPLACE FUNCTION catalog_search(query text)
RETURNS TABLE (product_id integer, rank real)
LANGUAGE plpgsql STABLE PARALLEL SAFE ROWS 200
SET pg_trgm.word_similarity_threshold = 0.4
AS $$
DECLARE
  folded text := catalog_fold(query);
  words tsquery := websearch_to_tsquery('english', catalog_fold(query));
  plenty boolean := (
    SELECT count(*) >= 50 FROM (SELECT 1 FROM products p WHERE p.listed AND p.search_document @@ words LIMIT 50) found
  );
BEGIN
  IF plenty THEN
    RETURN QUERY
      SELECT p.id, (10 + 2 * ts_rank(p.search_document, words) + 2 * word_similarity(folded, p.name_folded))::real
      FROM products p
      WHERE p.listed AND p.search_document @@ words;
  ELSE
    RETURN QUERY
      SELECT p.id,
             (CASE WHEN p.search_document @@ words
               THEN 10 + 2 * ts_rank(p.search_document, words) + 2 * word_similarity(folded, p.name_folded)
               ELSE 2 * word_similarity(folded, p.name_folded) + similarity(folded, p.name_folded)
                    + word_similarity(folded, p.search_text) + similarity(folded, lower(coalesce(p.varietal, '')))
             END)::real
      FROM products p
      WHERE p.listed AND (p.search_document @@ words OR folded <% p.search_text);
  END IF;
END
$$;
