-- The catalog's reads (storefront lists, search, facets, related products, the staff product
-- list) are answered by the in-process catalog index since decisions 0027 and 0038: no statement
-- reads these indexes, functions or statistics any more, and every product write kept them
-- (decision 0046). Kept: products_search_trgm_idx (back-office search and the stock pages'
-- `search_text ILIKE`), products_category_idx (the foreign key, category counts),
-- products_listed_category_idx (the staff categories' listed counts), catalog_words and the
-- triggers that fill it and search_document (the index keeper reads both).
DROP INDEX IF EXISTS "products_newest_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_rating_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_name_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_type_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_country_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_vintage_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_featured_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_on_sale_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_sold_out_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_list_counts_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_new_arrival_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_region_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_varietal_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_name_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_updated_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_stock_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_category_name_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_category_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_category_updated_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_category_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_category_stock_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_counts_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_low_stock_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_unlisted_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_featured_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "products_admin_on_sale_idx";--> statement-breakpoint
-- The SQL search's word correction (typo by trigram distance, prefix by LIKE) and its indexes;
-- the keeper reads catalog_words whole and corrects words itself.
DROP FUNCTION IF EXISTS catalog_search_query(text, boolean);--> statement-breakpoint
DROP INDEX IF EXISTS "catalog_words_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "catalog_words_prefix_idx";--> statement-breakpoint
-- The list SQL's planner statistics (decision 0009).
DROP STATISTICS IF EXISTS products_country_stats;--> statement-breakpoint
DROP STATISTICS IF EXISTS products_on_sale_stats;
