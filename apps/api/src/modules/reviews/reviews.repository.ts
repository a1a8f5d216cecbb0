import type { AdminReviewFilter, ReviewOrdering } from '@shop/contract/reviews';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { productReviews, reviewHelpfulVotes, reviewReports } from '../../db/schema/engagement';
import type { Executor } from '../../db/transaction';

/**
 * The reviews' queries. A page of reviews is one query (author, verified purchase and the
 * caller's helpful mark joined in) plus its count; changes are scoped to the author's user id.
 * The product's average and count are the database's business (trigger reviews_changed).
 */

export type ReviewRow = {
  id: number;
  product: number;
  rating: number;
  title: string;
  body: string;
  author_name: string;
  verified_purchase: boolean;
  helpful_count: number;
  /** Raw SQL answers timestamps as PostgreSQL prints them. */
  created_at: string;
  updated_at: string;
  is_hidden: boolean;
  hidden_reason: string | null;
  is_own: boolean;
  voted_helpful: boolean;
  reported_by_me: boolean;
};

const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

/**
 * A review's columns for the viewer `viewerId` (null: nobody signed in). Verified purchase: the
 * author has a delivered order with the product (orders_user_created_idx, order_items_order_idx).
 */
function reviewColumns(viewerId: string | null) {
  const viewer = viewerId ?? NO_VIEWER;
  return sql`
    r.id, r.product_id AS product, r.rating, r.title, r.body, u.name AS author_name,
    EXISTS (
      SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.user_id = r.user_id AND o.status = 'delivered' AND i.product_id = r.product_id
    ) AS verified_purchase,
    r.helpful_count, r.created_at, r.updated_at, r.is_hidden, r.hidden_reason,
    (r.user_id = ${viewer}::uuid) AS is_own,
    (v.user_id IS NOT NULL) AS voted_helpful,
    EXISTS (SELECT 1 FROM review_reports rr WHERE rr.review_id = r.id AND rr.user_id = ${viewer}::uuid)
      AS reported_by_me
    FROM product_reviews r
    JOIN users u ON u.id = r.user_id
    LEFT JOIN review_helpful_votes v ON v.review_id = r.id AND v.user_id = ${viewer}::uuid`;
}

// NULLS LAST as in the indexes (product_reviews_newest_idx, _helpful_idx), so that a page is read
// from the index in order instead of sorting every review of the product (the columns are NOT NULL).
const ORDER_BY: Record<ReviewOrdering, ReturnType<typeof sql>> = {
  newest: sql`r.created_at DESC NULLS LAST, r.id DESC NULLS LAST`,
  helpful: sql`r.helpful_count DESC NULLS LAST, r.created_at DESC NULLS LAST, r.id DESC NULLS LAST`,
};

export async function listReviews(
  db: Executor,
  options: {
    productId: number;
    viewerId: string | null;
    includeHidden: boolean;
    ordering: ReviewOrdering;
    limit: number;
    offset: number;
  },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const visible = options.includeHidden ? sql`true` : sql`NOT r.is_hidden`;
  const [rows, count] = await Promise.all([
    db.execute<ReviewRow>(sql`
      SELECT ${reviewColumns(options.viewerId)}
      WHERE r.product_id = ${options.productId} AND ${visible}
      ORDER BY ${ORDER_BY[options.ordering]}
      LIMIT ${options.limit} OFFSET ${options.offset}`),
    // The visible reviews are counted by the trigger already (products.review_count); staff asking
    // for hidden ones too get a real count.
    options.includeHidden
      ? db.execute<{ count: number }>(sql`
          SELECT count(*)::int AS count FROM product_reviews r WHERE r.product_id = ${options.productId}`)
      : db.execute<{ count: number }>(
          sql`SELECT review_count AS count FROM products WHERE id = ${options.productId}`,
        ),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.count ?? 0 };
}

export async function findReview(db: Executor, id: number, viewerId: string | null) {
  const result = await db.execute<ReviewRow>(sql`SELECT ${reviewColumns(viewerId)} WHERE r.id = ${id}`);
  return result.rows[0];
}

export async function findReviewOf(db: Executor, userId: string, productId: number) {
  const result = await db.execute<ReviewRow>(sql`
    SELECT ${reviewColumns(userId)} WHERE r.user_id = ${userId}::uuid AND r.product_id = ${productId}`);
  return result.rows[0];
}

/** The product's figures, as the trigger keeps them, and its visible reviews by stars. */
export async function reviewSummary(db: Executor, productId: number) {
  const result = await db.execute<{
    average_rating: number;
    review_count: number;
    stars: Array<{ rating: number; count: number }> | null;
  }>(sql`
    SELECT p.average_rating::float8 AS average_rating, p.review_count,
           (SELECT json_agg(json_build_object('rating', s.rating, 'count', s.count))
              FROM (SELECT r.rating, count(*)::int AS count FROM product_reviews r
                    WHERE r.product_id = p.id AND NOT r.is_hidden GROUP BY r.rating) s) AS stars
    FROM products p WHERE p.id = ${productId}`);
  return result.rows[0];
}

/** Whether a product exists and is sold (listed, in an active category). */
export async function isReviewableProduct(db: Executor, productId: number): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    SELECT (p.listed AND c.is_active) AS ok FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.id = ${productId}`);
  return result.rows[0]?.ok === true;
}

/** Whether the customer has a delivered order with the product (the review policy's test). */
export async function hasDeliveredOrderOf(db: Executor, userId: string, productId: number): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.user_id = ${userId} AND o.status = 'delivered' AND i.product_id = ${productId}
    ) AS ok`);
  return result.rows[0]?.ok === true;
}

