import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';

/**
 * The back office's catalog queries. The staff list's page comes from the catalog index
 * (`app.catalog.staffPage`, decision 0038); a page's sizes come here in one query.
 */

export type AdminVariantRow = {
  id: number;
  product_id: number;
  sku: string;
  name: string;
  volume_ml: number;
  pack_size: number;
  price: number;
  original_price: number | null;
  stock: number;
  low_stock_threshold: number;
  is_default: boolean;
  sort_order: number;
  retired_at: Date | null;
};

export type AdminProductRecord = {
  id: number;
  version: number;
  name: string;
  slug: string;
  category_id: number;
  category_name: string;
  product_type: string;
  country: string | null;
  region: string | null;
  varietal: string | null;
  vintage: number | null;
  abv: number | null;
  description: string;
  tasting_notes: string | null;
  food_pairing: string | null;
  awards: string[];
  is_featured: boolean;
  is_new_arrival: boolean;
  is_active: boolean;
  listed: boolean;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const variantColumns = sql`v.id, v.product_id, v.sku, v.name, v.volume_ml, v.pack_size, v.price,
  v.original_price, v.stock, v.low_stock_threshold, v.is_default, v.sort_order, v.retired_at`;

/** The sizes of a page of products, in one query (sellable only, or with the retired ones). */
export async function findVariantsOf(
  db: Executor,
  productIds: number[],
  withRetired: boolean,
): Promise<AdminVariantRow[]> {
  if (productIds.length === 0) return [];
  const result = await db.execute<AdminVariantRow>(sql`
    SELECT ${variantColumns} FROM product_variants v
    WHERE v.product_id = ANY(${sql.raw(`ARRAY[${productIds.map(Number).join(',')}]::int[]`)})
      ${withRetired ? sql`` : sql`AND v.retired_at IS NULL`}
    ORDER BY v.product_id, v.sort_order, v.id`);
  return result.rows;
}

export async function findVariant(
  db: Executor,
  id: number,
  lock = false,
): Promise<AdminVariantRow | undefined> {
  const result = await db.execute<AdminVariantRow>(sql`
    SELECT ${variantColumns} FROM product_variants v WHERE v.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`);
  return result.rows[0];
}

/** A product with every field staff edit; `lock` holds it for the rest of the transaction. */
export async function findAdminProduct(
  db: Executor,
  id: number,
  lock = false,
): Promise<AdminProductRecord | undefined> {
  const result = await db.execute<AdminProductRecord>(sql`
    SELECT p.id, p.version, p.name, p.slug, p.category_id, c.name AS category_name, p.product_type,
           p.country, p.region, p.varietal, p.vintage, p.abv::float8 AS abv, p.description,
           p.tasting_notes, p.food_pairing, p.awards, p.is_featured, p.is_new_arrival, p.is_active,
           p.listed, p.archived_at, p.created_at, p.updated_at
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.id = ${id}
    ${lock ? sql`FOR UPDATE OF p` : sql``}`);
  return result.rows[0];
}

export async function findOldSlugs(db: Executor, productId: number): Promise<string[]> {
  const result = await db.execute<{ slug: string }>(
    sql`SELECT slug FROM product_slug_redirects WHERE product_id = ${productId} ORDER BY created_at DESC, slug`,
  );
  return result.rows.map((row) => row.slug);
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM categories WHERE id = ${id}`);
  return result.rows.length > 0;
}

/** Whether another product uses the slug (as its slug now). */
export async function slugUsedByOther(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM products WHERE slug = ${slug} ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`}`,
  );
  return result.rows.length > 0;
}

/** The slugs starting with `base` (products' and old ones), to pick a free one for a new product. */
export async function slugsLike(db: Executor, base: string): Promise<Set<string>> {
  const pattern = `${base.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const result = await db.execute<{ slug: string }>(sql`
    SELECT slug FROM products WHERE slug LIKE ${pattern}
    UNION SELECT slug FROM product_slug_redirects WHERE slug LIKE ${pattern}`);
  return new Set(result.rows.map((row) => row.slug));
}

export async function skuUsedByOther(db: Executor, sku: string, exceptId?: number): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM product_variants WHERE upper(sku) = ${sku} ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`}`,
  );
  return result.rows.length > 0;
}

export async function wasEverOrdered(db: Executor, productId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM order_items WHERE product_id = ${productId} LIMIT 1`);
  return result.rows.length > 0;
}

/** The newest entry of a product's own trail (its form's saves): who changed it last, and when. */
export async function lastProductChange(
  db: Executor,
  productId: number,
): Promise<{ actor_name: string; occurred_at: Date } | undefined> {
  const result = await db.execute<{ actor_name: string; occurred_at: Date }>(sql`
    SELECT actor_name, occurred_at FROM audit_entries
    WHERE subject_type = 'product' AND subject_id = ${String(productId)} AND kind LIKE 'product.%'
    ORDER BY occurred_at DESC, id DESC LIMIT 1`);
  return result.rows[0];
}
