CREATE TABLE "hamper_parts" (
	"hamper_variant_id" integer NOT NULL,
	"part_variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hamper_parts_hamper_variant_id_part_variant_id_pk" PRIMARY KEY("hamper_variant_id","part_variant_id"),
	CONSTRAINT "hamper_parts_quantity_check" CHECK ("hamper_parts"."quantity" BETWEEN 1 AND 99),
	CONSTRAINT "hamper_parts_not_itself_check" CHECK ("hamper_parts"."hamper_variant_id" <> "hamper_parts"."part_variant_id")
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "hamper_variant_id" integer;--> statement-breakpoint
ALTER TABLE "hamper_parts" ADD CONSTRAINT "hamper_parts_hamper_variant_id_product_variants_id_fk" FOREIGN KEY ("hamper_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hamper_parts" ADD CONSTRAINT "hamper_parts_part_variant_id_product_variants_id_fk" FOREIGN KEY ("part_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hamper_parts_part_idx" ON "hamper_parts" USING btree ("part_variant_id");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_hamper_variant_id_product_variants_id_fk" FOREIGN KEY ("hamper_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A hamper's stock is what its parts allow (decision 0035): the least, over its parts, of the
-- part's stock divided by the quantity in one hamper; a retired part allows none.
CREATE FUNCTION hamper_stock(hamper integer) RETURNS integer
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(min(CASE WHEN v.retired_at IS NULL THEN v.stock / c.quantity ELSE 0 END), 0)::int
  FROM hamper_parts c JOIN product_variants v ON v.id = c.part_variant_id
  WHERE c.hamper_variant_id = hamper
$$;
--> statement-breakpoint
-- Whoever writes a hamper size's stock (import, screen, seed), it stays derived.
CREATE FUNCTION hamper_stock_derived() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM hamper_parts WHERE hamper_variant_id = NEW.id) THEN
    NEW.stock := hamper_stock(NEW.id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_hamper_stock_derived BEFORE UPDATE ON product_variants
FOR EACH ROW EXECUTE FUNCTION hamper_stock_derived();
--> statement-breakpoint
-- A part's stock (or retirement) changed: the hampers holding it follow, in the same statement's
-- transaction, so the catalog's notification and products.in_stock follow them as for any size.
CREATE FUNCTION hamper_parts_moved() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- A statement trigger fires for no rows too: stop unless a part moved (its hampers' own update
  -- comes back here with no part in it).
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN hamper_parts c ON c.part_variant_id = n.id) THEN
    RETURN NULL;
  END IF;
  UPDATE product_variants h SET stock = hamper_stock(h.id)
  WHERE h.id IN (
    SELECT c.hamper_variant_id FROM hamper_parts c
    JOIN new_rows n ON n.id = c.part_variant_id JOIN old_rows o ON o.id = n.id
    WHERE (n.stock, n.retired_at) IS DISTINCT FROM (o.stock, o.retired_at))
  AND h.stock IS DISTINCT FROM hamper_stock(h.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_hamper_parts_moved AFTER UPDATE ON product_variants
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION hamper_parts_moved();
--> statement-breakpoint
-- A hamper composed or changed: its stock is derived again at once.
CREATE FUNCTION hamper_parts_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE product_variants h SET stock = hamper_stock(h.id)
  WHERE h.id IN (SELECT hamper_variant_id FROM changed_rows)
  AND h.stock IS DISTINCT FROM hamper_stock(h.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hamper_parts_inserted AFTER INSERT ON hamper_parts
REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hamper_parts_changed();
--> statement-breakpoint
CREATE TRIGGER hamper_parts_deleted AFTER DELETE ON hamper_parts
REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hamper_parts_changed();
--> statement-breakpoint
CREATE TRIGGER hamper_parts_updated AFTER UPDATE ON hamper_parts
REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION hamper_parts_changed();
--> statement-breakpoint
CREATE INDEX stock_movements_hamper_idx ON stock_movements (hamper_variant_id) WHERE hamper_variant_id IS NOT NULL;