/** Whether the product exists at all (a withdrawn product still shows its reviews). */
export async function productExists(db: Executor, productId: number): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(
    sql`SELECT true AS ok FROM products WHERE id = ${productId}`,
  );
  return result.rows.length > 0;
}

/** Inserts the review; undefined when the author has one for the product already. */
export async function insertReview(
  db: Executor,
  values: { productId: number; userId: string; rating: number; title: string; body: string },
) {
  const [row] = await db.insert(productReviews).values(values).onConflictDoNothing().returning({
    id: productReviews.id,
  });
  return row;
}

/** Changes the author's own review; answers whether there was one. */
export async function updateOwnReview(
  db: Executor,
  userId: string,
  id: number,
  changes: { rating?: number; title?: string; body?: string },
): Promise<boolean> {
  const updated = await db
    .update(productReviews)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(productReviews.id, id), eq(productReviews.userId, userId)))
    .returning({ id: productReviews.id });
  return updated.length > 0;
}

export async function deleteOwnReview(db: Executor, userId: string, id: number): Promise<boolean> {
  const deleted = await db
    .delete(productReviews)
    .where(and(eq(productReviews.id, id), eq(productReviews.userId, userId)))
    .returning({ id: productReviews.id });
  return deleted.length > 0;
}

/** Staff: hides (with who and why) or shows a review; answers whether it exists. */
export async function setHidden(
  db: Executor,
  id: number,
  hidden: { by: string; reason: string | null } | null,
): Promise<boolean> {
  const updated = await db
    .update(productReviews)
    .set(
      hidden
        ? { isHidden: true, hiddenAt: new Date(), hiddenBy: hidden.by, hiddenReason: hidden.reason }
        : { isHidden: false, hiddenAt: null, hiddenBy: null, hiddenReason: null },
    )
    .where(eq(productReviews.id, id))
    .returning({ id: productReviews.id });
  return updated.length > 0;
}

/** The review's author and visibility, locked for a helpful mark. */
export async function lockReview(db: Executor, id: number) {
  const result = await db.execute<{ user_id: string; is_hidden: boolean }>(
    sql`SELECT user_id, is_hidden FROM product_reviews WHERE id = ${id} FOR NO KEY UPDATE`,
  );
  return result.rows[0];
}

/** Adds or removes the voter's helpful mark and keeps the review's count; answers the count. */
export async function setHelpful(db: Executor, reviewId: number, userId: string, helpful: boolean) {
  const changed = helpful
    ? await db
        .insert(reviewHelpfulVotes)
        .values({ reviewId, userId })
        .onConflictDoNothing()
        .returning({ reviewId: reviewHelpfulVotes.reviewId })
    : await db
        .delete(reviewHelpfulVotes)
        .where(and(eq(reviewHelpfulVotes.reviewId, reviewId), eq(reviewHelpfulVotes.userId, userId)))
        .returning({ reviewId: reviewHelpfulVotes.reviewId });
  const delta = changed.length === 0 ? 0 : helpful ? 1 : -1;
  const [row] = await db
    .update(productReviews)
    .set({ helpfulCount: sql`${productReviews.helpfulCount} + ${delta}` })
    .where(eq(productReviews.id, reviewId))
    .returning({ helpfulCount: productReviews.helpfulCount });
  return row?.helpfulCount ?? 0;
}

