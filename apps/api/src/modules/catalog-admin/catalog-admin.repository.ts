import { SEARCH_COUNT_CAP } from '@shop/contract/catalog';
import {
  ADMIN_PRODUCT_DEFAULT_SORT,
  type AdminProductListFilters,
  type AdminProductSort,
} from '@shop/contract/catalog-admin';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { SEARCH_RANKED } from '../catalog/catalog-index';

/**
 * The back office's catalog queries. The staff list reads every product (listed, hidden or
 * archived), so it has its own conditions (the storefront's always add `listed`) and indexes of
 * its own (migration 0019): each sort walks one, the stock columns are kept on the product by
 * the variants' trigger, and a page's sizes come in one query.
 */

export type AdminListRow = {
  id: number;
  slug: string;
  name: string;
  category_id: number;
  category_name: string;
  product_type: string;
  vintage: number | null;
  status: 'listed' | 'hidden' | 'archived';
  is_featured: boolean;
  is_new_arrival: boolean;
  price: number | null;
  stock_total: number;
  low_stock: boolean;
  image: string | null;
  updated_at: Date;
};

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

/**
 * The corrected full-text queries of a search (see the migration 0016_search_at_scale): `words`
 * finds, `name_words` and `place_words` (the same words in the name, or in the name or place)
 * rank; `folded` is the text for the name's closeness. `matchAll`: every word, else any.
 */
function searchQuery(search: string, matchAll: boolean): SQL {
  return sql`q AS MATERIALIZED (
    SELECT x.queries[1] AS words, x.queries[2] AS name_words, x.queries[3] AS place_words,
           catalog_fold(${search}) AS folded
    FROM (SELECT catalog_search_query(${search}, ${matchAll}) AS queries) x)`;
}

/**
 * How well a found product answers the search: every word in its name first, then every word in
 * its name, grape, region, country, category, type or vintage; then how close its name is.
 */
const relevance = sql`(
  4 * (p.search_document @@ q.name_words)::int + 2 * (p.search_document @@ q.place_words)::int
  + 2 * word_similarity(q.folded, p.name_folded) + similarity(q.folded, p.name_folded))`;

/**
 * Below this many matches a page is cut from its matches sorted, above it by walking the sort's
 * index: walking an index for rare rows reads much of the catalog.
 */
const SORT_MATCHES_BELOW = 3_000;

const statusColumn = sql`CASE WHEN p.archived_at IS NOT NULL THEN 'archived'
  WHEN p.listed THEN 'listed' ELSE 'hidden' END`;

/** The staff list's filters as SQL over `products p` (exported for the index test). */
export function staffListConditions(filters: AdminProductListFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.category !== undefined) parts.push(sql`p.category_id = ${filters.category}`);
  if (filters.status === 'listed') parts.push(sql`p.listed`);
  if (filters.status === 'hidden') parts.push(sql`NOT p.listed AND p.archived_at IS NULL`);
  if (filters.status === 'archived') parts.push(sql`p.archived_at IS NOT NULL`);
  if (filters.stock === 'in_stock') parts.push(sql`p.in_stock`);
  if (filters.stock === 'out') parts.push(sql`NOT p.in_stock`);
  if (filters.stock === 'low') parts.push(sql`p.low_stock`);
  if (filters.on_sale === true) parts.push(sql`p.original_price > p.price`);
  if (filters.on_sale === false) parts.push(sql`(p.original_price > p.price) IS NOT TRUE`);
  if (filters.featured === true) parts.push(sql`p.is_featured`);
  if (filters.featured === false) parts.push(sql`NOT p.is_featured`);
  return sql.join(parts, sql` AND `);
}

/**
 * ORDER BY clauses matching the indexes of migration 0019 (products_admin_*_idx) and, within a
 * category, those of migration 0027 (products_admin_category_*_idx).
 */
