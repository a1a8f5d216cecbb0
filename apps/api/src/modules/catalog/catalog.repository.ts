import {
  NEW_ARRIVAL_DAYS,
  PRICE_BANDS,
  type ProductType,
  RELATED_PRODUCTS_LIMIT,
  SEARCH_COUNT_CAP,
} from '@shop/contract/catalog';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/named-statement';

/**
 * The catalog's queries. Lists read one table (`products`, whose list columns the database keeps
 * from the default variant) joined to its category, with indexes for every filter and order;
 * a list page is one query (its count is cached apart), a search page one statement with its
 * count, a product's page four.
 */

export type ProductFilters = {
  search?: string | undefined;
  categoryId?: number | undefined;
  type?: ProductType | undefined;
  country?: string | undefined;
  region?: string | undefined;
  varietal?: string | undefined;
  vintageMin?: number | undefined;
  vintageMax?: number | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  onSale?: boolean | undefined;
  inStock?: boolean | undefined;
  featured?: boolean | undefined;
  newArrivals?: boolean | undefined;
};

export type ListOrder =
  | 'relevance'
  | 'newest'
  | 'price'
  | '-price'
  | 'rating'
  | '-rating'
  | 'name'
  | '-name'
  | 'featured'
  | 'discount';

export type CardRow = {
  id: number;
  slug: string;
  name: string;
  price: number;
  original_price: number | null;
  region: string | null;
  country: string | null;
  vintage: number | null;
  product_type: ProductType;
  average_rating: number;
  review_count: number;
  in_stock: boolean;
  default_variant_id: number;
  is_featured: boolean;
  is_new: boolean;
  category_name: string;
  category_slug: string;
  image: CardImage | null;
};

export type DetailRow = CardRow & {
  description: string;
  varietal: string | null;
  abv: number | null;
  tasting_notes: string | null;
  food_pairing: string | null;
  awards: string[];
  category_id: number;
  created_at: Date;
};

export type VariantRow = {
  id: number;
  sku: string;
  name: string;
  volume_ml: number;
  pack_size: number;
  price: number;
  original_price: number | null;
  stock: number;
  is_default: boolean;
};

export type CategoryRow = {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  image: string | null;
  sort_order: number;
  product_count: number;
};

const newSince = sql`now() - make_interval(days => ${NEW_ARRIVAL_DAYS})`;
/** A New Arrival: added recently, or flagged by staff (products_newest_idx, products_new_arrival_idx). */
const isNewArrival = sql`(p.created_at > ${newSince} OR p.is_new_arrival)`;

/**
 * Uploaded photos (and imported files) come before the drawn pictures, which are only shown for
 * a product without any (see imagesShown).
 */
const photosFirst = sql.raw(`(i.url LIKE '/media/gen/%')`);

/** The first image of a card, with an uploaded photo's set (null fields for a drawing). */
export type CardImage = {
  url: string;
  hash: string | null;
  width: number | null;
  height: number | null;
  widths: number[] | null;
};

/** A card's image (`p` the product): the catalog index reads it the same way. */
export const cardImage = sql`(SELECT json_build_object('url', i.url, 'hash', i.media_hash, 'width', i.width,
                                'height', i.height, 'widths', i.widths)
   FROM product_images i WHERE i.product_id = p.id
   ORDER BY ${photosFirst}, i.sort_order, i.id LIMIT 1)`;

const cardColumns = sql`
  p.id, p.slug, p.name, p.price, p.original_price, p.region, p.country, p.vintage, p.product_type,
  p.average_rating::float8 AS average_rating, p.review_count, p.in_stock, p.default_variant_id,
  p.is_featured, ${isNewArrival} AS is_new,
  c.name AS category_name, c.slug AS category_slug,
  ${cardImage} AS image`;

const fromListed = sql`FROM products p JOIN categories c ON c.id = p.category_id`;

/**
 * The corrected full-text queries of a search (see the migration 0016_search_at_scale): `words`
 * finds, `name_words` and `place_words` (the same words in the name, or in the name or place)
 * rank; `folded` is the text for the name's closeness. `matchAll`: every word, else any.
 */
export function searchQuery(search: string, matchAll: boolean): SQL {
  return sql`q AS MATERIALIZED (
    SELECT x.queries[1] AS words, x.queries[2] AS name_words, x.queries[3] AS place_words,
           catalog_fold(${search}) AS folded
    FROM (SELECT catalog_search_query(${search}, ${matchAll}) AS queries) x)`;
}

