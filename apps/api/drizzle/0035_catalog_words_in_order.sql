-- Two products saved at the same moment that share new words (two staff members adding wines from
-- the same region, an import beside an edit) could deadlock: each statement inserted its words into
-- catalog_words in hash order, so one could hold "bordeaux" waiting for "merlot" while the other
-- held "merlot" waiting for "bordeaux" (seen in CI as "deadlock detected" on INSERT INTO products).
-- Inserting the words sorted makes every transaction take them in the same order: the second waits
-- for the first and then finds the word there.
CREATE OR REPLACE FUNCTION catalog_words_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO catalog_words (word)
  SELECT DISTINCT w FROM new_rows p,
    unnest(catalog_words_of(p.search_text, p.product_type::text, p.description, p.tasting_notes, p.food_pairing)) w
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_words_updated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO catalog_words (word)
  SELECT DISTINCT w
  FROM unnest(catalog_words_of(NEW.search_text, NEW.product_type::text, NEW.description, NEW.tasting_notes,
                               NEW.food_pairing)) w
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_category_words() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO catalog_words (word)
  SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple', catalog_fold(NEW.name)))) w
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
