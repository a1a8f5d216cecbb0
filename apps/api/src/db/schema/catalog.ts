import { PRODUCT_TYPES } from '@shop/contract/catalog';
import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The catalog: categories, products, their sizes (variants) and images.
 *
 * Derived columns are kept by triggers of the migration `0002_catalog_search` (never write them):
 * - `products.name_folded`, `search_text`, `search_document`: the accent-folded name, the
 *   trigram search text (name, varietal, region, country) and the weighted full-text document
 *   (name A; varietal, region, country, category, type B; description, notes, pairing C).
 * - `products.price`, `original_price`, `in_stock`, `default_variant_id`: a copy of the default
 *   variant's price and original price, and whether any variant has stock, so that the catalog
 *   index's loader reads one row per product. Stock itself lives on the variant.
 * - `products.listed` (generated): active and sellable (has a default variant).
 * Every write to these tables NOTIFYs `catalog_changed`, which drops the API's list caches.
 * `sale_percentage` is derived from price and original price when read, never stored.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const productTypeEnum = pgEnum('product_type', PRODUCT_TYPES);

export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    description: text(),
    image: text(),
    sortOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('categories_sort_idx').on(table.sortOrder, table.name)],
);

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull().default(''),
    productType: productTypeEnum().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    country: text(),
    region: text(),
    /** Grape variety, or the base of a spirit. */
    varietal: text(),
    vintage: smallint(),
    abv: numeric({ precision: 4, scale: 1, mode: 'number' }),
    tastingNotes: text(),
    foodPairing: text(),
    awards: text().array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean().notNull().default(true),
    isFeatured: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Kept exact by the reviews feature. */
    averageRating: numeric({ precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer().notNull().default(0),
    /** Optimistic concurrency: bumped by each staff save; a save of an older version is refused. */
    version: integer().notNull().default(1),
    /** Set when a product that was ever ordered is "deleted": it is kept, inactive, for its orders. */
    archivedAt: timestamp({ withTimezone: true }),
    /** Staff's New Arrivals flag: shown among them whatever the product's age. */
    isNewArrival: boolean().notNull().default(false),

    // Derived by triggers (see above): never written by the application.
    price: integer(),
    originalPrice: integer(),
    inStock: boolean().notNull().default(false),
    defaultVariantId: integer(),
    /** The sellable (not retired) sizes' stock, and whether one is at or below its threshold. */
    stockTotal: integer().notNull().default(0),
    lowStock: boolean().notNull().default(false),
    nameFolded: text().notNull().default(''),
    searchText: text().notNull().default(''),
    searchDocument: tsvector().notNull().default(sql`''::tsvector`),
    listed: boolean().notNull().generatedAlwaysAs(sql`is_active and default_variant_id is not null`),
  },
  (table) => [
    // The catalog's reads come from the in-process index (decisions 0027, 0038): only what
    // other statements read is indexed here (decision 0046).
    index('products_category_idx').on(table.categoryId),
    // The staff categories' listed counts read this index alone.
    index('products_listed_category_idx').on(table.categoryId).where(sql`listed`),
    // The back-office search box and the stock pages (`search_text ILIKE '%…%'`).
    index('products_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('products_vintage_check', sql`${table.vintage} between 1800 and 2100`),
    check('products_abv_check', sql`${table.abv} >= 0 and ${table.abv} <= 100`),
    check('products_rating_check', sql`${table.averageRating} >= 0 and ${table.averageRating} <= 5`),
    check('products_review_count_check', sql`${table.reviewCount} >= 0`),
  ],
);

/**
 * Every word of the catalog's products (folded: lower case, no accents), kept by triggers of the
 * migration `0016_search_at_scale`. The catalog index reads it whole and corrects each typed word
 * against it (the nearest by trigrams when it is not a word of the catalog, or a prefix of one
 * when it is being typed). Words are never removed: one left by a deleted product can only steer
 * a misspelling to a word that finds nothing.
 */
export const catalogWords = pgTable('catalog_words', { word: text().primaryKey() });

export const productImages = pgTable(
  'product_images',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    alt: text().notNull().default(''),
    sortOrder: integer().notNull().default(0),
    /** An uploaded photo's set of files (null for drawings and imported files). */
    mediaHash: text().references(() => mediaSets.hash),
    /** The photo's size and widths, copied from its set (a set never changes). */
    width: integer(),
    height: integer(),
    widths: integer().array(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_images_product_idx').on(table.productId, table.sortOrder),
    index('product_images_media_idx').on(table.mediaHash).where(sql`media_hash is not null`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded photos (migration 0021_product_photos): a set per upload, named by the upload's
 * content hash, holding each width × format file. Kept in the database so that every instance
 * serves every picture (docs/decisions/0014-product-photos-in-the-database.md).
 */
export const mediaSets = pgTable(
  'media_sets',
  {
    hash: text().primaryKey(),
    /** Size of the largest file of the set. */
    width: integer().notNull(),
    height: integer().notNull(),
    widths: integer().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('media_sets_hash_check', sql`${table.hash} ~ '^[0-9a-f]{32}$'`),
    check('media_sets_size_check', sql`${table.width} > 0 and ${table.height} > 0`),
  ],
);

export const mediaFiles = pgTable(
  'media_files',
  {
    hash: text()
      .notNull()
      .references(() => mediaSets.hash, { onDelete: 'cascade' }),
    width: integer().notNull(),
    format: text({ enum: ['avif', 'webp', 'jpg'] }).notNull(),
    height: integer().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (table) => [
    primaryKey({ name: 'media_files_pkey', columns: [table.hash, table.width, table.format] }),
    check('media_files_format_check', sql`${table.format} in ('avif', 'webp', 'jpg')`),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text().notNull().unique(),
    /** e.g. "750 ml bottle", "Case of 6 × 750 ml". */
    name: text().notNull(),
    volumeMl: integer().notNull(),
    packSize: integer().notNull().default(1),
    /** Whole UGX. */
    price: integer().notNull(),
    /** Compare-at price in whole UGX; above `price` when on sale. */
    originalPrice: integer(),
    stock: integer().notNull().default(0),
    /** At or below this, the size is "low" for staff (the low-stock list and the bell). */
    lowStockThreshold: integer().notNull().default(6),
    isDefault: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    /** A retired size is no longer sold or shown; it stays for the orders that name it. */
    retiredAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('product_variants_product_idx').on(table.productId, table.sortOrder),
    // The back office's search by the start of a SKU (LIKE 'KC-RED%'), migration 0038.
    index('product_variants_sku_pattern_idx').using('btree', sql`${table.sku} text_pattern_ops`),
    uniqueIndex('product_variants_one_default_idx').on(table.productId).where(sql`is_default`),
    check('product_variants_price_check', sql`${table.price} > 0`),
    check('product_variants_original_price_check', sql`${table.originalPrice} > 0`),
    check('product_variants_stock_check', sql`${table.stock} >= 0`),
    check('product_variants_volume_check', sql`${table.volumeMl} > 0`),
    check('product_variants_pack_size_check', sql`${table.packSize} >= 1`),
    check(
      'product_variants_retired_default_check',
      sql`not (${table.isDefault} and ${table.retiredAt} is not null)`,
    ),
  ],
);

/** Old slugs of renamed products, answered by the storefront with a redirect to the new slug. */
export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    slug: text().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_slug_redirects_product_idx').on(table.productId)],
);

export const categoriesRelations = relations(categories, ({ many }) => ({
  products: many(products),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  images: many(productImages),
  variants: many(productVariants),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
}));

export const productVariantsRelations = relations(productVariants, ({ one }) => ({
  product: one(products, { fields: [productVariants.productId], references: [products.id] }),
}));