/**
 * Matches ranked in relevance order; the rest follow in the order they were found (by id).
 * Ranking reads each product's name and document, so only the first ones are ranked.
 */
export const SEARCH_RANKED = 60;

/**
 * How well a found product answers the search: every word in its name first, then every word in
 * its name, grape, region, country, category, type or vintage; then how close its name is.
 */
export const relevance = sql`(
  4 * (p.search_document @@ q.name_words)::int + 2 * (p.search_document @@ q.place_words)::int
  + 2 * word_similarity(q.folded, p.name_folded) + similarity(q.folded, p.name_folded))`;

/** `ILIKE` pattern that matches the text anywhere, with the pattern characters escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type FacetName = 'category' | 'type' | 'country' | 'price';

/** Every condition of the filters, except the one a facet leaves out. */
function conditions(filters: ProductFilters, omit?: FacetName): SQL {
  const parts: SQL[] = [sql`p.listed`, sql`c.is_active`];
  if (filters.categoryId !== undefined && omit !== 'category') {
    parts.push(sql`p.category_id = ${filters.categoryId}`);
  }
  if (filters.type && omit !== 'type') parts.push(sql`p.product_type = ${filters.type}`);
  if (filters.country && omit !== 'country') parts.push(sql`lower(p.country) = lower(${filters.country})`);
  if (filters.region) parts.push(sql`p.region ILIKE ${containsPattern(filters.region)}`);
  if (filters.varietal) parts.push(sql`p.varietal ILIKE ${containsPattern(filters.varietal)}`);
  if (filters.vintageMin !== undefined) parts.push(sql`p.vintage >= ${filters.vintageMin}`);
  if (filters.vintageMax !== undefined) parts.push(sql`p.vintage <= ${filters.vintageMax}`);
  if (omit !== 'price') {
    if (filters.priceMin !== undefined) parts.push(sql`p.price >= ${filters.priceMin}`);
    if (filters.priceMax !== undefined) parts.push(sql`p.price <= ${filters.priceMax}`);
  }
  if (filters.onSale === true) parts.push(sql`p.original_price > p.price`);
  if (filters.onSale === false) parts.push(sql`(p.original_price > p.price) IS NOT TRUE`);
  if (filters.inStock === true) parts.push(sql`p.in_stock`);
  if (filters.inStock === false) parts.push(sql`NOT p.in_stock`);
  if (filters.featured) parts.push(sql`p.is_featured`);
  if (filters.newArrivals) parts.push(isNewArrival);
  return sql.join(parts, sql` AND `);
}

/** ORDER BY clauses written to match the partial indexes of the schema exactly. */
function orderBy(order: ListOrder, search: string | undefined): SQL {
  switch (order) {
    case 'relevance':
      if (!search) return orderBy('newest', undefined);
      return sql`${relevance} DESC, p.id ASC`;
    case 'newest':
      return sql`p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`;
    case 'price':
      return sql`p.price ASC, p.id ASC`;
    case '-price':
      return sql`p.price DESC, p.id DESC`;
    case 'rating':
      return sql`p.average_rating ASC, p.review_count ASC, p.id ASC`;
    case '-rating':
      return sql`p.average_rating DESC, p.review_count DESC, p.id DESC`;
    case 'name':
      return sql`p.name_folded ASC, p.id ASC`;
    case '-name':
      return sql`p.name_folded DESC, p.id DESC`;
    case 'featured':
      return sql`p.price DESC NULLS LAST, p.id DESC NULLS LAST`;
    case 'discount':
      return sql`(p.price::float8 / p.original_price) ASC, p.id ASC`;
  }
}

/**
 * Below this many matches a list page is cut from its matches sorted, above it by walking the
 * order's index: walking an index for a rare combination (white wine from Scotland) reads the
 * whole catalog before it gives up, and sorting a common one sorts thousands of rows.
 */
export const SORT_MATCHES_BELOW = 3_000;

