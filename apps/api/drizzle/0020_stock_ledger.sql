-- Stock that is never wrong: every change of a size's stock is a movement with a reason, written
-- in the same transaction as the change (a delta applied in SQL, never read-modify-write), so
-- the ledger of a size always sums to its stock.
--
-- The products branch adds the same column in its own migration: IF NOT EXISTS lets both run.
ALTER TABLE "product_variants" ADD COLUMN IF NOT EXISTS "low_stock_threshold" integer DEFAULT 6 NOT NULL;
--> statement-breakpoint
CREATE TABLE "stock_movements" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "variant_id" integer NOT NULL REFERENCES "product_variants"("id") ON DELETE CASCADE,
  "delta" integer NOT NULL,
  "stock_after" integer NOT NULL,
  "reason" text NOT NULL,
  "note" text,
  "order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
  -- Kept by id and name without a foreign key, like the audit trail: a movement outlives the
  -- account that made it. Null for the shop's own movements (checkout, expiry, opening balances).
  "actor_id" uuid,
  "actor_name" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stock_movements_reason_check"
    CHECK ("reason" IN ('received', 'count_correction', 'breakage', 'returned', 'sold', 'released')),
  CONSTRAINT "stock_movements_delta_check" CHECK ("delta" <> 0),
  CONSTRAINT "stock_movements_stock_after_check" CHECK ("stock_after" >= 0)
);
--> statement-breakpoint
CREATE INDEX "stock_movements_variant_idx" ON "stock_movements" ("variant_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- An order's movements (its sales and releases), and ON DELETE SET NULL without a scan.
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" ("order_id") WHERE "order_id" IS NOT NULL;
--> statement-breakpoint
-- Opening balances: the stock each size holds today, so every ledger starts summing right.
INSERT INTO "stock_movements" ("variant_id", "delta", "stock_after", "reason", "note")
SELECT "id", "stock", "stock", 'count_correction', 'Opening balance'
FROM "product_variants" WHERE "stock" > 0;
--> statement-breakpoint
-- A size created with stock (the seed, the CSV import, the product screens, SQL) gets its
-- opening balance here, whatever path inserted it.
CREATE OR REPLACE FUNCTION stock_movements_opening_balance() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note)
  VALUES (NEW.id, NEW.stock, NEW.stock, 'count_correction', 'Opening balance');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_opening_balance" AFTER INSERT ON "product_variants"
FOR EACH ROW WHEN (NEW.stock > 0) EXECUTE FUNCTION stock_movements_opening_balance();
--> statement-breakpoint
-- The bell's notice to staff when a size runs low (written by the stock job, not here).
ALTER TYPE "notification_type" ADD VALUE IF NOT EXISTS 'stock';
