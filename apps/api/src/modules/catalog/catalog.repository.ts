import { type HamperContent, NEW_ARRIVAL_DAYS, type ProductType } from '@shop/contract/catalog';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/named-statement';

/**
 * The catalog's reads that the index (catalog-index.ts, the only read model of lists, searches,
 * facets, counts and related products) does not hold: a product's page, the categories, the
 * category and slug look-ups. Writes stay in PostgreSQL, the source of truth.
 */

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
  /** A hamper's parts (decision 0035), null for a plain size. */
  hamper_parts: HamperContent[] | null;
};

export type CategoryRow = {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  image: string | null;
  sort_order: number;
};

const newSince = sql`now() - make_interval(days => ${NEW_ARRIVAL_DAYS})`;
/** A New Arrival: added recently, or flagged by staff. */
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

/** The active categories in order; their product counts come from the index. */
export async function findCategories(db: Database): Promise<CategoryRow[]> {
  const result = await db.execute<CategoryRow>(sql`
    SELECT c.id, c.slug, c.name, c.description, c.image, c.sort_order
    FROM categories c
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

/** A product with its images and sizes, read in one statement (related products: the index). */
export type ProductDetailRow = DetailRow & {
  images: ProductImageRow[];
  variants: VariantRow[];
};

/**
 * A listed product by id or slug with its images (the drawings stand in only for a product without
 * photos) and sizes: one round trip.
 */
export async function findProductDetail(
  db: Database,
  key: { id: number } | { slug: string },
): Promise<ProductDetailRow | undefined> {
  const match = 'id' in key ? sql`p.id = ${key.id}` : sql`p.slug = ${key.slug}`;
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
                     'original_price', v.original_price, 'stock', v.stock, 'is_default', v.is_default,
                     'hamper_parts', (SELECT json_agg(json_build_object('quantity', h.quantity,
                         'product_name', hp.name, 'product_slug', hp.slug, 'variant_name', hv.name)
                       ORDER BY h.position, h.part_variant_id)
                       FROM hamper_parts h JOIN product_variants hv ON hv.id = h.part_variant_id
                       JOIN products hp ON hp.id = hv.product_id
                       WHERE h.hamper_variant_id = v.id))
                   ORDER BY v.is_default DESC, v.sort_order, v.id), '[]'::json)
              FROM product_variants v WHERE v.product_id = p.id AND v.retired_at IS NULL
           ) AS variants
    ${fromListed}
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