/** A list page (no search), knowing how many products match (`count`, from countProducts). */
export async function findProductRows(
  db: Database,
  filters: ProductFilters,
  order: ListOrder,
  limit: number,
  offset: number,
  count: number,
): Promise<CardRow[]> {
  if (offset >= count) return [];
  if (count < SORT_MATCHES_BELOW) {
    // OFFSET 0 keeps the matches apart: found by the filters' indexes, then sorted.
    return executePrepared<CardRow>(
      db,
      sql`SELECT ${cardColumns}
        FROM (SELECT p.* ${fromListed} WHERE ${conditions(filters)} OFFSET 0) p
        JOIN categories c ON c.id = p.category_id
        ORDER BY ${orderBy(order, undefined)}
        LIMIT ${limit} OFFSET ${offset}`,
    );
  }
  return executePrepared<CardRow>(
    db,
    sql`SELECT ${cardColumns} ${fromListed}
      WHERE ${conditions(filters)}
      ORDER BY ${orderBy(order, undefined)}
      LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** How many products match (no search); an index-only scan of products_list_counts_idx. */
export async function countProducts(db: Database, filters: ProductFilters): Promise<number> {
  const rows = await executePrepared<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count ${fromListed} WHERE ${conditions(filters)}`,
  );
  return rows[0]?.count ?? 0;
}

export type SearchPage = { rows: CardRow[]; count: number; capped: boolean };

// A search's count stops at SEARCH_COUNT_CAP: counting every match of a word found in half the
// catalog costs many times the rest of the request, and nobody reads past the thousandth result.

/**
 * One page of a search and its count, in one statement. The matches are found by the full-text
 * index and at most SEARCH_COUNT_CAP + 1 of them are read; in relevance order those are ranked
 * and the page cut from them, in any other order the page is cut from every match by the order's
 * index.
 */
export async function searchProductPage(
  db: Database,
  filters: ProductFilters & { search: string },
  order: ListOrder,
  limit: number,
  offset: number,
  matchAll: boolean,
): Promise<SearchPage> {
  const page =
    order === 'relevance'
      ? sql`SELECT ${cardColumns}
          FROM (SELECT h.id, h.rank FROM hits h ORDER BY h.rank DESC, h.id ASC LIMIT ${limit} OFFSET ${offset}) r
          JOIN products p ON p.id = r.id JOIN categories c ON c.id = p.category_id
          ORDER BY r.rank DESC, p.id ASC`
      : sql`SELECT ${cardColumns}
          FROM q CROSS JOIN products p JOIN categories c ON c.id = p.category_id
          WHERE p.search_document @@ q.words AND ${conditions(filters)}
          ORDER BY ${orderBy(order, filters.search)}
          LIMIT ${limit} OFFSET ${offset}`;
  // In relevance order the matches are ranked as they are found (the first SEARCH_RANKED of
  // them; the rest keep the order found in), so no product is read twice.
  const rank =
    order === 'relevance'
      ? sql`CASE WHEN row_number() OVER () <= ${SEARCH_RANKED} THEN ${relevance} ELSE -row_number() OVER () END`
      : sql`0`;
  // Planned once per connection and shape: planning this statement costs more than running it.
  const rows = await executePrepared<CardRow & { total: number }>(
    db,
    sql`
    WITH ${searchQuery(filters.search, matchAll)},
    hits AS MATERIALIZED (
      SELECT p.id, ${rank} AS rank
      FROM q CROSS JOIN products p JOIN categories c ON c.id = p.category_id
      WHERE p.search_document @@ q.words AND ${conditions(filters)}
      LIMIT ${SEARCH_COUNT_CAP + 1}
    )
    SELECT t.total, page.*
    FROM (SELECT count(*)::int AS total FROM hits) t
    LEFT JOIN LATERAL (${page}) page ON true`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    rows: rows.filter((row) => row.id !== null),
    count: Math.min(total, SEARCH_COUNT_CAP),
    capped: total > SEARCH_COUNT_CAP,
  };
}

export type FacetRow = {
  facet: 'category' | 'type' | 'country' | 'price' | 'total';
  key: string;
  count: number;
};

const bandCase = sql.raw(
  `CASE ${PRICE_BANDS.map(
    (band) =>
      `WHEN p.price >= ${band.min}${band.max === null ? '' : ` AND p.price <= ${band.max}`} THEN '${band.key}'`,
  ).join(' ')} END`,
);

const FACET_GROUPS: Record<FacetName, { key: SQL; group: SQL; extra?: SQL }> = {
  category: { key: sql`p.category_id::text`, group: sql`p.category_id` },
  type: { key: sql`p.product_type::text`, group: sql`p.product_type` },
  country: { key: sql`min(p.country)`, group: sql`lower(p.country)`, extra: sql`p.country IS NOT NULL` },
  price: { key: bandCase, group: bandCase },
};