export function staffListOrder(sort: AdminProductSort): SQL {
  switch (sort) {
    case 'name':
      return sql`p.name_folded ASC, p.id ASC`;
    case '-name':
      return sql`p.name_folded DESC, p.id DESC`;
    case 'newest':
      return sql`p.created_at DESC, p.id DESC`;
    case 'updated':
      return sql`p.updated_at DESC, p.id DESC`;
    case 'price':
      return sql`p.price ASC NULLS LAST, p.id ASC`;
    case '-price':
      return sql`p.price DESC NULLS FIRST, p.id DESC`;
    case 'stock':
      return sql`p.stock_total ASC, p.id ASC`;
    case '-stock':
      return sql`p.stock_total DESC, p.id DESC`;
  }
}

const rowColumns = sql`p.id, p.slug, p.name, p.category_id, c.name AS category_name, p.product_type,
  p.vintage, ${statusColumn} AS status, p.is_featured, p.is_new_arrival, p.price, p.stock_total,
  p.low_stock, p.updated_at,
  (SELECT i.url FROM product_images i WHERE i.product_id = p.id ORDER BY i.sort_order, i.id LIMIT 1) AS image`;

/** One page of the staff list and how many match (a search's count stops at SEARCH_COUNT_CAP). */
export async function findAdminProductPage(
  db: Executor,
  filters: AdminProductListFilters,
  limit: number,
  offset: number,
): Promise<{ rows: AdminListRow[]; count: number }> {
  if (!filters.q) {
    const sort = filters.sort ?? ADMIN_PRODUCT_DEFAULT_SORT;
    const counted = await db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM products p WHERE ${staffListConditions(filters)}`,
    );
    const count = counted.rows[0]?.count ?? 0;
    if (offset >= count) return { rows: [], count };
    // Few matches (hidden, archived, low stock in a category…): found by the filters' indexes and
    // sorted (OFFSET 0 keeps them apart), since walking a sort's index for rare rows reads much of
    // the catalog. Many matches: the sort's index is walked.
    const source =
      count < SORT_MATCHES_BELOW
        ? sql`(SELECT * FROM products p WHERE ${staffListConditions(filters)} OFFSET 0) p`
        : sql`products p`;
    const page = await db.execute<AdminListRow>(sql`
      SELECT ${rowColumns} FROM ${source} JOIN categories c ON c.id = p.category_id
      WHERE ${staffListConditions(filters)}
      ORDER BY ${staffListOrder(sort)}
      LIMIT ${limit} OFFSET ${offset}`);
    return { rows: page.rows, count };
  }
  // The storefront's search (every word, each corrected against the catalog's words) over every
  // product: at most SEARCH_COUNT_CAP + 1 matches are read, the first SEARCH_RANKED ranked.
  const rank = filters.sort
    ? sql`0`
    : sql`CASE WHEN row_number() OVER () <= ${SEARCH_RANKED} THEN ${relevance} ELSE -row_number() OVER () END`;
  const order = filters.sort ? staffListOrder(filters.sort) : sql`h.rank DESC, p.id ASC`;
  const result = await db.execute<AdminListRow & { total: number }>(sql`
    WITH ${searchQuery(filters.q, true)},
    hits AS MATERIALIZED (
      SELECT p.id, ${rank} AS rank
      FROM q CROSS JOIN products p
      WHERE p.search_document @@ q.words AND ${staffListConditions(filters)}
      LIMIT ${SEARCH_COUNT_CAP + 1}
    )
    SELECT t.total, page.*
    FROM (SELECT count(*)::int AS total FROM hits) t
    LEFT JOIN LATERAL (
      SELECT ${rowColumns}
      FROM hits h JOIN products p ON p.id = h.id JOIN categories c ON c.id = p.category_id
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}
    ) page ON true`);
  const total = result.rows[0]?.total ?? 0;
  return {
    rows: result.rows.filter((row) => row.id !== null),
    count: Math.min(total, SEARCH_COUNT_CAP),
  };
}

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
