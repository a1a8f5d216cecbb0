CREATE TABLE "catalog_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_words_prefix_idx" ON "catalog_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_list_counts_idx" ON "products" USING btree ("category_id","product_type","country","price","original_price","in_stock") WHERE listed;
--> statement-breakpoint

-- Search at scale (docs/decisions/0009-search-at-scale.md). A search no longer compares the whole
-- query with every product's text by trigrams: each word of the query is corrected against the
-- catalog's own words (catalog_words, a few thousand), and the corrected words go to the
-- full-text index, which finds and counts the products cheaply at any catalog size.

-- The words of a product's text, folded as the search folds a query.
CREATE OR REPLACE FUNCTION catalog_words_of(
  search_text text, product_type text, description text, tasting_notes text, food_pairing text
) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT tsvector_to_array(to_tsvector('simple',
    coalesce(search_text, '') || ' ' || coalesce(product_type, '') || ' ' ||
    catalog_fold(coalesce(description, '') || ' ' || coalesce(tasting_notes, '') || ' ' || coalesce(food_pairing, ''))))
$$;
--> statement-breakpoint
INSERT INTO catalog_words (word)
SELECT DISTINCT w FROM products p,
  unnest(catalog_words_of(p.search_text, p.product_type::text, p.description, p.tasting_notes, p.food_pairing)) w
UNION
SELECT w FROM categories c, unnest(tsvector_to_array(to_tsvector('simple', catalog_fold(c.name)))) w
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_words_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO catalog_words (word)
  SELECT DISTINCT w FROM new_rows p,
    unnest(catalog_words_of(p.search_text, p.product_type::text, p.description, p.tasting_notes, p.food_pairing)) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Per statement on insert (a bulk load adds its words once); per row when a product's text changes
-- (a column list rules out transition tables), never for the price and stock columns.
CREATE TRIGGER products_words_inserted AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalog_words_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_words_updated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO catalog_words (word)
  SELECT DISTINCT w
  FROM unnest(catalog_words_of(NEW.search_text, NEW.product_type::text, NEW.description, NEW.tasting_notes,
                               NEW.food_pairing)) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_words_updated
AFTER UPDATE OF name, varietal, region, country, description, tasting_notes, food_pairing, product_type
ON products
FOR EACH ROW EXECUTE FUNCTION catalog_words_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_category_words() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO catalog_words (word)
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', catalog_fold(NEW.name)))) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_words AFTER INSERT OR UPDATE OF name ON categories
FOR EACH ROW EXECUTE FUNCTION catalog_category_words();
--> statement-breakpoint

-- The vintage joins the document (weight B, with the place), so "margaux 2015" finds that bottle.
CREATE OR REPLACE FUNCTION catalog_vintage_document(vintage integer) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple', coalesce(vintage::text, '')), 'B')
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
  ) || catalog_vintage_document(NEW.vintage);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_derive ON products;
--> statement-breakpoint
CREATE TRIGGER products_derive
BEFORE INSERT OR UPDATE OF name, varietal, region, country, description, tasting_notes, food_pairing,
  category_id, product_type, vintage
ON products
FOR EACH ROW EXECUTE FUNCTION catalog_products_derive();
--> statement-breakpoint
UPDATE products SET search_document = search_document || catalog_vintage_document(vintage)
WHERE vintage IS NOT NULL;
--> statement-breakpoint

-- The full-text queries for what a visitor typed: [every field, the name (weight A), the name or
-- the place (weights A and B: grape, region, country, category, type, vintage)], the last two
-- for ranking. Each word (folded) is:
-- - a number: itself (an age, a vintage);
-- - a word of the catalog: itself;
-- - the start of one or more (typing in progress, "glenf", "cab sauv"): a prefix query;
-- - else the catalog's nearest word by trigrams ("chardonay", "henesy", "jonnie"), or itself
--   when none is near (it then finds nothing).
-- Words are joined with AND (`match_all`) or OR. At most eight words are read.
CREATE OR REPLACE FUNCTION catalog_search_query(query text, match_all boolean) RETURNS tsquery[]
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET pg_trgm.similarity_threshold = 0.3
AS $$
DECLARE
  typed text;
  term text;
  weights text;
  part tsquery;
  result tsquery[] := ARRAY[NULL, NULL, NULL]::tsquery[];
BEGIN
  FOR typed IN
    SELECT w FROM regexp_split_to_table(catalog_fold(query), '[^[:alnum:]]+') w WHERE w <> '' LIMIT 8
  LOOP
    IF typed ~ '^[0-9]+$' OR EXISTS (SELECT 1 FROM catalog_words WHERE catalog_words.word = typed) THEN
      term := typed || ':';
    ELSIF length(typed) >= 3 AND EXISTS (
      SELECT 1 FROM catalog_words WHERE catalog_words.word LIKE typed || '%'
    ) THEN
      term := typed || ':*';
    ELSE
      SELECT c.word INTO term FROM catalog_words c
      WHERE c.word % typed
      ORDER BY c.word <-> typed, c.word
      LIMIT 1;
      term := coalesce(term, typed) || ':';
    END IF;
    FOR i IN 1..3 LOOP
      weights := (ARRAY['', 'A', 'AB'])[i];
      -- A word with nothing after its colon is the plain word (an English stop word: no lexeme).
      part := to_tsquery('english', CASE WHEN term LIKE '%:' AND weights = '' THEN rtrim(term, ':') ELSE term || weights END);
      result[i] := CASE
        WHEN result[i] IS NULL THEN part
        WHEN match_all THEN result[i] && part
        ELSE result[i] || part
      END;
    END LOOP;
  END LOOP;
  RETURN ARRAY[coalesce(result[1], ''::tsquery), coalesce(result[2], ''::tsquery), coalesce(result[3], ''::tsquery)];
END
$$;
--> statement-breakpoint
-- Replaced by catalog_search_query and the repository's queries.
DROP FUNCTION catalog_search(text);
--> statement-breakpoint
DROP FUNCTION catalog_search_ids(text);
--> statement-breakpoint
-- The planner ignores the statistics of partial expression indexes: without these it guesses
-- that a country holds 0.5 % of the catalog (a fifth, at scale) and sorts every match.
CREATE STATISTICS IF NOT EXISTS products_country_stats ON (lower(country)) FROM products;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS products_on_sale_stats ON ((original_price > price)) FROM products;
--> statement-breakpoint
ANALYZE products;