function facetFilterSet(filters: ProductFilters, facet: FacetName): boolean {
  switch (facet) {
    case 'category':
      return filters.categoryId !== undefined;
    case 'type':
      return Boolean(filters.type);
    case 'country':
      return Boolean(filters.country);
    case 'price':
      return filters.priceMin !== undefined || filters.priceMax !== undefined;
  }
}

/**
 * Each facet's counts with the other filters applied, in one round trip. A facet whose own
 * filter is not set counts over the same rows as the total, so those share one scan (GROUPING
 * SETS); a facet whose filter is set gets a scan without it.
 */
export async function findFacetCounts(
  db: Database,
  filters: ProductFilters,
  matchAll = true,
): Promise<FacetRow[]> {
  // The search's query is corrected once for every count.
  const withSearch = filters.search ? sql`WITH ${searchQuery(filters.search, matchAll)}` : sql``;
  const source = filters.search
    ? sql`FROM q CROSS JOIN products p JOIN categories c ON c.id = p.category_id`
    : fromListed;
  const searched = filters.search ? sql` AND p.search_document @@ q.words` : sql``;
  const facets = Object.keys(FACET_GROUPS) as FacetName[];
  const shared = facets.filter((facet) => !facetFilterSet(filters, facet));
  const own = facets.filter((facet) => facetFilterSet(filters, facet));

  // One scan for the total and the facets whose filter is not set.
  const sharedKey = sql.join(
    shared.map(
      (facet) => sql`WHEN GROUPING(${FACET_GROUPS[facet].group}) = 0 THEN ${FACET_GROUPS[facet].key}`,
    ),
    sql` `,
  );
  const sharedFacet = sql.join(
    shared.map((facet) => sql`WHEN GROUPING(${FACET_GROUPS[facet].group}) = 0 THEN ${sql.raw(`'${facet}'`)}`),
    sql` `,
  );
  const sets = sql.join([...shared.map((facet) => sql`(${FACET_GROUPS[facet].group})`), sql`()`], sql`, `);
  const parts: SQL[] = [
    sql`SELECT CASE ${sharedFacet} ELSE 'total' END AS facet,
               CASE ${sharedKey} ELSE '' END AS key,
               count(*)::int AS count
        ${source} WHERE ${conditions(filters)}${searched}
        GROUP BY GROUPING SETS (${sets})`,
  ];
  if (shared.length === 0) {
    parts[0] = sql`SELECT 'total' AS facet, '' AS key, count(*)::int AS count ${source}
      WHERE ${conditions(filters)}${searched}`;
  }
  for (const facet of own) {
    const { key, group, extra } = FACET_GROUPS[facet];
    parts.push(sql`SELECT ${sql.raw(`'${facet}'`)}, ${key}, count(*)::int ${source}
      WHERE ${conditions(filters, facet)}${searched}${extra ? sql` AND ${extra}` : sql``} GROUP BY ${group}`);
  }
  const result = await db.execute<FacetRow>(sql`${withSearch} ${sql.join(parts, sql` UNION ALL `)}`);
  // A shared country group without a country (NULL) is not a choice.
  return result.rows.filter((row) => !(row.facet === 'country' && row.key === null));
}

export async function findStats(db: Database) {
  const result = await db.execute<{
    product_count: number;
    featured_count: number;
    new_count: number;
    on_sale_count: number;
    category_count: number;
  }>(sql`
    SELECT (SELECT count(*)::int ${fromListed} WHERE p.listed AND c.is_active) AS product_count,
           (SELECT count(*)::int ${fromListed} WHERE p.listed AND c.is_active AND p.is_featured) AS featured_count,
           (SELECT count(*)::int ${fromListed}
              WHERE p.listed AND c.is_active AND ${isNewArrival}) AS new_count,
           (SELECT count(*)::int ${fromListed}
              WHERE p.listed AND c.is_active AND p.original_price > p.price) AS on_sale_count,
           (SELECT count(*)::int FROM categories WHERE is_active) AS category_count`);
  return result.rows[0]!;
}

export async function findCategories(db: Database): Promise<CategoryRow[]> {
  const result = await db.execute<CategoryRow>(sql`
    SELECT c.id, c.slug, c.name, c.description, c.image, c.sort_order,
           coalesce(n.count, 0)::int AS product_count
    FROM categories c
    LEFT JOIN (
      SELECT p.category_id, count(*) AS count FROM products p WHERE p.listed GROUP BY p.category_id
    ) n ON n.category_id = c.id
    WHERE c.is_active
    ORDER BY c.sort_order, c.name, c.id`);
  return result.rows;
}

