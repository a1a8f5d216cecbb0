-- The back office's search box finds a size by the start of its SKU ("KC-RED-005"). The unique
-- index on sku cannot serve LIKE 'KC-RED%' under the database's C.UTF-8 collation; text_pattern_ops
-- can. (0036 and 0037 are taken by the consent ledger and the data exports.)
CREATE INDEX IF NOT EXISTS "product_variants_sku_pattern_idx" ON "product_variants" ("sku" text_pattern_ops);