/** The review's moderation state, locked for a hide, unhide or report. */
export async function lockForModeration(db: Executor, id: number) {
  const result = await db.execute<{
    user_id: string;
    is_hidden: boolean;
    hidden_reason: string | null;
    title: string;
  }>(
    sql`SELECT user_id, is_hidden, hidden_reason, title FROM product_reviews WHERE id = ${id} FOR NO KEY UPDATE`,
  );
  return result.rows[0];
}

/** Records a customer's report; false when they have reported this review already. */
export async function insertReport(
  db: Executor,
  report: { reviewId: number; userId: string; reason: string; note: string | null },
): Promise<boolean> {
  const inserted = await db
    .insert(reviewReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ reviewId: reviewReports.reviewId });
  if (inserted.length === 0) return false;
  await db
    .update(productReviews)
    .set({ reportCount: sql`${productReviews.reportCount} + 1` })
    .where(eq(productReviews.id, report.reviewId));
  return true;
}

export type ModerationRow = {
  id: number;
  product_id: number;
  product_name: string;
  product_slug: string;
  rating: number;
  title: string;
  body: string;
  author_name: string;
  created_at: string;
  is_hidden: boolean;
  hidden_reason: string | null;
  hidden_at: string | null;
  report_count: number;
  reports: Array<{ reason: string; note: string | null; reporter_name: string; created_at: string }>;
};

// Each filter reads its own index in order (product_reviews_moderation_idx, _reported_idx, _hidden_idx).
const QUEUE: Record<AdminReviewFilter, { where: SQL; order: SQL }> = {
  all: {
    where: sql`true`,
    order: sql`((r.report_count > 0 AND NOT r.is_hidden)) DESC, r.created_at DESC, r.id DESC`,
  },
  reported: { where: sql`r.report_count > 0`, order: sql`r.created_at DESC, r.id DESC` },
  hidden: { where: sql`r.is_hidden`, order: sql`r.created_at DESC, r.id DESC` },
};

/** The moderation queue: a page of reviews with their product, author and latest reports. */
export async function moderationQueue(
  db: Executor,
  options: { filter: AdminReviewFilter; limit: number; offset: number },
): Promise<{ rows: ModerationRow[]; total: number }> {
  const queue = QUEUE[options.filter];
  const [rows, count] = await Promise.all([
    db.execute<ModerationRow>(sql`
      SELECT r.id, r.product_id, p.name AS product_name, p.slug AS product_slug, r.rating, r.title,
             r.body, u.name AS author_name, r.created_at, r.is_hidden, r.hidden_reason, r.hidden_at,
             r.report_count,
             COALESCE((SELECT json_agg(x ORDER BY x.created_at DESC) FROM (
                 SELECT rr.reason, rr.note, ru.name AS reporter_name, rr.created_at
                 FROM review_reports rr JOIN users ru ON ru.id = rr.user_id
                 WHERE rr.review_id = r.id ORDER BY rr.created_at DESC LIMIT 20) x), '[]'::json) AS reports
      FROM (SELECT * FROM product_reviews r WHERE ${queue.where} ORDER BY ${queue.order}
            LIMIT ${options.limit} OFFSET ${options.offset}) r
      JOIN products p ON p.id = r.product_id
      JOIN users u ON u.id = r.user_id
      ORDER BY ${queue.order}`),
    db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM product_reviews r WHERE ${queue.where}`,
    ),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.count ?? 0 };
}

/** Every review the customer wrote, hidden ones included (the copy of their data). */
export async function reviewsByAuthor(db: Executor, userId: string): Promise<ReviewRow[]> {
  const result = await db.execute<ReviewRow>(sql`
    SELECT ${reviewColumns(userId)} WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`);
  return result.rows;
}