export type ProductImageRow = {
  url: string;
  alt: string;
  media_hash: string | null;
  width: number | null;
  height: number | null;
  widths: number[] | null;
};

/** A product with its images, sizes and related products, read in one statement. */
export type ProductDetailRow = DetailRow & {
  images: ProductImageRow[];
  variants: VariantRow[];
  related: CardRow[];
};

/**
 * The related products of the product `t` (`t.id`, `t.category_id`, `t.price`): the
 * RELATED_PRODUCTS_LIMIT listed products of its category closest to it in price, ties by id.
 * Never a sort of the whole category (9–57 ms at 100,000 products): the closest are among the
 * first of each side of the price, two short scans of products_admin_category_price_idx
 * (category, price, id), which hold at most 2 × the limit rows to order.
 */
function relatedProducts(t: SQL): SQL {
  const side = (where: SQL, order: SQL) => sql`(
      SELECT ${cardColumns} ${fromListed}
      WHERE p.category_id = ${t}.category_id AND p.listed AND c.is_active AND p.id <> ${t}.id AND ${where}
      ORDER BY ${order}
      LIMIT ${RELATED_PRODUCTS_LIMIT})`;
  return sql`(
    SELECT coalesce(json_agg(r ORDER BY abs(r.price - ${t}.price), r.id), '[]'::json) FROM (
      SELECT * FROM (
        ${side(sql`p.price >= ${t}.price`, sql`p.price, p.id`)}
        UNION ALL
        ${side(sql`p.price < ${t}.price`, sql`p.price DESC, p.id`)}
      ) s
      ORDER BY abs(s.price - ${t}.price), s.id
      LIMIT ${RELATED_PRODUCTS_LIMIT}) r)`;
}

/**
 * A listed product by id or slug with its images (the drawings stand in only for a product without
 * photos), sizes and related products: one round trip, where it was a read and three more.
 */
export async function findProductDetail(
  db: Database,
  key: { id: number } | { slug: string },
): Promise<ProductDetailRow | undefined> {
  const match = 'id' in key ? sql`p.id = ${key.id}` : sql`p.slug = ${key.slug}`;
  const t = sql.raw('t');
  // Prepared: two shapes (by id, by slug), each planned once per pooled connection.
  const rows = await executePrepared<ProductDetailRow>(
    db,
    sql`
    SELECT ${cardColumns}, p.description, p.varietal, p.abv::float8 AS abv, p.tasting_notes,
           p.food_pairing, p.awards, p.category_id, p.created_at,
           (SELECT coalesce(json_agg(json_build_object('url', i.url, 'alt', i.alt, 'media_hash', i.media_hash,
                     'width', i.width, 'height', i.height, 'widths', i.widths)
                   ORDER BY ${photosFirst}, i.sort_order, i.id), '[]'::json)
              FROM product_images i
              WHERE i.product_id = p.id
                AND (i.url NOT LIKE '/media/gen/%' OR NOT EXISTS (
                  SELECT 1 FROM product_images j WHERE j.product_id = p.id AND j.url NOT LIKE '/media/gen/%'))
           ) AS images,
           (SELECT coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'name', v.name,
                     'volume_ml', v.volume_ml, 'pack_size', v.pack_size, 'price', v.price,
                     'original_price', v.original_price, 'stock', v.stock, 'is_default', v.is_default)
                   ORDER BY v.is_default DESC, v.sort_order, v.id), '[]'::json)
              FROM product_variants v WHERE v.product_id = p.id AND v.retired_at IS NULL
           ) AS variants,
           ${relatedProducts(t)} AS related
    ${fromListed}
    CROSS JOIN LATERAL (SELECT p.id, p.category_id, p.price) t
    WHERE ${match} AND p.listed AND c.is_active`,
  );
  return rows[0];
}

/** Every category (active or not) by id and slug, to resolve the list's `category` filter. */
export async function findCategoryIndex(db: Database) {
  const result = await db.execute<{ id: number; slug: string; is_active: boolean }>(
    sql`SELECT id, slug, is_active FROM categories`,
  );
  return result.rows;
}

/** The current slug of a listed product that used to answer to `slug` (renamed by staff). */
export async function findSlugRedirect(db: Database, slug: string): Promise<string | undefined> {
  const result = await db.execute<{ slug: string }>(sql`
    SELECT p.slug FROM product_slug_redirects r JOIN products p ON p.id = r.product_id
    WHERE r.slug = ${slug} AND p.listed`);
  return result.rows[0]?.slug;
}
