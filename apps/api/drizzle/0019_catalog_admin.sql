-- The back office's products and sizes (/admin/products): what staff edit, and what the staff
-- list filters and sorts on at 100,000 products.

-- Optimistic concurrency: every save of the product form sends the version it was read at.
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- A product that was ever ordered is archived, never deleted (order lines keep their snapshot).
-- Archived products are also inactive, so they leave the storefront and search (`listed`).
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;
--> statement-breakpoint
-- Staff may put a product among the New Arrivals whatever its age.
ALTER TABLE "products" ADD COLUMN "is_new_arrival" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Derived (catalog_refresh_products): the sellable sizes' stock, and whether one is at or below
-- its threshold, so the staff list sorts and filters on stock with one table.
ALTER TABLE "products" ADD COLUMN "stock_total" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The stock branch may add the threshold too: whichever migration runs first creates it.
ALTER TABLE "product_variants" ADD COLUMN IF NOT EXISTS "low_stock_threshold" integer DEFAULT 6 NOT NULL;
--> statement-breakpoint
-- A retired size is no longer sold or shown; its rows stay for the order lines that name it.
ALTER TABLE "product_variants" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_retired_default_check"
  CHECK (NOT ("is_default" AND "retired_at" IS NOT NULL));
--> statement-breakpoint

-- Old slugs of renamed products: the storefront answers them with a redirect to the new one.
CREATE TABLE "product_slug_redirects" (
  "slug" text PRIMARY KEY NOT NULL,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_slug_redirects_product_idx" ON "product_slug_redirects" ("product_id");
--> statement-breakpoint

-- The staff list's orders over every product (listed, hidden or archived); a page walks one.
CREATE INDEX "products_admin_name_idx" ON "products" ("name_folded", "id");
--> statement-breakpoint
CREATE INDEX "products_admin_created_idx" ON "products" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "products_admin_updated_idx" ON "products" ("updated_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "products_admin_price_idx" ON "products" ("price", "id");
--> statement-breakpoint
CREATE INDEX "products_admin_stock_idx" ON "products" ("stock_total", "id");
--> statement-breakpoint
CREATE INDEX "products_admin_low_stock_idx" ON "products" ("id") WHERE "low_stock";
--> statement-breakpoint
-- The rarer filters find their few rows by these, then sort them.
CREATE INDEX "products_admin_unlisted_idx" ON "products" ("id") WHERE NOT "listed";
--> statement-breakpoint
CREATE INDEX "products_admin_featured_idx" ON "products" ("id") WHERE "is_featured";
--> statement-breakpoint
CREATE INDEX "products_admin_on_sale_idx" ON "products" ("id") WHERE "original_price" > "price";
--> statement-breakpoint
-- The storefront's New Arrivals: recent products (products_newest_idx) or flagged ones (this).
CREATE INDEX "products_new_arrival_idx" ON "products" ("created_at" DESC, "id" DESC)
  WHERE listed AND is_new_arrival;
--> statement-breakpoint
-- "Was this product ever ordered?" decides between deleting and archiving.
CREATE INDEX "order_items_product_idx" ON "order_items" ("product_id");
--> statement-breakpoint

-- The list columns now ignore retired sizes (the default is a sellable size; a retired size's
-- stock is not for sale) and add the sellable stock and the low-stock flag.
CREATE OR REPLACE FUNCTION catalog_refresh_products(ids integer[]) RETURNS void
LANGUAGE sql
AS $$
  UPDATE products p
  SET default_variant_id = x.default_id,
      price = x.price,
      original_price = x.original_price,
      in_stock = x.in_stock,
      stock_total = x.stock_total,
      low_stock = x.low_stock
  FROM (
    SELECT t.product_id,
           d.id AS default_id,
           d.price,
           d.original_price,
           coalesce(s.stock_total, 0) > 0 AS in_stock,
           coalesce(s.stock_total, 0)::int AS stock_total,
           coalesce(s.low_stock, false) AS low_stock
    FROM (SELECT DISTINCT unnest(ids) AS product_id) t
    LEFT JOIN product_variants d ON d.product_id = t.product_id AND d.is_default AND d.retired_at IS NULL
    LEFT JOIN LATERAL (
      SELECT sum(v.stock) AS stock_total, bool_or(v.stock <= v.low_stock_threshold) AS low_stock
      FROM product_variants v WHERE v.product_id = t.product_id AND v.retired_at IS NULL
    ) s ON true
  ) x
  WHERE p.id = x.product_id
    AND (p.default_variant_id, p.price, p.original_price, p.in_stock, p.stock_total, p.low_stock)
        IS DISTINCT FROM (x.default_id, x.price, x.original_price, x.in_stock, x.stock_total, x.low_stock)
$$;
--> statement-breakpoint
SELECT catalog_refresh_products(ARRAY(SELECT id FROM products));
