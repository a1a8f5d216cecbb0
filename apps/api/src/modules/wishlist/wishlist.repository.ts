import { MAX_WISHLIST_ITEMS } from '@shop/contract/wishlist';
import { and, eq, sql } from 'drizzle-orm';
import { wishlistItems } from '../../db/schema/engagement';
import type { Executor } from '../../db/transaction';

/**
 * The wishlist's queries. Every one is scoped to the owner's user id: an entry of someone else
 * is simply not found.
 */

export type WishlistRow = {
  id: number;
  product: number;
  variant: number | null;
  /** Raw SQL answers timestamps as PostgreSQL prints them. */
  created_at: string;
  product_name: string;
  product_slug: string;
  image: string | null;
  category_name: string;
  region: string | null;
  vintage: number | null;
  average_rating: number;
  review_count: number;
  /** The product is listed and its category active. */
  listed: boolean;
  /** The size shown: the saved one, else the product's default. Null when there is none. */
  shown_variant: number | null;
  variant_name: string | null;
  price: number | null;
  original_price: number | null;
  stock: number | null;
};

const itemColumns = sql`
  w.id, w.product_id AS product, w.variant_id AS variant, w.created_at,
  p.name AS product_name, p.slug AS product_slug, c.name AS category_name,
  p.region, p.vintage, p.average_rating::float8 AS average_rating, p.review_count,
  (p.listed AND c.is_active) AS listed,
  v.id AS shown_variant, v.name AS variant_name, v.price, v.original_price, v.stock,
  (SELECT i.url FROM product_images i WHERE i.product_id = p.id
   ORDER BY (i.url LIKE '/media/gen/%'), i.sort_order, i.id LIMIT 1) AS image
  FROM wishlist_items w
  JOIN products p ON p.id = w.product_id
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN product_variants v ON v.id = coalesce(w.variant_id, p.default_variant_id)`;

/** One page of the owner's entries, newest first, with the catalog's current figures. */
export async function listWishlist(
  db: Executor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: WishlistRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.execute<WishlistRow>(sql`
      SELECT ${itemColumns}
      WHERE w.user_id = ${userId}
      -- NULLS LAST as in wishlist_items_user_newest_idx, which then gives the order.
      ORDER BY w.created_at DESC NULLS LAST, w.id DESC NULLS LAST
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    countWishlist(db, userId),
  ]);
  return { rows: rows.rows, total };
}

/** One of the owner's entries with the catalog's current figures. */
export async function findWishlistItem(
  db: Executor,
  userId: string,
  id: number,
): Promise<WishlistRow | undefined> {
  const result = await db.execute<WishlistRow>(sql`
    SELECT ${itemColumns}
    WHERE w.user_id = ${userId} AND w.id = ${id}`);
  return result.rows[0];
}

export async function countWishlist(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM wishlist_items WHERE user_id = ${userId}`,
  );
  return result.rows[0]?.count ?? 0;
}

/** Every entry in brief (the wishlist holds at most MAX_WISHLIST_ITEMS), newest first. */
export async function wishlistEntries(db: Executor, userId: string) {
  return db
    .select({ id: wishlistItems.id, product: wishlistItems.productId, variant: wishlistItems.variantId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(sql`${wishlistItems.createdAt} desc nulls last, ${wishlistItems.id} desc nulls last`)
    .limit(MAX_WISHLIST_ITEMS);
}

export type SellableProduct = { id: number; listed: boolean; variantBelongs: boolean | null };

/** Whether the product is sold, and whether `variantId` (if given) is one of its sizes. */
export async function findSellableProduct(
  db: Executor,
  productId: number,
  variantId: number | null,
): Promise<SellableProduct | undefined> {
  const result = await db.execute<SellableProduct>(sql`
    SELECT p.id, (p.listed AND c.is_active) AS listed,
           CASE WHEN ${variantId}::int IS NULL THEN NULL
                ELSE EXISTS (SELECT 1 FROM product_variants v WHERE v.id = ${variantId}::int AND v.product_id = p.id)
           END AS "variantBelongs"
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.id = ${productId}`);
  return result.rows[0];
}

/**
 * Serialises the owner's adds (transaction-scoped advisory lock on the user), so that two adds
 * at once cannot both pass the size limit.
 */
export async function lockWishlist(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`wishlist:${userId}`}, 0))`);
}

export async function findEntry(db: Executor, userId: string, productId: number, variantId: number | null) {
  const [row] = await db
    .select()
    .from(wishlistItems)
    .where(
      and(
        eq(wishlistItems.userId, userId),
        eq(wishlistItems.productId, productId),
        variantId === null ? sql`${wishlistItems.variantId} is null` : eq(wishlistItems.variantId, variantId),
      ),
    )
    .limit(1);
  return row;
}

/** Inserts the entry unless it is there already; answers the new row, or undefined. */
export async function insertEntry(db: Executor, userId: string, productId: number, variantId: number | null) {
  const [row] = await db
    .insert(wishlistItems)
    .values({ userId, productId, variantId })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Deletes one of the owner's entries; answers whether there was one. */
export async function deleteEntry(db: Executor, userId: string, id: number): Promise<boolean> {
  const deleted = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId)))
    .returning({ id: wishlistItems.id });
  return deleted.length > 0;
}

/**
 * Moves a visitor's entries to the account they signed in to: the ones the account does not
 * have yet, newest first, up to the size limit (the rest would be over it). The visitor's rows
 * are removed. Answers how many were added.
 */
export async function moveEntries(tx: Executor, fromUserId: string, toUserId: string): Promise<number> {
  const moved = await tx.execute<{ id: number }>(sql`
    INSERT INTO wishlist_items (user_id, product_id, variant_id, created_at)
    SELECT ${toUserId}::uuid, a.product_id, a.variant_id, a.created_at
    FROM wishlist_items a
    WHERE a.user_id = ${fromUserId}::uuid
      AND NOT EXISTS (
        SELECT 1 FROM wishlist_items b
        WHERE b.user_id = ${toUserId}::uuid AND b.product_id = a.product_id
          AND b.variant_id IS NOT DISTINCT FROM a.variant_id
      )
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT greatest(0, ${MAX_WISHLIST_ITEMS} - (SELECT count(*) FROM wishlist_items WHERE user_id = ${toUserId}::uuid))
    ON CONFLICT DO NOTHING
    RETURNING id`);
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, fromUserId));
  return moved.rows.length;
}
